import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { paystackSandbox } from "#testing/paystack.ts";
import { SETTINGS_MESSAGES } from "../../domain/settings/settings.ts";
import { coverImage } from "../../seed/images.ts";

/**
 * The business identity in the owner's settings (docs/ARCHITECTURE.md, "Business identity and prices"): saved with an
 * audit entry, every bad field refused with its message and nothing saved, the logo uploaded like track images, and
 * the public `businessProfile` (the learner footer) showing only public fields, fresh after a save.
 */

let app: TestApp;
let owner: string;

const SETTINGS = `query { businessSettings { businessName logo postalAddress taxNumber supportEmail footerContact invoicePrefix
  taxRatePercent taxInclusive offlinePaymentsEnabled offlineExpiryDays checkoutAbandonHours } }`;
const UPDATE = `mutation($input: BusinessSettingsInput!) { updateBusinessSettings(input: $input) {
  __typename
  ... on BusinessSettingsPayload { settings { businessName logo postalAddress taxNumber supportEmail footerContact invoicePrefix taxRatePercent taxInclusive } }
  ... on ValidationError { message fieldErrors { field message } }
} }`;
const PROFILE = "query { businessProfile { businessName logo supportEmail footerContact } }";

const BASE = { offlinePaymentsEnabled: false, offlineExpiryDays: 7, checkoutAbandonHours: 24 };

beforeAll(async () => {
  app = await startTestApp();
  owner = (await adminWithToken(app, "OWNER")).token;
});
afterAll(() => app.close());

const row = () => app.services.db.prisma.businessSettings.findUniqueOrThrow({ where: { id: 1 } });

