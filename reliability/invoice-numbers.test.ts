import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerSession, type ProcessDatabase, processDatabase, verifiedLearners } from "#testing/process-database.ts";
import { type ApiProcess, startApiProcess } from "#testing/server.ts";
import { record } from "./lib/report.ts";

/**
 * Item 20.1: invoice numbers (docs/ARCHITECTURE.md, "Invoice numbers and PDFs") stay unique and gapless per year when
 * two API processes (the production bundle) on one PostgreSQL database create invoices at the same moment: 50
 * concurrent REST creations, alternated over the two, a fifth of them paid at once (settled in the same transaction).
 */

let database: ProcessDatabase;
const apis: ApiProcess[] = [];
const dataDirs: string[] = [];
let owner: string;
let learnerId: string;

beforeAll(async () => {
  database = await processDatabase();
  owner = await ownerSession(database.db);
  const [email] = await verifiedLearners(database.db, "Numbered", 1, "Unused-Password-1");
  learnerId = (await database.db.prisma.learner.findUniqueOrThrow({ where: { email: email as string } })).id;
  for (let i = 0; i < 2; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), "learnhub-numbers-"));
    dataDirs.push(dataDir);
    apis.push(await startApiProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir }));
  }
});

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("20.1 invoice numbers on two API processes", () => {
  it("50 concurrent creations get the numbers 1..50 of the year: no gap, no duplicate", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const api = apis[i % 2] as ApiProcess;
        const response = await fetch(`${api.url}/api/invoices`, {
          method: "POST",
          headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
          body: JSON.stringify({ learner: learnerId, amount: 10 + i, status: i % 5 === 0 ? "paid" : "pending", description: `Line ${i}` }),
        });
        return { status: response.status, body: (await response.json()) as { invoice?: { number?: string } } };
      }),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
    const numbers = created.map((a) => a.body.invoice?.number ?? "");
    const year = new Date().getUTCFullYear();
    const sequence = numbers.map((n) => Number(/^INV-(\d{4})-(\d{6})$/.exec(n)?.[2] ?? Number.NaN)).sort((a, b) => a - b);
    const distinct = new Set(numbers).size;
    const gaps = Array.from({ length: 50 }, (_, i) => i + 1).filter((n) => !sequence.includes(n)).length;
    const stored = await database.db.prisma.invoice.count({ where: { number: { startsWith: `INV-${year}-` } } });
    const counter = await database.db.prisma.invoiceCounter.findUnique({ where: { year } });
    const met = created.length === 50 && distinct === 50 && gaps === 0 && stored === 50 && counter?.last === 50;
    record({
      item: "20.1",
      check:
        "50 concurrent invoice creations (REST POST /api/invoices, a fifth paid at once) alternated over 2 API processes (bundle) on one PostgreSQL database",
      figure: `${created.length}/50 created (201); numbers INV-${year}-${String(sequence[0]).padStart(6, "0")}..${String(sequence.at(-1)).padStart(6, "0")}: ${distinct} distinct, ${gaps} missing of 1..50; ${stored} stored; year counter ${counter?.last}`,
      target: "all created; numbers exactly 1..50 of the year, each once",
      met,
    });
    expect(refused).toEqual([]);
    expect(created).toHaveLength(50);
    expect(sequence).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(counter?.last).toBe(50);
  });
});
