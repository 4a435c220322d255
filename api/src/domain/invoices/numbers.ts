import type { Prisma } from "../../db/client.ts";

/**
 * The next invoice number, `<prefix>-<year>-<000123>` (docs/ARCHITECTURE.md, "Invoice numbers and PDFs"), taken inside
 * the transaction that creates the invoice: every `invoice.create` passes it as `number`. The year's counter row stays
 * locked until that transaction ends, so concurrent creations (on any number of API instances) take turns, and a
 * transaction that rolls back gives its number back: numbers are unique and gapless per year. The rule itself is the
 * database function `next_invoice_number` (migration `invoice_numbers`), also the column's default for other writers.
 */
export async function nextInvoiceNumber(tx: Prisma.TransactionClient, now: Date = new Date()): Promise<string> {
  const [row] = await tx.$queryRaw<{ number: string }[]>`SELECT "next_invoice_number"(${now}::timestamptz) AS "number"`;
  if (!row) throw new Error("next_invoice_number returned no row");
  return row.number;
}
