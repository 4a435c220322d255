import { afterAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";

describe("paymentsTestMode (the sites' 'test payments' banner)", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));
  const testMode = async (env: Parameters<typeof startTestApp>[0]) => {
    const app = await startTestApp(env);
    apps.push(app);
    const answer = await app.graphql<{ paymentsTestMode: boolean }>("{ paymentsTestMode }");
    return answer.data?.paymentsTestMode;
  };

  it("is true for anyone while the built-in sandbox takes the payments, in development and in production", async () => {
    expect(await testMode({ NODE_ENV: "development" })).toBe(true);
    expect(await testMode({ NODE_ENV: "production", PAYSTACK_SANDBOX: "true" })).toBe(true);
  });

  it("is false with a real Paystack key", async () => {
    expect(await testMode({ NODE_ENV: "production", PAYSTACK_SECRET_KEY: "sk_live_x" })).toBe(false);
  });
});
