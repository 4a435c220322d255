import { describe, expect, it } from "vitest";
import {
  adaId,
  adaToken,
  adminId,
  adminToken,
  app,
  call,
  expectCreated,
  expectRefusal,
  formOf,
  INVOICE_KEYS,
  keys,
  kofiId,
  kofiToken,
  NO_TOKEN,
  sorted,
  TRACK_FORM,
  UNKNOWN_ID,
  useSeededApp,
} from "#testing/rest.ts";

/** GET/POST /api/invoices, PUT/DELETE /api/invoices/{id} (rest/invoices/invoices.ts), against the demo data. */
useSeededApp();

describe("invoices", () => {
  it("GET /api/invoices is admin only: 10 a page, newest first, lower-case status, learner and track objects", async () => {
    expectRefusal(await call("GET", "/api/invoices"), 401, NO_TOKEN);
    expect((await call("GET", "/api/invoices", { token: adaToken })).status).toBe(403);

    const { prisma } = app.services.db;
    const total = await prisma.invoice.count();
    const res = await call("GET", "/api/invoices", { token: adminToken });
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(["invoices", "page", "total", "totalPages"]);
    expect(res.body).toMatchObject({ page: 1, total, totalPages: Math.ceil(total / 10) });
    expect(res.body.invoices).toHaveLength(10);
    const newest = await prisma.invoice.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 10 });
    expect(res.body.invoices.map((i: any) => i._id)).toEqual(newest.map((i) => i.id));
    for (const invoice of res.body.invoices) {
      expect(keys(invoice)).toEqual(sorted(INVOICE_KEYS));
      expect(["pending", "paid"]).toContain(invoice.status);
      expect(typeof invoice.amount).toBe("number");
      expect(keys(invoice.learner)).toEqual(["_id", "email", "firstName", "image", "lastName"]);
      expect(keys(invoice.track)).toEqual(["_id", "name"]);
      if (invoice.dueDate !== null) expect(invoice.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const last = Math.ceil(total / 10);
    const lastPage = await call("GET", `/api/invoices?page=${last}`, { token: adminToken });
    expect(lastPage.body.invoices).toHaveLength(total - (last - 1) * 10);
  });

  it("?search matches the learner's name", async () => {
    const { prisma } = app.services.db;
    const own = await prisma.invoice.count({ where: { learnerId: adaId } });
    const res = await call("GET", "/api/invoices?search=ada%20nwosu", { token: adminToken });
    expect(res.body.total).toBe(own);
    expect(own).toBeGreaterThan(0);
    for (const invoice of res.body.invoices) expect(invoice.learner).toMatchObject({ _id: adaId, firstName: "Ada", lastName: "Nwosu" });
    expect((await call("GET", "/api/invoices?search=zzzz", { token: adminToken })).body).toEqual({
      invoices: [],
      page: 1,
      totalPages: 1,
      total: 0,
    });
  });

  it("create (status in any case), update (due date kept unless set), delete", async () => {
    const before = await call("GET", "/api/learners?search=kofi", { token: adminToken });
    const paidBefore = before.body.learners[0].totalPaid as number;

    const created = await call("POST", "/api/invoices", {
      token: adminToken,
      body: { learner: kofiId, amount: 120.5, status: "Paid", dueDate: "2026-03-01", paymentDetails: "Bank transfer" },
    });
    const invoice = expectCreated(created, "invoice", "Invoice created successfully.", INVOICE_KEYS);
    expect(invoice).toMatchObject({
      learner: { _id: kofiId, firstName: "Kofi", lastName: "Boateng", image: null },
      track: null,
      amount: 120.5,
      dueDate: "2026-03-01",
      status: "paid",
      paymentDetails: "Bank transfer",
    });
    // Only paid invoices count toward the learner's total.
    const after = await call("GET", "/api/learners?search=kofi", { token: adminToken });
    expect(after.body.learners[0].totalPaid).toBeCloseTo(paidBefore + 120.5, 2);
    const paidTotal = after.body.learners[0].totalPaid as number;

    // A paid invoice is locked: its amount, learner and status stay, and it is not deleted (docs/ARCHITECTURE.md,
    // "Paid records are locked"); the edits and deletes below are of a pending invoice.
    const locked = "This invoice is paid: its amount, learner, track and status can't change. Record a refund instead.";
    const paidId = invoice._id;
    for (const body of [
      { learner: kofiId, amount: "75", status: "PENDING", dueDate: "", paymentDetails: "Mobile money" },
      { learner: adaId, amount: 120.5, status: "paid" },
      { learner: kofiId, amount: 0.01, status: "paid" },
    ]) {
      expectRefusal(await call("PUT", `/api/invoices/${paidId}`, { token: adminToken, body }), 409, locked);
    }
    const paidNotDeleted = "Paid invoices can't be deleted; they stay for the books. Record a refund instead.";
    expectRefusal(await call("DELETE", `/api/invoices/${paidId}`, { token: adminToken }), 409, paidNotDeleted);
    // Its words may change; the money stays.
    const noted = await call("PUT", `/api/invoices/${paidId}`, {
      token: adminToken,
      body: { learner: kofiId, amount: 120.5, status: "paid", paymentDetails: "Bank transfer, slip 7" },
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.invoice).toMatchObject({ amount: 120.5, status: "paid", paymentDetails: "Bank transfer, slip 7" });
    expect((await call("GET", "/api/learners?search=kofi", { token: adminToken })).body.learners[0].totalPaid).toBeCloseTo(paidTotal, 2);

    const pending = await call("POST", "/api/invoices", {
      token: adminToken,
      body: { learner: kofiId, amount: 120.5, status: "Pending", dueDate: "2026-03-01", paymentDetails: "Bank transfer" },
    });
    Object.assign(invoice, expectCreated(pending, "invoice", "Invoice created successfully.", INVOICE_KEYS));

    const updated = await call("PUT", `/api/invoices/${invoice._id}`, {
      token: adminToken,
      body: { learner: kofiId, amount: "75", status: "PENDING", dueDate: "", paymentDetails: "Mobile money" },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.message).toBe("Invoice updated successfully.");
    expect(updated.body.invoice).toMatchObject({
      _id: invoice._id,
      amount: 75,
      status: "pending",
      dueDate: "2026-03-01",
      paymentDetails: "Mobile money",
    });
    const redated = await call("PUT", `/api/invoices/${invoice._id}`, {
      token: adminToken,
      body: { learner: kofiId, amount: 75, status: "pending", dueDate: "2026-04-15" },
    });
    expect(redated.body.invoice).toMatchObject({ dueDate: "2026-04-15", paymentDetails: null });
    expect((await call("GET", "/api/learners?search=kofi", { token: adminToken })).body.learners[0].totalPaid).toBeCloseTo(paidTotal, 2);

    expectRefusal(
      await call("PUT", `/api/invoices/${UNKNOWN_ID}`, { token: adminToken, body: { learner: kofiId, amount: 1, status: "paid" } }),
      404,
      "Invoice not found.",
    );
    expectRefusal(
      await call("PUT", "/api/invoices/12", { token: adminToken, body: { learner: kofiId, amount: 1, status: "paid" } }),
      404,
      "Invoice not found.",
    );

    expectRefusal(await call("DELETE", `/api/invoices/${invoice._id}`), 401, NO_TOKEN);
    expect((await call("DELETE", `/api/invoices/${invoice._id}`, { token: kofiToken })).status).toBe(403);
    const deleted = await call("DELETE", `/api/invoices/${invoice._id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Invoice deleted successfully." });
    expectRefusal(await call("DELETE", `/api/invoices/${invoice._id}`, { token: adminToken }), 404, "Invoice not found.");
    expectRefusal(await call("DELETE", "/api/invoices/x", { token: adminToken }), 404, "Invoice not found.");
  });

  it("amounts are plain decimals: hex, exponents, padding, Infinity and trailing text are refused, in tracks and invoices", async () => {
    const { prisma } = app.services.db;
    const [tracks, invoices] = [await prisma.track.count(), await prisma.invoice.count()];
    const refused = ["0x10", "1e3", " 12 ", "Infinity", "12abc", "0b11", "1_000", "+12", "12.", ".5", "１２"];
    for (const price of refused) {
      const res = await call("POST", "/api/tracks", { token: adminToken, body: formOf({ ...TRACK_FORM, price }) });
      expect([price, res.status, res.body.message]).toEqual([price, 400, "Price must be a number of dollars, 0 or more."]);
      const invoice = await call("POST", "/api/invoices", {
        token: adminToken,
        body: { learner: adaId, amount: price, status: "pending" },
      });
      expect([price, invoice.status, invoice.body.message]).toEqual([price, 400, "Amount must be a number of dollars, 0 or more."]);
    }
    expect([await prisma.track.count(), await prisma.invoice.count()]).toEqual([tracks, invoices]);
    for (const [text, dollars] of [
      ["12", 12],
      ["12.5", 12.5],
      ["12.50", 12.5],
    ] as const) {
      const track = await call("POST", "/api/tracks", {
        token: adminToken,
        body: formOf({ ...TRACK_FORM, name: `Priced ${text}`, price: text }),
      });
      expect([text, track.status, track.body.track.price]).toEqual([text, 201, dollars]);
      const invoice = await call("POST", "/api/invoices", { token: adminToken, body: { learner: adaId, amount: text, status: "pending" } });
      expect([text, invoice.status, invoice.body.invoice.amount]).toEqual([text, 201, dollars]);
    }
  });

  it("validates with the invoice form's messages; learners cannot create", async () => {
    const { prisma } = app.services.db;
    const count = await prisma.invoice.count();
    const good = { learner: adaId, amount: 10, status: "pending" };
    expectRefusal(await call("POST", "/api/invoices", { body: good }), 401, NO_TOKEN);
    expect((await call("POST", "/api/invoices", { token: adaToken, body: good })).status).toBe(403);
    expect((await call("PUT", `/api/invoices/${UNKNOWN_ID}`, { token: adaToken, body: good })).status).toBe(403);

    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, learner: "" }, 400, "Learner is required."],
      [{ amount: 10, status: "paid" }, 400, "Learner is required."],
      [{ ...good, learner: "garbage" }, 400, "The selected learner does not exist."],
      [{ ...good, learner: UNKNOWN_ID }, 404, "The selected learner does not exist."],
      [{ ...good, learner: adminId }, 404, "The selected learner does not exist."],
      [{ ...good, amount: "" }, 400, "Amount is required."],
      [{ ...good, amount: null }, 400, "Amount is required."],
      [{ ...good, amount: "ten" }, 400, "Amount must be a number of dollars, 0 or more."],
      [{ ...good, amount: -5 }, 400, "Amount must be a number of dollars, 0 or more."],
      [{ ...good, amount: true }, 400, "Amount must be a number of dollars, 0 or more."],
      [{ ...good, status: "" }, 400, "Status is required."],
      [{ ...good, status: "bogus" }, 400, "Status must be pending or paid."],
      [{ ...good, status: "failed" }, 400, "Status must be pending or paid."],
      [{ ...good, dueDate: "31/01/2026" }, 400, "Due date must be a date like 2026-01-31."],
      [{ ...good, dueDate: "2026-02-30" }, 400, "Due date must be a date like 2026-01-31."],
      [{ ...good, learner: 42 }, 400, "learner must be an id."],
      [{ ...good, paymentDetails: ["x"] }, 400, "paymentDetails must be text."],
    ];
    for (const [body, status, message] of cases) {
      expectRefusal(await call("POST", "/api/invoices", { token: adminToken, body }), status, message);
    }
    expect(
      (await call("POST", "/api/invoices", { token: adminToken, body: "{oops", headers: { "content-type": "application/json" } })).status,
    ).toBe(400);
    expect(await prisma.invoice.count()).toBe(count);
  });

  it("an invoice is for a track or a described line (optional for REST clients); both, an unknown track or a long text are refused", async () => {
    const { prisma } = app.services.db;
    const track = await prisma.track.findFirstOrThrow({ orderBy: { name: "asc" } });
    const forTrack = await call("POST", "/api/invoices", {
      token: adminToken,
      body: { learner: adaId, amount: track.priceCents / 100, status: "pending", track: track.id },
    });
    expect(expectCreated(forTrack, "invoice", "Invoice created successfully.", INVOICE_KEYS)).toMatchObject({
      track: { _id: track.id, name: track.name },
      description: null,
    });
    const other = await call("POST", "/api/invoices", {
      token: adminToken,
      body: { learner: adaId, amount: 20, status: "pending", description: "Printed workbook" },
    });
    expect(other.body.invoice).toMatchObject({ track: null, description: "Printed workbook" });
    // Omitted on update: kept. Switched: the track cleared and a description given.
    const kept = await call("PUT", `/api/invoices/${forTrack.body.invoice._id}`, {
      token: adminToken,
      body: { learner: adaId, amount: 5, status: "pending" },
    });
    expect(kept.body.invoice).toMatchObject({ track: { _id: track.id }, description: null, amount: 5 });
    const switched = await call("PUT", `/api/invoices/${forTrack.body.invoice._id}`, {
      token: adminToken,
      body: { learner: adaId, amount: 5, status: "pending", track: null, description: "Exam fee" },
    });
    expect(switched.body.invoice).toMatchObject({ track: null, description: "Exam fee" });

    const count = await prisma.invoice.count();
    const good = { learner: adaId, amount: 10, status: "pending" };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, track: track.id, description: "Both" }, 400, "Choose a track or describe the line (Other), not both."],
      [{ ...good, track: UNKNOWN_ID }, 404, "The selected track does not exist."],
      [{ ...good, track: "garbage" }, 400, "The selected track does not exist."],
      [{ ...good, track: 7 }, 400, "track must be an id."],
      [{ ...good, description: "x".repeat(201) }, 400, "The description can be at most 200 characters."],
      [{ ...good, description: { a: 1 } }, 400, "description must be text."],
    ];
    for (const [body, status, message] of cases) {
      expectRefusal(await call("POST", "/api/invoices", { token: adminToken, body }), status, message);
    }
    expect(await prisma.invoice.count()).toBe(count);
  });

  it("POST /api/invoices/{id}/void cancels a pending invoice with a reason; paid ones are refused (409)", async () => {
    const { prisma } = app.services.db;
    const created = await call("POST", "/api/invoices", { token: adminToken, body: { learner: adaId, amount: 30, status: "pending" } });
    const id = created.body.invoice._id as string;
    expectRefusal(await call("POST", `/api/invoices/${id}/void`, { body: { reason: "x" } }), 401, NO_TOKEN);
    expect((await call("POST", `/api/invoices/${id}/void`, { token: adaToken, body: { reason: "x" } })).status).toBe(403);
    expectRefusal(
      await call("POST", `/api/invoices/${id}/void`, { token: adminToken, body: {} }),
      400,
      "Give a reason for voiding the invoice.",
    );
    expectRefusal(
      await call("POST", `/api/invoices/${id}/void`, { token: adminToken, body: { reason: "x".repeat(501) } }),
      400,
      "The reason can be at most 500 characters.",
    );
    expectRefusal(
      await call("POST", `/api/invoices/${id}/void`, { token: adminToken, body: { reason: ["x"] } }),
      400,
      "reason must be text.",
    );
    expectRefusal(
      await call("POST", `/api/invoices/${UNKNOWN_ID}/void`, { token: adminToken, body: { reason: "x" } }),
      404,
      "Invoice not found.",
    );
    expectRefusal(await call("POST", "/api/invoices/12/void", { token: adminToken, body: { reason: "x" } }), 404, "Invoice not found.");

    const voided = await call("POST", `/api/invoices/${id}/void`, { token: adminToken, body: { reason: "Sent twice" } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.message).toBe("Invoice voided successfully.");
    expect(voided.body.invoice).toMatchObject({ _id: id, status: "void", amount: 30 });
    expect(voided.body.data).toEqual(voided.body.invoice);
    expect(await prisma.auditEntry.count({ where: { entityId: id, action: "invoice.void" } })).toBe(1);
    expectRefusal(
      await call("POST", `/api/invoices/${id}/void`, { token: adminToken, body: { reason: "x" } }),
      409,
      "Only pending invoices can be voided.",
    );
    expectRefusal(
      await call("DELETE", `/api/invoices/${id}`, { token: adminToken }),
      409,
      "This invoice is void: it can't be changed or deleted.",
    );

    const paid = await prisma.invoice.findFirstOrThrow({ where: { status: "PAID" } });
    expectRefusal(
      await call("POST", `/api/invoices/${paid.id}/void`, { token: adminToken, body: { reason: "x" } }),
      409,
      "Paid invoices can't be voided. Record a refund instead.",
    );
    expect(await prisma.invoice.findUniqueOrThrow({ where: { id: paid.id } })).toEqual(paid);
  });

  it("DELETE /api/tracks/{id} archives a track with paid invoices instead: they keep their track", async () => {
    const { prisma } = app.services.db;
    const paid = await prisma.invoice.findFirstOrThrow({ where: { status: "PAID", trackId: { not: null } } });
    const trackId = paid.trackId as string;
    const answer = await call("DELETE", `/api/tracks/${trackId}`, { token: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ archived: true });
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: paid.id } })).trackId).toBe(trackId);
    await prisma.track.update({ where: { id: trackId }, data: { archivedAt: null } });
    expect(await prisma.track.findUnique({ where: { id: trackId } })).not.toBeNull();
  });
});