describe("business identity settings", () => {
  it("saves the identity, keeps basis points, records an audit entry, and the public profile shows the new name at once", async () => {
    // The anonymous profile is answered once (and kept by the public cache) before the save.
    expect((await app.graphql(PROFILE)).data?.businessProfile.businessName).toBe("LearnHub");
    const saved = await app.graphql(
      UPDATE,
      {
        input: {
          ...BASE,
          businessName: "  Acme Academy  ",
          postalAddress: "12 Harbour Road\nAccra",
          taxNumber: "GH-0042",
          supportEmail: "help@acme.test",
          footerContact: "+233 20 000 0000\nAccra, Ghana",
          invoicePrefix: "ACME-1",
          taxRatePercent: 7.5,
          taxInclusive: false,
        },
      },
      owner,
    );
    expect(saved.data?.updateBusinessSettings).toEqual({
      __typename: "BusinessSettingsPayload",
      settings: {
        businessName: "Acme Academy",
        logo: null,
        postalAddress: "12 Harbour Road\nAccra",
        taxNumber: "GH-0042",
        supportEmail: "help@acme.test",
        footerContact: "+233 20 000 0000\nAccra, Ghana",
        invoicePrefix: "ACME-1",
        taxRatePercent: 7.5,
        taxInclusive: false,
      },
    });
    expect((await row()).taxRateBasisPoints).toBe(750);
    const audit = await app.services.db.prisma.auditEntry.findFirst({
      where: { action: "settings.update" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.changes).toMatchObject({ businessName: ["LearnHub", "Acme Academy"], taxRateBasisPoints: [0, 750] });
    // Public: name, logo, e-mail and footer lines only (no tax number, prefix or rates), fresh after the save.
    expect((await app.graphql(PROFILE)).data?.businessProfile).toEqual({
      businessName: "Acme Academy",
      logo: null,
      supportEmail: "help@acme.test",
      footerContact: "+233 20 000 0000\nAccra, Ghana",
    });
    expect((await app.graphql("query { businessProfile { taxNumber } }")).errors?.[0]?.message).toMatch(/Cannot query field "taxNumber"/);
    // The Paystack sandbox's checkout page names who is being paid.
    const sandbox = await paystackSandbox(app);
    const init = await sandbox.raw("/transaction/initialize", { method: "POST", body: JSON.stringify({ email: "a@b.test", amount: 100 }) });
    const checkout = await (await fetch(init.body.data.authorization_url)).text();
    expect(checkout).toContain("Paying <strong>Acme Academy</strong>");
    await sandbox.raw("/__controls/reset", { method: "POST", body: "{}" });
    // Omitted identity fields keep what is saved (a client that only sends the payment settings).
    await app.graphql(UPDATE, { input: { ...BASE, offlineExpiryDays: 9 } }, owner);
    expect(await row()).toMatchObject({
      businessName: "Acme Academy",
      invoicePrefix: "ACME-1",
      taxRateBasisPoints: 750,
      offlineExpiryDays: 9,
    });
  });

  it("refuses each bad field with its message and saves nothing", async () => {
    const before = await row();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ businessName: "   " }, "businessName", SETTINGS_MESSAGES.businessName],
      [{ businessName: "x".repeat(121) }, "businessName", SETTINGS_MESSAGES.businessNameTooLong],
      [{ supportEmail: "not an address" }, "supportEmail", SETTINGS_MESSAGES.supportEmail],
      [{ invoicePrefix: "INV 2026" }, "invoicePrefix", SETTINGS_MESSAGES.invoicePrefix],
      [{ invoicePrefix: "-INV" }, "invoicePrefix", SETTINGS_MESSAGES.invoicePrefix],
      [{ invoicePrefix: "ABCDEFGHIJKLM" }, "invoicePrefix", SETTINGS_MESSAGES.invoicePrefix],
      [{ taxRatePercent: 100.01 }, "taxRatePercent", SETTINGS_MESSAGES.taxRate],
      [{ taxRatePercent: -1 }, "taxRatePercent", SETTINGS_MESSAGES.taxRate],
      [{ taxRatePercent: 7.555 }, "taxRatePercent", SETTINGS_MESSAGES.taxRate],
      [{ postalAddress: "x".repeat(501) }, "postalAddress", SETTINGS_MESSAGES.postalAddressTooLong],
      [{ taxNumber: "x".repeat(51) }, "taxNumber", SETTINGS_MESSAGES.taxNumberTooLong],
      // Single-line settings take no control character: a business name goes into every mail's subject line.
      [{ businessName: "Acme\r\nBcc: victim@example.com" }, "businessName", SETTINGS_MESSAGES.businessNameCharacters],
      [{ businessName: "Acme\u0007" }, "businessName", SETTINGS_MESSAGES.businessNameCharacters],
      [{ businessName: "Acme\u202Eymeca" }, "businessName", SETTINGS_MESSAGES.businessNameCharacters],
      [{ taxNumber: "GH\n42" }, "taxNumber", SETTINGS_MESSAGES.taxNumberCharacters],
      // Texts of several lines keep their line breaks, but no other control character.
      [{ postalAddress: "12 Road\u0007" }, "postalAddress", SETTINGS_MESSAGES.textCharacters],
      [{ footerContact: "Call\u001b[31m" }, "footerContact", SETTINGS_MESSAGES.textCharacters],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await app.graphql(UPDATE, { input: { ...BASE, businessName: "Changed", ...fields } }, owner);
      expect(answer.data?.updateBusinessSettings.__typename, JSON.stringify(fields)).toBe("ValidationError");
      expect(answer.data?.updateBusinessSettings.fieldErrors).toContainEqual({ field, message });
    }
    expect(await row()).toEqual(before);
  });

  it("stores an uploaded logo like track images, refuses a file that is not an image, and removes it on request", async () => {
    const upload = async (file: Blob, name: string, input: Record<string, unknown> = {}) => {
      const form = new FormData();
      form.set("operations", JSON.stringify({ query: UPDATE, variables: { input: { ...BASE, ...input, logo: null } } }));
      form.set("map", JSON.stringify({ 0: ["variables.input.logo"] }));
      form.set("0", file, name);
      const res = await app.fetch("/graphql", {
        method: "POST",
        headers: { authorization: `Bearer ${owner}`, "x-graphql-yoga-csrf": "1" },
        body: form,
      });
      return (await res.json()) as { data?: any };
    };
    const bad = await upload(new Blob(["%PDF-1.4 not an image"], { type: "image/png" }), "logo.png", { businessName: "Not saved" });
    expect(bad.data?.updateBusinessSettings.fieldErrors).toEqual([{ field: "logo", message: "Image must be a JPEG, PNG or WebP file." }]);
    expect((await row()).businessName).not.toBe("Not saved");
    const good = await upload(
      new Blob([new Uint8Array(coverImage([10, 20, 30], [200, 100, 0], 40, 20))], { type: "image/png" }),
      "logo.png",
    );
    const logo = good.data?.updateBusinessSettings.settings.logo as string;
    expect(logo).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await app.fetch(logo);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const removed = await app.graphql(UPDATE, { input: { ...BASE, removeLogo: true } }, owner);
    expect(removed.data?.updateBusinessSettings.settings.logo).toBeNull();
    expect((await app.fetch(logo)).status).toBe(404);
  });

  it("is the owner's: other staff and learners are refused", async () => {
    const refused = async (token: string) => {
      const read = await app.graphql(SETTINGS, {}, token);
      const write = await app.graphql(UPDATE, { input: { ...BASE, businessName: "Hijacked" } }, token);
      return [read.data?.businessSettings ?? null, read.errors?.[0]?.message, write.data?.updateBusinessSettings];
    };
    for (const role of ["MANAGER", "FINANCE", "INSTRUCTOR"] as const) {
      const { token } = await adminWithToken(app, role);
      expect(await refused(token)).toEqual([null, expect.any(String), { __typename: "ForbiddenError" }]);
    }
    const { token } = await learnerWithToken(app);
    expect(await refused(token)).toEqual([null, expect.any(String), { __typename: "ForbiddenError" }]);
    expect((await row()).businessName).not.toBe("Hijacked");
  });

  it("holds the business currency: dollars by default, changed by the owner, re-labelling track prices; public in paymentOptions", async () => {
    const CURRENCY = "query { businessSettings { currency } paymentOptions { currency } }";
    expect((await app.graphql(CURRENCY, {}, owner)).data).toEqual({
      businessSettings: { currency: "USD" },
      paymentOptions: { currency: "USD" },
    });
    const track = await app.services.db.prisma.track.create({
      data: { name: "Naira track", priceCents: 15_000_000, duration: "12 weeks", instructor: "I", description: "D" },
    });
    const changed = await app.graphql(
      `mutation($input: BusinessSettingsInput!) { updateBusinessSettings(input: $input) { ... on BusinessSettingsPayload { settings { currency } } } }`,
      { input: { ...BASE, currency: "NGN" } },
      owner,
    );
    expect(changed.data?.updateBusinessSettings.settings.currency).toBe("NGN");
    expect((await app.graphql("query { paymentOptions { currency } }")).data?.paymentOptions.currency).toBe("NGN");
    const read = await app.graphql("query($id: ID!) { track(id: $id) { price currency priceMoney { formatted } } }", {
      id: Buffer.from(`Track:${track.id}`).toString("base64"),
    });
    expect(read.data?.track).toEqual({ price: 150_000, currency: "NGN", priceMoney: { formatted: "₦150,000.00" } });
    const bad = await app.graphql(UPDATE, { input: { ...BASE, currency: "EUR" } }, owner);
    expect(bad.errors?.[0]?.message).toMatch(/CurrencyCode/);
    await app.graphql(UPDATE, { input: { ...BASE, currency: "USD" } }, owner);
    expect((await row()).currency).toBe("USD");
  });
});
