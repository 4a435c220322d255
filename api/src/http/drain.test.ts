import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { startTestApp } from "#testing/app.ts";
import { sandboxControl } from "#testing/paystack.ts";

/** GET over a kept-alive connection: status and Connection header. */
function keptAliveGet(url: string, agent: Agent, headers: Record<string, string>) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    request(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    })
      .on("error", reject)
      .end();
  });
}

describe("a graceful stop (SIGTERM) with work in progress", () => {
  it("answers the request in flight with Connection: close, ends live event streams and closes at once", async () => {
    const app = await startTestApp();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let closing: Promise<void> | undefined;
    try {
      // A payment page's live status, held open by the server until the payment settles.
      const { learner, token } = await learnerWithToken(app);
      const reference = `drain-${randomBytes(4).toString("hex")}`;
      await app.services.db.prisma.invoice.create({ data: { learnerId: learner.id, amountCents: 100, reference } });
      const stream = await app.fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: "subscription($r: String!) { paymentStatus(reference: $r) { status } }",
          variables: { r: reference },
        }),
      });
      const reader = stream.body?.getReader();
      // The stream may open with a keep-alive comment (":") before the first event.
      let received = "";
      const decoder = new TextDecoder();
      while (!received.includes("PENDING")) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        received += decoder.decode(chunk.value, { stream: true });
      }
      expect(received).toContain("PENDING");
      const streamEnd = (async () => {
        try {
          while (!(await reader?.read())?.done) {}
          return "ended";
        } catch {
          return "dropped";
        }
      })();

      // A request in progress on a kept-alive connection when the stop begins (the sandbox answers verify late).
      await sandboxControl(app, "/__controls", { verifyDelayMs: 600 });
      const authorization = `Bearer ${app.services.config.paystack.secretKey}`;
      await keptAliveGet(`${app.url}/healthz`, agent, {});
      const inFlight = keptAliveGet(`${app.url}/paystack-sandbox/transaction/verify/none`, agent, { authorization });
      await new Promise((resolve) => setTimeout(resolve, 150));
      const started = performance.now();
      closing = app.close();
      const answer = await inFlight;
      const closed = await Promise.race([closing.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 3000))]);

      // Answered (the sandbox's own "not found"), not refused with 503; the connection is not kept for more.
      expect(answer).toEqual({ status: 400, connection: "close" });
      // Without this the kept-alive connection (72 s) and the stream (until settled) held the stop.
      expect(closed).toBe(true);
      expect(performance.now() - started).toBeLessThan(3000);
      expect(["ended", "dropped"]).toContain(await Promise.race([streamEnd, new Promise((r) => setTimeout(() => r("open"), 1000))]));
    } finally {
      agent.destroy();
      if (!closing) await app.close();
      else await closing;
    }
  });
});
