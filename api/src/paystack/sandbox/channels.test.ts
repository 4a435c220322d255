import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { InitializeInput } from "../client.ts";
import type { PaystackChannel } from "../contract.ts";
import { isValidPaystackSignature } from "../signature.ts";
import { ManualScheduler, startSandbox, type TestSandbox } from "./testing.ts";

const SECRET = "sk_test_channels_suite";
const CALLBACK = "http://localhost:4000/payment-verification";

/**
 * The hosted checkout's channels (docs/payments.md, The sandbox), through HTTP as a browser and a client use them,
 * on a clock the test moves: a bank transfer confirmed 30 s after "I've sent the money" takes no 30 s here.
 */
describe("Paystack sandbox channels", () => {
  let sandbox: TestSandbox;
  let clock: ManualScheduler;

  beforeAll(async () => {
    clock = new ManualScheduler();
    sandbox = await startSandbox({ secretKey: SECRET, scheduler: clock });
  });

  afterEach(async () => {
    // Whatever a test left waiting completes, so its webhooks do not reach the next test.
    await clock.advance(3_600_000);
    await sandbox.webhooksSettled();
    await sandbox.call("POST", "/__controls/reset");
    sandbox.deliveries.length = 0;
  });

  afterAll(() => sandbox.app.close());

  const initialize = async (channels?: PaystackChannel[], overrides: Partial<InitializeInput> = {}) => {
    const input: InitializeInput = {
      email: "amaka@example.com",
      amount: 150_000,
      currency: "NGN",
      reference: `inv-${randomUUID()}`,
      callback_url: CALLBACK,
      metadata: { invoiceId: "inv_1" },
      ...(channels ? { channels } : {}),
      ...overrides,
    };
    const init = await sandbox.client.initialize(input);
    return { ...init, reference: input.reference };
  };

  const get = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, html: await response.text(), csp: response.headers.get("content-security-policy") };
  };

  const post = (url: string, fields: Record<string, string> = {}) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  const verified = async (reference: string) => (await sandbox.call("GET", `/transaction/verify/${reference}`)).body.data;

  const events = () => sandbox.deliveries.map((d) => JSON.parse(d.raw.toString("utf8")) as { event: string; data: Record<string, any> });

  /** The channel links of a page, in order, and the one marked current. */
  const channelLinks = (html: string) => {
    const links = [...html.matchAll(/<li><a href="[^"]*\?channel=([a-z_]+)"( aria-current="page")?>([^<]+)<\/a><\/li>/g)];
    return { channels: links.map((m) => m[1]), names: links.map((m) => m[3]), current: links.find((m) => m[2])?.[1] };
  };

  describe("the page", () => {
    it("offers every channel of the currency, card first and chosen, when initialize named none; the card's buttons are as before", async () => {
      const { authorization_url } = await initialize();
      const { status, html, csp } = await get(authorization_url);
      expect(status).toBe(200);
      expect(csp).toContain("default-src 'none'");
      expect(channelLinks(html)).toEqual({
        channels: ["card", "bank_transfer", "ussd", "qr", "bank", "apple_pay"],
        names: ["Card", "Bank transfer", "USSD", "QR code", "Bank", "Apple Pay"],
        current: "card",
      });
      expect(html).toContain('<nav class="channels" aria-label="Payment method">');
      expect(html).toContain('<h2 id="pay-with">Pay with card</h2>');
      expect(html).toMatch(/<form method="post" action="[^"]+\/pay"><button type="submit" class="pay">Pay<\/button><\/form>/);
      expect(html).toMatch(/<form method="post" action="[^"]+\/decline"><button type="submit" class="decline">Decline<\/button><\/form>/);
      expect(html).not.toMatch(/<script|<style|style=/i);
    });

    it("offers only the channels initialize named, in the page's order, the first one chosen", async () => {
      const { authorization_url } = await initialize(["ussd", "bank_transfer"]);
      const { html } = await get(authorization_url);
      expect(channelLinks(html)).toMatchObject({ channels: ["bank_transfer", "ussd"], current: "bank_transfer" });
      expect(html).not.toContain(">Pay</button>");
      // A channel it does not offer shows the first it does; a button for one is refused.
      expect(channelLinks((await get(`${authorization_url}?channel=card`)).html).current).toBe("bank_transfer");
      expect(channelLinks((await get(`${authorization_url}?channel=teleport`)).html).current).toBe("bank_transfer");
      const refused = await post(`${authorization_url}/pay`);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Payment method not offered");
      expect((await post(`${authorization_url}/mobile-money`, { phone: "0551234987", provider: "mtn" })).status).toBe(400);
    });

    it("never offers a channel the payment's currency does not support (common/payments.ts), named or not", async () => {
      const offered = async (channels: PaystackChannel[] | undefined, currency: InitializeInput["currency"]) =>
        channelLinks((await get((await initialize(channels, { currency })).authorization_url)).html).channels;
      // A page with one channel lists none: its heading says which.
      const single = async (channels: PaystackChannel[] | undefined, currency: InitializeInput["currency"]) =>
        (await get((await initialize(channels, { currency })).authorization_url)).html.match(/<h2 id="pay-with">([^<]+)</)?.[1];
      expect(await single(undefined, "USD")).toBe("Pay with card");
      expect(await single(["bank_transfer", "mobile_money", "card"], "USD")).toBe("Pay with card");
      // None of those named is supported: the card, which every currency has.
      expect(await single(["bank_transfer"], "USD")).toBe("Pay with card");
      expect(await offered(undefined, "GHS")).toEqual(["card", "mobile_money", "apple_pay"]);
      expect(await offered(["bank_transfer", "mobile_money", "card"], "KES")).toEqual(["card", "mobile_money"]);
      expect(await offered(undefined, "ZAR")).toEqual(["card", "qr", "eft", "apple_pay"]);
      const usd = await initialize(["bank_transfer", "card"], { currency: "USD" });
      expect((await post(`${usd.authorization_url}/transfer`)).status).toBe(400);
    });

    it("lists no channels when it offers one", async () => {
      const { authorization_url } = await initialize(["ussd"]);
      const { html } = await get(authorization_url);
      expect(html).not.toContain('class="channels"');
      expect(html).toContain('<h2 id="pay-with">Pay with USSD</h2>');
    });

    it("bank transfer: a one-time account, its bank and the amount, and I've sent the money", async () => {
      const { authorization_url } = await initialize(["card", "bank_transfer"]);
      const { html } = await get(`${authorization_url}?channel=bank_transfer`);
      expect(channelLinks(html).current).toBe("bank_transfer");
      expect(html).toContain('<h2 id="pay-with">Pay with bank transfer</h2>');
      expect(html).toMatch(/<dt>Bank<\/dt><dd>Test Bank<\/dd>/);
      expect(html).toMatch(/<dt>Account number<\/dt><dd class="account-number">\d{10}<\/dd>/);
      expect(html).toMatch(/<dt>Account name<\/dt><dd>TEST-MANAGED-ACCOUNT<\/dd>/);
      expect(html).toContain("Transfer exactly <strong>NGN 1,500.00</strong>");
      expect(html).toMatch(/<form method="post" action="[^"]+\/transfer"><button type="submit" class="pay">I've sent the money<\/button>/);
      expect(html).toContain("about 30 seconds later");
      // The account stays put across visits.
      const again = (await get(`${authorization_url}?channel=bank_transfer`)).html;
      expect(again.match(/account-number">(\d{10})/)?.[1]).toBe(html.match(/account-number">(\d{10})/)?.[1]);
    });

    it("USSD: the code to dial and its bank", async () => {
      const { authorization_url } = await initialize(["ussd", "card"]);
      const { html } = await get(`${authorization_url}?channel=ussd`);
      expect(html).toMatch(/<strong class="code">\*737\*000\*\d{4}#<\/strong>/);
      expect(html).toContain("Guaranty Trust Bank");
      expect(html).toMatch(/action="[^"]+\/ussd"><button type="submit" class="pay">I've dialled the code<\/button>/);
    });

    it("mobile money: a labelled phone number and the networks, M-Pesa first chosen for KES", async () => {
      const { authorization_url } = await initialize(["mobile_money"], { currency: "GHS" });
      const { html } = await get(authorization_url);
      expect(html).toContain('<label for="phone">Mobile money number</label>');
      expect(html).toMatch(
        /<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" required aria-describedby="phone-hint"/,
      );
      expect(html).toContain("<legend>Network</legend>");
      for (const provider of ["mtn", "vod", "atl", "mpesa"]) expect(html).toContain(`name="provider" value="${provider}"`);
      expect(html).toContain('value="mtn" checked');
      expect(html).toContain(">Pay GHS 1,500.00</button>");
      const kenya = await initialize(["mobile_money"], { currency: "KES" });
      expect((await get(kenya.authorization_url)).html).toContain('value="mpesa" checked');
    });

    it("QR: a QR code image with a name, and Pay and Decline that say the channel", async () => {
      const { authorization_url } = await initialize(["qr", "card"]);
      const { html } = await get(`${authorization_url}?channel=qr`);
      expect(html).toMatch(/<svg class="qr" role="img" aria-label="QR code for this payment"/);
      expect(html).toContain('<input type="hidden" name="channel" value="qr"><button type="submit" class="pay">Pay</button>');
      expect(html).not.toMatch(/<script|<style|style=/i);
    });
  });

  describe("bank transfer", () => {
    it("is pending after I've sent the money, sends the browser back, and succeeds after transferDelayMs with one signed webhook", async () => {
      const { authorization_url, reference } = await initialize(["bank_transfer", "card"]);
      const sentAt = clock.now().getTime();
      const sent = await post(`${authorization_url}/transfer`);
      expect(sent.status).toBe(303);
      expect(sent.headers.get("location")).toBe(`${CALLBACK}?trxref=${reference}&reference=${reference}`);

      expect(await verified(reference)).toMatchObject({
        status: "pending",
        channel: "bank_transfer",
        paid_at: null,
        gateway_response: null,
        authorization: {},
        log: { attempts: 1, success: false, history: [{ type: "action", message: "Attempted to pay with bank transfer" }] },
      });
      const waiting = (await get(authorization_url)).html;
      expect(waiting).toContain("We&#39;re confirming your transfer");
      expect(waiting).toMatch(/<p class="status pending" role="status">/);
      expect(waiting).not.toContain(">I've sent the money<");

      await clock.advance(29_999);
      expect((await verified(reference)).status).toBe("pending");
      expect((await sandbox.call("GET", "/__controls")).body.data.pendingWebhooks).toBe(1);
      expect(sandbox.deliveries).toHaveLength(0);

      await clock.advance(1);
      await sandbox.webhooksSettled();
      const data = await verified(reference);
      expect(data).toMatchObject({
        status: "success",
        channel: "bank_transfer",
        gateway_response: "Approved",
        amount: 150_000,
        currency: "NGN",
        authorization: { channel: "bank_transfer", card_type: "transfer", brand: "Managed Account", reusable: false, signature: null },
      });
      expect(Date.parse(data.paid_at) - sentAt).toBe(30_000);
      expect(sandbox.deliveries).toHaveLength(1);
      const [delivery] = sandbox.deliveries;
      expect(isValidPaystackSignature(delivery!.raw, delivery!.headers["x-paystack-signature"] as string, SECRET)).toBe(true);
      expect(events()[0]).toEqual({ event: "charge.success", data });
      expect((await get(authorization_url)).html).toContain("This payment was successful.");
    });

    it("honours the webhook plan: delayed, duplicated, or dropped", async () => {
      await sandbox.call("POST", "/__controls", { transferDelayMs: 1_000, webhookDelayMs: 5_000, duplicateWebhooks: 3 });
      const { authorization_url, reference } = await initialize(["bank_transfer"]);
      await post(`${authorization_url}/transfer`);
      await clock.advance(1_000);
      expect((await verified(reference)).status).toBe("success");
      expect(sandbox.deliveries).toHaveLength(0);
      await clock.advance(5_000);
      await sandbox.webhooksSettled();
      expect(sandbox.deliveries).toHaveLength(3);
      expect(new Set(sandbox.deliveries.map((d) => d.raw.toString())).size).toBe(1);

      sandbox.deliveries.length = 0;
      await sandbox.call("POST", "/__controls", { dropWebhooks: true });
      const dropped = await initialize(["bank_transfer"]);
      await post(`${dropped.authorization_url}/transfer`);
      await clock.advance(1_000);
      await sandbox.webhooksSettled();
      expect((await verified(dropped.reference)).status).toBe("success");
      expect(sandbox.deliveries).toHaveLength(0);
    });

    it("completes at once with transferDelayMs 0, and once only however often the button is pressed", async () => {
      await sandbox.call("POST", "/__controls", { transferDelayMs: 0 });
      const { authorization_url, reference } = await initialize();
      for (let i = 0; i < 3; i++) expect((await post(`${authorization_url}/transfer`)).status).toBe(303);
      await clock.advance(0);
      await sandbox.webhooksSettled();
      expect((await verified(reference)).status).toBe("success");
      expect(sandbox.deliveries).toHaveLength(1);
    });

    it("is completed now by a test control, which answers 409 for a payment not waiting", async () => {
      const { authorization_url, reference } = await initialize(["bank_transfer"]);
      await post(`${authorization_url}/transfer`);
      const done = await sandbox.call("POST", `/__simulate/${reference}/complete`);
      expect(done).toMatchObject({ status: 200, body: { status: true, data: { status: "success", channel: "bank_transfer" } } });
      await clock.advance(60_000);
      await sandbox.webhooksSettled();
      expect(sandbox.deliveries).toHaveLength(1);
      expect(await sandbox.call("POST", `/__simulate/${reference}/complete`)).toMatchObject({ status: 409, body: { status: false } });
      expect(await sandbox.call("POST", "/__simulate/inv-nope/complete")).toMatchObject({ status: 404 });
    });

    it("can be submitted by a test control without a browser; a pending transfer takes no card payment", async () => {
      const { reference, authorization_url } = await initialize(["bank_transfer", "card"]);
      const submitted = await sandbox.call("POST", `/__simulate/${reference}/submit`, { channel: "bank_transfer" });
      expect(submitted).toMatchObject({ status: 200, body: { data: { status: "pending", channel: "bank_transfer" } } });
      // The card's Pay on a payment pending by transfer changes nothing; it is still the transfer's.
      expect((await post(`${authorization_url}/pay`)).status).toBe(303);
      expect(await verified(reference)).toMatchObject({ status: "pending", channel: "bank_transfer" });
      // The Pay control completes it on its own channel, and the planned completion sends nothing more.
      expect(await sandbox.call("POST", `/__simulate/${reference}/pay`)).toMatchObject({
        status: 200,
        body: { data: { status: "success", channel: "bank_transfer" } },
      });
      await clock.advance(30_000);
      await sandbox.webhooksSettled();
      expect(sandbox.deliveries).toHaveLength(1);
      expect(await sandbox.call("POST", `/__simulate/${reference}/submit`, { channel: "ussd" })).toMatchObject({ status: 409 });
    });
  });

  describe("mobile money", () => {
    it("asks to approve on the phone, then succeeds after mobileMoneyDelayMs with the wallet in the authorization", async () => {
      const { authorization_url, reference } = await initialize(["mobile_money"], { currency: "GHS" });
      const submitted = await post(`${authorization_url}/mobile-money`, { provider: "mtn", phone: "055 123 4987" });
      expect(submitted.status).toBe(303);
      expect(submitted.headers.get("location")).toBe(new URL(authorization_url).pathname);
      const waiting = (await get(authorization_url)).html;
      expect(waiting).toContain('<h2 id="waiting">Approve the payment on your phone</h2>');
      expect(waiting).toContain("We sent a prompt to 0551234987 (MTN Mobile Money)");
      expect(waiting).toContain(`href="${CALLBACK}?trxref=${reference}&#38;reference=${reference}"`);
      expect(await verified(reference)).toMatchObject({ status: "pending", channel: "mobile_money" });

      await clock.advance(9_999);
      expect((await verified(reference)).status).toBe("pending");
      await clock.advance(1);
      await sandbox.webhooksSettled();
      expect(await verified(reference)).toMatchObject({
        status: "success",
        channel: "mobile_money",
        gateway_response: "Approved",
        currency: "GHS",
        authorization: {
          channel: "mobile_money",
          bin: "055XXX",
          last4: "X987",
          bank: "MTN Mobile Money",
          country_code: "GH",
          reusable: false,
        },
      });
      expect(events().map((e) => [e.event, e.data.reference, e.data.channel])).toEqual([["charge.success", reference, "mobile_money"]]);
    });

    it("fails when mobileMoneyOutcome says so: declined, no webhook", async () => {
      await sandbox.call("POST", "/__controls", { mobileMoneyOutcome: "failed", mobileMoneyDelayMs: 2_000 });
      const { authorization_url, reference } = await initialize(["mobile_money"], { currency: "KES" });
      expect((await get(authorization_url)).html).toContain("the customer refuses it about 2 seconds later");
      await post(`${authorization_url}/mobile-money`, { provider: "mpesa", phone: "+254 700 000 000" });
      await clock.advance(2_000);
      await sandbox.webhooksSettled();
      expect(await verified(reference)).toMatchObject({
        status: "failed",
        channel: "mobile_money",
        gateway_response: "Declined",
        paid_at: null,
        authorization: { bank: "M-PESA", country_code: "KE", reusable: false },
      });
      expect(sandbox.deliveries).toHaveLength(0);
      expect((await get(authorization_url)).html).toContain("This payment was declined.");
    });

    it("refuses a form without a valid number or network, saying why, and leaves the payment open", async () => {
      const { authorization_url, reference } = await initialize(["mobile_money"], { currency: "GHS" });
      const short = await post(`${authorization_url}/mobile-money`, { provider: "vod", phone: "05512" });
      expect(short.status).toBe(400);
      const html = await short.text();
      expect(html).toContain('<p id="phone-error" class="error" role="alert">Enter the wallet&#39;s phone number: 9 to 15 digits.</p>');
      expect(html).toContain('aria-describedby="phone-hint phone-error" aria-invalid="true" value="05512"');
      expect(html).toContain('value="vod" checked');
      const noNetwork = await post(`${authorization_url}/mobile-money`, { phone: "0551234987" });
      expect(noNetwork.status).toBe(400);
      expect(await noNetwork.text()).toContain("Choose the network of your mobile money wallet.");
      expect((await verified(reference)).status).toBe("ongoing");
      expect(await sandbox.call("POST", `/__simulate/${reference}/submit`, { channel: "mobile_money", phone: "1" })).toMatchObject({
        status: 400,
      });
    });
  });

  it("USSD: pending once dialled, back to the merchant, then successful after transferDelayMs", async () => {
    await sandbox.call("POST", "/__controls", { transferDelayMs: 15_000 });
    const { authorization_url, reference } = await initialize(["ussd"]);
    const dialled = await post(`${authorization_url}/ussd`);
    expect(dialled.headers.get("location")).toBe(`${CALLBACK}?trxref=${reference}&reference=${reference}`);
    expect(await verified(reference)).toMatchObject({ status: "pending", channel: "ussd" });
    expect((await get(authorization_url)).html).toContain("Waiting for your bank");
    await clock.advance(15_000);
    await sandbox.webhooksSettled();
    expect(await verified(reference)).toMatchObject({
      status: "success",
      channel: "ussd",
      gateway_response: "Payment successful",
      authorization: { channel: "ussd", card_type: "offline", bank: "Guaranty Trust Bank", reusable: false },
    });
    expect(sandbox.deliveries).toHaveLength(1);
  });

  it("QR, bank, EFT and Apple Pay settle at once like the card, under their own channel and never reusable", async () => {
    for (const channel of ["qr", "bank", "eft", "apple_pay"] as const) {
      // EFT is South Africa's; the others are offered in naira.
      const { authorization_url, reference } = await initialize([channel, "card"], channel === "eft" ? { currency: "ZAR" } : {});
      const paid = await post(`${authorization_url}/pay`, { channel });
      expect(paid.status).toBe(303);
      expect(await verified(reference)).toMatchObject({ status: "success", channel, authorization: { channel, reusable: false } });
    }
    const declined = await initialize(["qr"]);
    await post(`${declined.authorization_url}/decline`, { channel: "qr" });
    expect(await verified(declined.reference)).toMatchObject({ status: "failed", channel: "qr" });
    await sandbox.webhooksSettled();
    expect(events().map((e) => e.data.channel)).toEqual(["qr", "bank", "eft", "apple_pay"]);
  });

  it("a transaction initialized without channels is paid by card exactly as before", async () => {
    const { authorization_url, reference } = await initialize(undefined, { currency: "USD", amount: 4999 });
    const paid = await post(`${authorization_url}/pay`);
    expect(paid.status).toBe(303);
    await sandbox.webhooksSettled();
    expect(await verified(reference)).toMatchObject({
      status: "success",
      channel: "card",
      gateway_response: "Successful",
      authorization: { channel: "card", last4: "4081", reusable: true },
      log: {
        history: [
          { type: "action", message: "Attempted to pay with card" },
          { type: "success", message: "Successfully paid with card" },
        ],
      },
    });
    expect(sandbox.deliveries).toHaveLength(1);
  });
});
