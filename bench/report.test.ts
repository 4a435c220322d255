import { describe, expect, it } from "vitest";
import type { LoadResult, OpLoad, RunStats } from "./load.ts";
import { buildRows } from "./report.ts";

const stats = (rps: number, p50: number, p99: number): RunStats => ({ rps, p50, p99, errors: 0, requests: rps * 4 });

function signedInOp(paced?: OpLoad["paced"]): OpLoad {
  const ours = stats(600, 70, 95);
  const floor = stats(900, 50, 80);
  return {
    key: "learnerPortal",
    label: "learner portal",
    budget: "signedIn",
    ours,
    floor,
    ratio: 600 / 900,
    oursRssPeakMb: 220,
    jsonDifference: null,
    errorDetail: null,
    unloaded: { ours: 5, floor: 3 },
    response: { bytes: 2100, cacheControl: "no-store", contentEncoding: "br" },
    rounds: { ours: [ours], floor: [floor] },
    wire: stats(20_000, 2, 5),
    paced,
  };
}

const loadResult = (op: OpLoad): LoadResult => ({
  backend: "postgresql",
  options: { durationS: 4, rounds: 1, connections: 50, warmupS: 1, pgliteRounds: 1, rows: 1000, only: [] },
  version: "PostgreSQL 15",
  rowCounts: { Track: 1000 },
  ops: [op],
  serverRssPeakMb: 250,
  serverRssIdleMb: 200,
  floorRssPeakMb: 150,
  notes: [],
});

const rowFor = (op: OpLoad) => {
  const row = buildRows({ load: [loadResult(op)], sql: null, web: null, startup: null }).find((r) => r.measure === op.label);
  if (!row) throw new Error("no row for the operation");
  return row;
};

describe("bench report: signed-in rows", () => {
  it("print the paced round (offered rate, ours and the floor's latency) next to the closed-loop figures", () => {
    const row = rowFor(signedInOp({ rate: 540, ours: stats(538, 9, 31), floor: stats(540, 4, 12) }));
    expect(row.figure).toContain("paced at 540 req/s offered (60% of the floor's): ours 538 req/s, p50 9.0 ms, p99 31 ms; floor p99 12 ms");
    expect(row.result).toBe("met");
  });

  it("judge the budgets on the closed-loop rounds only: a good paced round does not mend a slow one", () => {
    const op = { ...signedInOp({ rate: 540, ours: stats(540, 9, 31), floor: stats(540, 4, 12) }), ours: stats(600, 70, 180) };
    const row = rowFor(op);
    expect(row.result).toBe("missed");
    expect(row.why).toBe("p99 180 ms");
  });

  it("leave the paced part out where there was no paced round", () => {
    expect(rowFor(signedInOp()).figure).not.toContain("paced");
  });
});
