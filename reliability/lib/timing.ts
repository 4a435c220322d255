import { median } from "./report.ts";

export interface PairedTiming {
  /** Milliseconds of each attempt of kind A and of kind B, in the order they ran. */
  a: number[];
  b: number[];
  /** Median of the paired differences (B - A). */
  gap: number;
  /** The same statistic between neighbouring attempts of kind A: the noise floor. */
  noise: number;
}

/**
 * Times `rounds` pairs of attempts, A and B neighbours in time and in alternating order, so that drift (other load on
 * the machine) cancels out. Each attempt resolves to its own elapsed milliseconds. Warm-up rounds are not counted.
 */
export async function pairedTiming(
  rounds: number,
  attemptA: (i: number) => Promise<number>,
  attemptB: (i: number) => Promise<number>,
  warmup = 3,
): Promise<PairedTiming> {
  for (let i = 0; i < warmup; i++) {
    await attemptA(-1 - i);
    await attemptB(-1 - i);
  }
  const a: number[] = [];
  const b: number[] = [];
  const differences: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let x: number;
    let y: number;
    if (i % 2 === 0) {
      x = await attemptA(i);
      y = await attemptB(i);
    } else {
      y = await attemptB(i);
      x = await attemptA(i);
    }
    a.push(x);
    b.push(y);
    differences.push(y - x);
  }
  const noise = Math.abs(median(a.slice(1).map((v, i) => v - (a[i] as number))));
  return { a, b, gap: median(differences), noise };
}
