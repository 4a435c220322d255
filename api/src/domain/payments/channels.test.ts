import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken, mailsTo } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { globalId } from "#testing/graphql.ts";
import { sandboxControl } from "#testing/paystack.ts";
import { CHECKOUT_MESSAGES, PAYMENT_CHANNEL_MESSAGES, PAYMENT_CHANNELS } from "../../../../common/payments.ts";
import { cardAfterOtherReason, settlePayment } from "./settle.ts";

/**
 * The owner's Paystack channels (docs/payments.md, Channels): a setting with all seven by default, at least one kept,
 * owner only; a checkout opens Paystack with those the invoice's currency supports, and the sandbox's page offers
 * just those.
 */
describe("payment channels", () => {
  let app: TestApp;
  let owner: string;
  beforeAll(async () => {
    app = await startTestApp();
    owner = (await adminWithToken(app, "OWNER")).token;
  });
  afterAll(() => app?.close());

  const REQUIRED = { offlinePaymentsEnabled: false, offlineExpiryDays: 7, checkoutAbandonHours: 24 };
  const save = (body: Record<string, unknown>, token = owner) =>
    rest(app, "PUT", "/api/settings", { token, body: { ...REQUIRED, ...body } });
  const saved = async () => (await app.services.db.prisma.businessSettings.findUniqueOrThrow({ where: { id: 1 } })).paymentChannels;

  /** The channels the sandbox's hosted page offers for a checkout: its links, or the one its heading names. */
  async function pageChannels(authorizationUrl: string) {
    const html = await (await fetch(authorizationUrl)).text();
    const links = [...html.matchAll(/\?channel=([a-z_]+)"/g)].map((m) => m[1]);
    return links.length > 0 ? links : [html.match(/<h2 id="pay-with">Pay with ([^<]+)</)?.[1]];
  }

  async function checkout(priceCents = 450_000, body: Record<string, unknown> = {}) {
    const { learner, token } = await learnerWithToken(app);
    const track = await createTrack(app, priceCents);
    const answer = await rest(app, "POST", "/api/enrollments", {
      token,
      body: { track: track.id, contact: "+234 803 000 1111", gender: "Female", ...body },
    });
    return { learner, answer };
  }

  it("a new install offers all seven channels; GET /api/settings and GraphQL say so; a dollar checkout still opens the card only", async () => {
    expect(await saved()).toEqual([...PAYMENT_CHANNELS]);
    const got = await rest(app, "GET", "/api/settings", { token: owner });
    expect(got.status).toBe(200);
    expect(got.body.settings.paymentChannels).toEqual([...PAYMENT_CHANNELS]);
    const gql = await app.graphql(`{ businessSettings { paymentChannels paymentChannelsByCurrency { currency channels } } }`, {}, owner);
    expect(gql.data.businessSettings.paymentChannels).toEqual(PAYMENT_CHANNELS.map((c) => c.toUpperCase()));
    expect(gql.data.businessSettings.paymentChannelsByCurrency).toContainEqual({ currency: "USD", channels: ["CARD"] });

    const { answer } = await checkout(4999);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await pageChannels(answer.body.authorization_url)).toEqual(["card"]);
  });

  it("refuses no channel or an unknown one with a 400 and changes nothing; only the owner may change them", async () => {
    const none = await save({ paymentChannels: [] });
    expect([none.status, none.body.message]).toEqual([400, PAYMENT_CHANNEL_MESSAGES.atLeastOne]);
    const unknown = await save({ paymentChannels: ["card", "teleport"] });
    expect([unknown.status, unknown.body.message]).toEqual([400, PAYMENT_CHANNEL_MESSAGES.unknown]);
    const notAList = await save({ paymentChannels: "card" });
    expect(notAList.status).toBe(400);
    const gql = await app.graphql(
      `mutation { updateBusinessSettings(input: { offlinePaymentsEnabled: false, offlineExpiryDays: 7, checkoutAbandonHours: 24, paymentChannels: [] }) {
        __typename ... on ValidationError { message } } }`,
      {},
      owner,
    );
    expect(gql.data.updateBusinessSettings).toEqual({ __typename: "ValidationError", message: PAYMENT_CHANNEL_MESSAGES.atLeastOne });
    for (const role of ["FINANCE", "MANAGER", "INSTRUCTOR"] as const) {
      const staff = (await adminWithToken(app, role)).token;
      expect((await save({ paymentChannels: ["card"] }, staff)).status).toBe(403);
    }
    const { token } = await learnerWithToken(app);
    expect((await save({ paymentChannels: ["card"] }, token)).status).toBe(403);
    expect(await saved()).toEqual([...PAYMENT_CHANNELS]);
  });

  it("a naira checkout opens Paystack with the owner's channels that naira supports, in Paystack's names", async () => {
    try {
      const put = await save({ currency: "NGN", paymentChannels: ["BANK_TRANSFER", "card", "mobile_money"] });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      // Kept in the settings' order, each once.
      expect(put.body.settings.paymentChannels).toEqual(["card", "mobile_money", "bank_transfer"]);
      const { answer } = await checkout();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.currency).toBe("NGN");
      // Mobile money is Ghana's and Kenya's: not offered in naira.
      expect(await pageChannels(answer.body.authorization_url)).toEqual(["card", "bank_transfer"]);
    } finally {
      await save({ currency: "USD", paymentChannels: [...PAYMENT_CHANNELS] });
    }
  });

  it("a checkout whose currency supports none of the owner's channels is refused (400) before anything is saved", async () => {
    try {
      expect((await save({ paymentChannels: ["bank_transfer"] })).status).toBe(200);
      const { learner, answer } = await checkout(4999, { contact: "+234 803 999 2222" });
      expect([answer.status, answer.body.message]).toEqual([400, CHECKOUT_MESSAGES.noChannel("USD")]);
      const after = await app.services.db.prisma.learner.findUniqueOrThrow({ where: { id: learner.id } });
      expect(after.contact).not.toBe("+234 803 999 2222");
      expect(await app.services.db.prisma.invoice.count({ where: { learnerId: learner.id } })).toBe(0);
    } finally {
      await save({ paymentChannels: [...PAYMENT_CHANNELS] });
    }
  });

  it("a naira bank transfer settles with its channel recorded: REST and GraphQL say so, paymentMethod stays CARD, the receipt says how", async () => {
    try {
      expect((await save({ currency: "NGN" })).status).toBe(200);
      const { learner, answer } = await checkout();
      const reference = answer.body.reference as string;
      const sandbox = (path: string, body: unknown) =>
        app.fetch(`/paystack-sandbox${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${app.services.config.paystack.secretKey}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      await sandbox("/__controls", { dropWebhooks: true });
      await sandbox(`/__simulate/${reference}/submit`, { channel: "bank_transfer" });
      // Pending: the channel is kept, so the learner's page can say it waits for the transfer.
      expect(await settlePayment(app.services, reference)).toBe("AWAITING_TRANSFER");
      await sandbox(`/__simulate/${reference}/complete`, {});
      expect(await settlePayment(app.services, reference)).toBe("PAID");
      await app.settleJobs();
      const invoice = await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { reference } });
      expect(invoice).toMatchObject({ status: "PAID", paymentMethod: "CARD", paymentChannel: "bank_transfer", currency: "NGN" });
      const listed = await rest(app, "GET", `/api/invoices?search=${invoice.number}`, { token: owner });
      expect(listed.body.invoices[0]).toMatchObject({ _id: invoice.id, paymentChannel: "bank_transfer", currency: "NGN" });
      const gql = await app.graphql(
        `query ($id: ID!) { node(id: $id) { ... on Invoice { paymentMethod paymentChannel } } }`,
        { id: globalId("Invoice", invoice.id) },
        owner,
      );
      expect(gql.data.node).toEqual({ paymentMethod: "CARD", paymentChannel: "BANK_TRANSFER" });
      const receipt = (await mailsTo(app, learner.email)).find((mail) => mail.subject.startsWith("Payment received"));
      expect(receipt?.text).toContain("by bank transfer (Paystack)");
    } finally {
      await sandboxControl(app, "/__controls/reset", {});
      await save({ currency: "USD" });
    }
  });

  it("finance confirming a transfer by hand is not Paystack's: the pending channel is cleared, and a Paystack transfer after it is flagged, never enrolled twice", async () => {
    try {
      expect((await save({ currency: "NGN" })).status).toBe(200);
      const { learner, answer } = await checkout();
      const reference = answer.body.reference as string;
      await sandboxControl(app, "/__controls", { dropWebhooks: true });
      await sandboxControl(app, `/__simulate/${reference}/submit`, { channel: "bank_transfer" });
      expect(await settlePayment(app.services, reference)).toBe("AWAITING_TRANSFER");
      const { prisma } = app.services.db;
      const pending = await prisma.invoice.findUniqueOrThrow({ where: { reference } });
      expect(pending.paymentChannel).toBe("bank_transfer");
      const finance = (await adminWithToken(app, "FINANCE")).token;
      const confirmed = await rest(app, "POST", `/api/invoices/${pending.id}/confirm`, {
        token: finance,
        body: { method: "bank_transfer", receivedOn: new Date().toISOString().slice(0, 10) },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(await prisma.invoice.findUniqueOrThrow({ where: { reference } })).toMatchObject({
        status: "PAID",
        paymentMethod: "BANK_TRANSFER",
        paymentChannel: null,
      });
      await sandboxControl(app, `/__simulate/${reference}/complete`, {});
      expect(await settlePayment(app.services, reference)).toBe("PAID");
      const after = await prisma.invoice.findUniqueOrThrow({ where: { reference } });
      expect(after.flaggedReason).toBe(cardAfterOtherReason("BANK_TRANSFER"));
      expect(await prisma.enrollment.count({ where: { learnerId: learner.id } })).toBe(1);
    } finally {
      await sandboxControl(app, "/__controls/reset", {});
      await save({ currency: "USD" });
    }
  });
});
