import { formatMoney } from "../../../../../../../common/money.ts";

/**
 * The editor's preview of an instalment plan, by the schedule rule of docs/payments.md, "Instalments": part 1 is the
 * first amount (paid at checkout, today), the rest of the price is split evenly over the later parts, each
 * `floor(rest / (parts − 1))`, the last absorbing the rounding; part k falls due k − 1 weeks or months later (a month
 * after the 31st is the shorter month's last day). The saved plan's own schedule comes from the API
 * (`Track.instalmentPlan.schedule`); this only shows the terms being typed before they are saved.
 */
export interface PreviewPart {
  number: number;
  amount: string;
  dueOn: string;
}

export type Interval = "WEEKLY" | "MONTHLY";

/** The UTC day `k` intervals after `start`, YYYY-MM-DD. */
export function previewDueOn(start: Date, interval: Interval, k: number): string {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const d = start.getUTCDate();
  if (interval === "WEEKLY") return new Date(Date.UTC(y, m, d + 7 * k)).toISOString().slice(0, 10);
  const lastDay = new Date(Date.UTC(y, m + k + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m + k, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * The parts of a purchase today of a track priced `priceMinor` in `currency`, or null when the terms cannot be offered
 * (the first part 0, or not leaving each later part at least one minor unit).
 */
export function previewSchedule(
  terms: { parts: number; interval: Interval; firstMinor: number },
  priceMinor: number,
  currency: string,
  start = new Date(),
): PreviewPart[] | null {
  const { parts, interval, firstMinor } = terms;
  const rest = priceMinor - firstMinor;
  if (parts < 2 || firstMinor <= 0 || rest < parts - 1) return null;
  const each = Math.floor(rest / (parts - 1));
  return Array.from({ length: parts }, (_, i) => {
    const minor = i === 0 ? firstMinor : i === parts - 1 ? rest - each * (parts - 2) : each;
    return { number: i + 1, amount: formatMoney(minor, currency), dueOn: previewDueOn(start, interval, i) };
  });
}
