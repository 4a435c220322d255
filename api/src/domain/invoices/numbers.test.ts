import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import type { Actor } from "../staff/audit.ts";
import { createInvoice } from "./invoices.ts";
import { nextInvoiceNumber } from "./numbers.ts";

/**
 * Invoice numbers (docs/ARCHITECTURE.md, "Invoice numbers and PDFs"): `<prefix>-<year>-<000123>`, unique and gapless
 * per year under concurrency, a rolled-back creation gives its number back, and a number never changes. On PGlite, or
 * on PostgreSQL with TEST_DATABASE_URL (there the 50 creations run on the pool's connections at once).
 */

let app: TestApp;
let actor: Actor;
let learnerId: string;
const prisma = () => app.services.db.prisma;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  app = await startTestApp();
  actor = await adminActor(app);
  learnerId = (await learnerWithToken(app)).learner.id;
});
afterAll(() => app.close());

const lastOfYear = async (y = year) => (await prisma().invoiceCounter.findUnique({ where: { year: y } }))?.last ?? 0;
const seq = (number: string) => Number(number.split("-").at(-1));

describe("invoice numbers", () => {
  it("numbers 50 concurrent creations 1..50 after the last one, with no gap and no duplicate", async () => {
    const before = await lastOfYear();
    const invoices = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createInvoice(app.services, actor, {
          learnerId,
          amount: 10 + i,
          status: i % 5 === 0 ? "PAID" : "PENDING",
          description: `Line ${i}`,
        }),
      ),
    );
    const numbers = invoices.map((i) => i.number);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.map(seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
    expect(await lastOfYear()).toBe(before + 50);
  });

  it("gives the number back when the creation fails after taking it", async () => {
    const before = await lastOfYear();
    // The insert itself fails (the price parts' CHECK constraint) after the number was taken in the same transaction.
    const failed = prisma().$transaction(async (tx) =>
      tx.invoice.create({
        data: { number: await nextInvoiceNumber(tx), learnerId, amountCents: 100, subtotalCents: 100, discountCents: 500 },
      }),
    );
    await expect(failed).rejects.toThrow();
    expect(await lastOfYear()).toBe(before);
    const next = await createInvoice(app.services, actor, { learnerId, amount: 5, status: "PENDING", description: "After the failure" });
    expect(next.number).toBe(`INV-${year}-${String(before + 1).padStart(6, "0")}`);
  });

  it("uses the owner's prefix at the time of issue and starts each year at 1", async () => {
    await prisma().businessSettings.update({ where: { id: 1 }, data: { invoicePrefix: "ACME-EU" } });
    try {
      const before = await lastOfYear();
      const invoice = await createInvoice(app.services, actor, { learnerId, amount: 5, status: "PENDING", description: "Prefixed" });
      expect(invoice.number).toBe(`ACME-EU-${year}-${String(before + 1).padStart(6, "0")}`);
      const nextYear = await prisma().$transaction((tx) => nextInvoiceNumber(tx, new Date(Date.UTC(2031, 0, 1, 0, 0, 0))));
      expect(nextYear).toBe("ACME-EU-2031-000001");
    } finally {
      await prisma().businessSettings.update({ where: { id: 1 }, data: { invoicePrefix: "INV" } });
    }
  });

  it("numbers an invoice any other writer makes (the column's default) and never lets a number change", async () => {
    const before = await lastOfYear();
    const raw = await prisma().invoice.create({ data: { learnerId, amountCents: 700, description: "Written by a script" } });
    expect(raw.number).toBe(`INV-${year}-${String(before + 1).padStart(6, "0")}`);
    await expect(prisma().invoice.update({ where: { id: raw.id }, data: { number: `INV-${year}-999999` } })).rejects.toThrow(
      /an invoice number never changes/,
    );
    expect((await prisma().invoice.findUniqueOrThrow({ where: { id: raw.id } })).number).toBe(raw.number);
  });

  // PostgreSQL only: PGlite has one connection, which the holder below would take.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "creations queued behind a long-held year counter wait their turn for a connection instead of failing (pool of 2)",
    async () => {
      const small = await startTestApp({ DATABASE_POOL_MAX: "2" });
      try {
        const finance = await adminActor(small);
        const learner = (await learnerWithToken(small)).learner.id;
        const create = (i: number) => createInvoice(small.services, finance, { learnerId: learner, amount: 10 + i, status: "PENDING" });
        await create(0);
        // Another writer holds the year's counter for 3 s on one of the two connections; the first creation waits on
        // the row lock holding the other one, and the rest wait longer than Prisma's default 2 s for a connection.
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const holder = small.services.db.sql.withConnection(async (conn) => {
          await conn.query("BEGIN");
          await conn.query(`SELECT 1 FROM "InvoiceCounter" WHERE "year" = $1 FOR UPDATE`, [year]);
          await held;
          await conn.query("COMMIT");
        });
        const creations = Promise.allSettled(Array.from({ length: 6 }, (_, i) => create(i + 1)));
        await new Promise((resolve) => setTimeout(resolve, 3000));
        release();
        await holder;
        const outcomes = await creations;
        expect(outcomes.filter((o) => o.status === "rejected").map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
      } finally {
        await small.close();
      }
    },
  );
});
