import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import type { TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { type AppWithJobs, startTestAppWithJobs } from "#testing/jobs.ts";
import { signPaystackBody } from "../../paystack/signature.ts";
import { housekeeping } from "../housekeeping.ts";
import { LIMITS } from "../rate-limit.ts";
import { ABANDONED_DETAILS } from "./checkout.ts";
import { VERIFY_MESSAGES } from "./verify.ts";

/** The payment journey through HTTP, on both job backends: in-process, and BullMQ on a real redis-server. */
function paymentSuite(backend: "in-process" | "bullmq") {
  describe(`payments (${backend} jobs)`, () => {
    let app: TestApp;
    let jobs: AppWithJobs;

    beforeAll(async () => {
      jobs = await startTestAppWithJobs(backend, { prefix: "pay" });
      app = jobs.app;
    });
    afterAll(() => jobs.stop());

    const sandbox = (path: string, body?: unknown) =>
      app.fetch(`/paystack-sandbox${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${app.services.config.paystack.secretKey}`, "content-type": "application/json" },
        body: JSON.stringify(body ?? {}),
      });

    async function track(priceCents = 4999) {
      return createTrack(app, priceCents);
    }

    async function checkout(token: string, trackId: string) {
      const res = await app.fetch("/api/enrollments", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ track: trackId, contact: "+234 802 555 0101", gender: "Female", location: "Lagos" }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    }

    const verify = async (token: string, reference: string) => {
      const res = await app.fetch("/api/enrollments/verify-payment", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ reference }),
      });
      return { status: res.status, body: (await res.json()) as { success: boolean; message: string; status: string } };
    };

    async function counts(learnerId: string, trackId: string) {
      const { prisma } = app.services.db;
      const [enrollments, paid, invoices] = await Promise.all([
        prisma.enrollment.count({ where: { learnerId, trackId } }),
        prisma.invoice.count({ where: { learnerId, trackId, status: "PAID" } }),
        prisma.invoice.findMany({ where: { learnerId, trackId } }),
      ]);
      return { enrollments, paid, invoices };
    }

    /** The learner holds the track exactly once: one enrollment, one paid invoice. */
    async function expectSettledOnce(learnerId: string, trackId: string) {
      const c = await counts(learnerId, trackId);
      expect(c.enrollments).toBe(1);
      expect(c.paid).toBe(1);
    }

    /** Runs `run` with the sandbox's controls set as given, and resets them afterwards whatever happens. */
    async function withControls(controls: Record<string, unknown>, run: () => Promise<void>) {
      await sandbox("/__controls", controls);
      try {
        await run();
      } finally {
        await sandbox("/__controls/reset");
      }
    }

    /** Waits until the sandbox has delivered its webhooks and our jobs have run. */
    async function settle() {
      for (let i = 0; i < 200; i++) {
        const controls = (await (
          await app.fetch("/paystack-sandbox/__controls", {
            headers: { authorization: `Bearer ${app.services.config.paystack.secretKey}` },
          })
        ).json()) as {
          data: { pendingWebhooks: number };
        };
        if (controls.data.pendingWebhooks === 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await app.settleJobs();
      if (backend === "bullmq") {
        for (let i = 0; i < 200; i++) {
          const counts = await (app.services.queue as unknown as { queue: import("bullmq").Queue }).queue.getJobCounts(
            "active",
            "waiting",
            "delayed",
          );
          if (!counts.active && !counts.waiting && !counts.delayed) break;
          await new Promise((r) => setTimeout(r, 25));
        }
      }
      await app.settleJobs();
    }

    it("checkout creates a pending invoice and answers with the payment page", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track(4999);
      const { status, body } = await checkout(token, t.id);
      expect(status).toBe(200);
      expect(body.authorization_url).toMatch(/\/paystack-sandbox\/checkout\//);
      const { invoices } = await counts(learner.id, t.id);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({ status: "PENDING", amountCents: 4999, currency: "USD", reference: body.reference });
      const saved = await app.services.db.prisma.learner.findUniqueOrThrow({ where: { id: learner.id } });
      expect(saved).toMatchObject({ contact: "+234 802 555 0101", gender: "FEMALE", location: "Lagos" });
      const page = await (await fetch(body.authorization_url)).text();
      expect(page).toContain("49.99");
      expect(page).toContain(learner.email);
    });

    it("forty concurrent checkouts of one track make one pending invoice and one payment page; checkouts are rate-limited", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      const answers = await Promise.all(Array.from({ length: 40 }, () => checkout(token, t.id)));
      const ok = answers.filter((a) => a.status === 200);
      const limited = answers.filter((a) => a.status === 429);
      expect(ok.length + limited.length).toBe(40);
      expect(ok.length).toBe(LIMITS.checkoutPerLearner.max);
      expect(limited[0]?.body.message).toBe("Too many checkout attempts. Please wait a minute and try again.");
      expect(new Set(ok.map((a) => `${a.body.reference} ${a.body.authorization_url}`)).size).toBe(1);
      const { invoices } = await counts(learner.id, t.id);
      expect(invoices.map((i) => [i.status, i.reference])).toEqual([["PENDING", ok[0]?.body.reference]]);

      // Later (the limit's window over), the same open checkout comes back.
      await app.services.db.prisma.rateLimit.deleteMany({ where: { key: `checkout:learner:${learner.id}` } });
      const again = await checkout(token, t.id);
      expect([again.status, again.body.reference, again.body.authorization_url]).toEqual([
        200,
        ok[0]?.body.reference,
        ok[0]?.body.authorization_url,
      ]);
      expect((await counts(learner.id, t.id)).invoices).toHaveLength(1);
    });

    it("an open invoice without a kept payment page (made before pages were kept) is not waited on: a new checkout starts", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      const { prisma } = app.services.db;
      await prisma.invoice.create({
        data: {
          learnerId: learner.id,
          trackId: t.id,
          amountCents: t.priceCents,
          reference: `legacy-${learner.id}`,
          createdAt: new Date(Date.now() - 60_000),
        },
      });
      const started = Date.now();
      const answer = await checkout(token, t.id);
      expect(answer.status).toBe(200);
      expect(answer.body.reference).not.toBe(`legacy-${learner.id}`);
      expect(answer.body.authorization_url).toBeTruthy();
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it("a checkout whose payment page never came (the request starting it died) is taken over: a new one starts", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      const { prisma } = app.services.db;
      // Another instance made this invoice and died before keeping its payment page; its wait window is nearly over.
      const orphan = await prisma.invoice.create({
        data: {
          learnerId: learner.id,
          trackId: t.id,
          amountCents: t.priceCents,
          reference: `orphan-${learner.id}`,
          createdAt: new Date(Date.now() - 9_800),
        },
      });
      const answer = await checkout(token, t.id);
      expect(answer.status).toBe(200);
      expect(answer.body.reference).not.toBe(orphan.reference);
      expect(answer.body.authorization_url).toBeTruthy();
      // The orphan is left pending, to be abandoned with the other unpaid checkouts; nothing was marked failed.
      expect(await prisma.invoice.findUniqueOrThrow({ where: { id: orphan.id } })).toMatchObject({
        status: "PENDING",
        flaggedReason: null,
      });
    });

    /** A learner's card checkout, made older than the owner's checkoutAbandonHours (24 by default). */
    async function staleCheckout() {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      const first = await checkout(token, t.id);
      await app.services.db.prisma.invoice.updateMany({
        where: { reference: first.body.reference },
        data: { createdAt: new Date(Date.now() - 24 * 60 * 60_000 - 60_000) },
      });
      return { learner, token, t, first };
    }

    it("a checkout left unpaid past checkoutAbandonHours (24) is no longer payable; the next one starts afresh", async () => {
      const { learner, token, t, first } = await staleCheckout();
      const second = await checkout(token, t.id);
      expect(second.status).toBe(200);
      expect(second.body.reference).not.toBe(first.body.reference);
      const { invoices } = await counts(learner.id, t.id);
      const byReference = Object.fromEntries(invoices.map((i) => [i.reference, i]));
      expect(byReference[first.body.reference]).toMatchObject({
        status: "ABANDONED",
        flaggedReason: null,
        paymentDetails: ABANDONED_DETAILS,
      });
      expect(byReference[second.body.reference]).toMatchObject({ status: "PENDING" });
      expect((await verify(token, first.body.reference)).body).toMatchObject({
        success: false,
        status: "expired",
        message: VERIFY_MESSAGES.expired,
      });
    });

    it("housekeeping expires every learner's stale checkout and forgets expired rate-limit windows", async () => {
      const { learner, t } = await staleCheckout();
      const { prisma } = app.services.db;
      await prisma.rateLimit.create({ data: { key: `stale-${learner.id}`, count: 1, resetAt: new Date(Date.now() - 1000) } });
      const done = await housekeeping(app.services);
      expect(done.checkouts).toBeGreaterThanOrEqual(1);
      const { invoices } = await counts(learner.id, t.id);
      expect(invoices).toEqual([expect.objectContaining({ status: "ABANDONED", paymentDetails: ABANDONED_DETAILS })]);
      expect(await prisma.rateLimit.count({ where: { key: `stale-${learner.id}` } })).toBe(0);
    });

    it("webhook and verify racing settle once: one enrollment, one paid invoice, one receipt", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      const { body } = await checkout(token, t.id);
      await sandbox(`/__simulate/${body.reference}/pay`);
      const [v1, v2] = await Promise.all([verify(token, body.reference), verify(token, body.reference)]);
      await settle();
      expect(v1.body.success || v2.body.success).toBe(true);
      await expectSettledOnce(learner.id, t.id);
      expect(
        await app.services.db.prisma.outboxMail.count({ where: { to: learner.email, subject: { startsWith: "Payment received" } } }),
      ).toBe(1);
      // The receipt links to the learner site's portal (the installation's public URL), in the text and the HTML.
      const receipt = await app.services.db.prisma.outboxMail.findFirstOrThrow({
        where: { to: learner.email, subject: { startsWith: "Payment received" } },
      });
      const portal = `${app.services.config.publicUrl}/portal`;
      expect(receipt.text).toContain(`find it in your portal: ${portal}`);
      expect(receipt.html).toContain(`href="${portal}"`);
      expect((await verify(token, body.reference)).body).toMatchObject({ success: true, status: "paid" });
    });

    it("three duplicate webhooks enroll once", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      await withControls({ duplicateWebhooks: 3 }, async () => {
        const { body } = await checkout(token, t.id);
        await sandbox(`/__simulate/${body.reference}/pay`);
        await settle();
      });
      await expectSettledOnce(learner.id, t.id);
    });

    it("twenty concurrent verify calls for one reference enroll once", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      await withControls({ dropWebhooks: true }, async () => {
        const { body } = await checkout(token, t.id);
        await sandbox(`/__simulate/${body.reference}/pay`);
        const results = await Promise.all(Array.from({ length: 20 }, () => verify(token, body.reference)));
        expect(results.every((r) => r.status === 200)).toBe(true);
        expect(results.some((r) => r.body.success)).toBe(true);
      });
      await settle();
      await expectSettledOnce(learner.id, t.id);
    });

    it("decline: no enrollment and the invoice is failed", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      const { body } = await checkout(token, t.id);
      await sandbox(`/__simulate/${body.reference}/decline`);
      const v = await verify(token, body.reference);
      await settle();
      expect(v.body).toMatchObject({ success: false, status: "failed", message: "Payment Verification Failed" });
      const c = await counts(learner.id, t.id);
      expect(c.enrollments).toBe(0);
      expect(c.invoices[0]?.status).toBe("FAILED");
    });

    it("tampered amount: flagged with the reason, nobody enrolled", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track(4999);
      const { body } = await checkout(token, t.id);
      await withControls({ tamper: { reference: body.reference, amount: 100 } }, async () => {
        await sandbox(`/__simulate/${body.reference}/pay`);
        await settle();
        const v = await verify(token, body.reference);
        expect(v.body.success).toBe(false);
      });
      const c = await counts(learner.id, t.id);
      expect(c.enrollments).toBe(0);
      expect(c.invoices[0]?.status).toBe("FAILED");
      expect(c.invoices[0]?.flaggedReason).toMatch(/Paid USD 1\.00 but the invoice is USD 49\.99/);
    });

    it("a webhook with a bad signature is refused with 401 and changes nothing", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      const { body } = await checkout(token, t.id);
      const payload = JSON.stringify({
        event: "charge.success",
        data: { reference: body.reference, amount: 4999, currency: "USD", status: "success" },
      });
      for (const signature of ["0".repeat(128), signPaystackBody(payload, "sk_wrong_key"), ""]) {
        const res = await app.fetch("/api/payments/paystack/webhook", {
          method: "POST",
          headers: { "content-type": "application/json", "x-paystack-signature": signature },
          body: payload,
        });
        expect(res.status).toBe(401);
      }
      await settle();
      const c = await counts(learner.id, t.id);
      expect(c.enrollments).toBe(0);
      expect(c.invoices[0]?.status).toBe("PENDING");
    });

    it("a correctly signed webhook settles a paid reference", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track();
      await withControls({ dropWebhooks: true }, async () => {
        const { body } = await checkout(token, t.id);
        await sandbox(`/__simulate/${body.reference}/pay`);
        const payload = JSON.stringify({ event: "charge.success", data: { reference: body.reference } });
        const res = await app.fetch("/api/payments/paystack/webhook", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-paystack-signature": signPaystackBody(payload, app.services.config.paystack.secretKey),
          },
          body: payload,
        });
        expect(res.status).toBe(200);
      });
      await settle();
      expect((await counts(learner.id, t.id)).enrollments).toBe(1);
    });

    it("unknown and someone else's references answer success: false", async () => {
      const owner = await learnerWithToken(app);
      const other = await learnerWithToken(app);
      const t = await track();
      const { body } = await checkout(owner.token, t.id);
      await sandbox(`/__simulate/${body.reference}/pay`);
      expect((await verify(other.token, body.reference)).body).toMatchObject({ success: false, status: "not_found" });
      expect((await verify(other.token, "lh-no-such-ref")).body).toMatchObject({ success: false, status: "not_found" });
      await settle();
      expect((await counts(other.learner.id, t.id)).enrollments).toBe(0);
    });

    it("a free track enrolls at once without a payment", async () => {
      const { learner, token } = await learnerWithToken(app);
      const t = await track(0);
      const { status, body } = await checkout(token, t.id);
      expect(status).toBe(201);
      expect(body).toEqual({ message: "Successfully Enrolled!", enrolled: true });
      const c = await counts(learner.id, t.id);
      expect(c.enrollments).toBe(1);
      expect(c.invoices).toHaveLength(0);
      const again = await checkout(token, t.id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("You are already enrolled in this track.");
    });

    it("checkout refuses bad input with the form's messages and no 5xx", async () => {
      const { token } = await learnerWithToken(app);
      const t = await track();
      const post = (body: unknown, auth = true) =>
        app.fetch("/api/enrollments", {
          method: "POST",
          headers: { ...(auth ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const cases: [unknown, number, string][] = [
        [{ track: t.id, gender: "Female" }, 400, "Contact is required."],
        [{ track: t.id, contact: "+234 801" }, 400, "Please select your gender (Male or Female)."],
        [{ track: t.id, contact: "abc", gender: "Male" }, 400, "Please enter a valid phone number."],
        [{ contact: "+234 801", gender: "Male" }, 400, "No track specified."],
        [{ track: "not-a-uuid", contact: "+234 801", gender: "Male" }, 404, "Track not found."],
        [{ track: "00000000-0000-4000-8000-000000000000", contact: "+234 801", gender: "Male" }, 404, "Track not found."],
        [{ track: t.id, contact: "+234 801", gender: "Other" }, 400, "Gender must be Male or Female."],
      ];
      for (const [body, status, message] of cases) {
        const res = await post(body);
        expect({ status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({ status, message });
      }
      const anonymous = await post({ track: t.id, contact: "+234 801", gender: "Male" }, false);
      expect(anonymous.status).toBe(401);
    });
  });
}

paymentSuite("in-process");
paymentSuite("bullmq");
