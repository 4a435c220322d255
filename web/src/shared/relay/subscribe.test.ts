import type { GraphQLResponse, RequestParameters } from "relay-runtime";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEnvironment } from "./environment.ts";

const subscription: RequestParameters = {
  cacheID: "S",
  id: null,
  metadata: {},
  name: "PaymentStatusSubscription",
  operationKind: "subscription",
  text: "subscription S($reference: String!) { paymentStatus(reference: $reference) { status } }",
};

/** A response whose body arrives in the given chunks, like a Server-Sent Events stream. */
function streamed(chunks: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

function collect(variables: Record<string, unknown>) {
  const network = createEnvironment("learnerToken").getNetwork();
  const received: GraphQLResponse[] = [];
  return new Promise<GraphQLResponse[]>((resolve, reject) => {
    network.execute(subscription, variables, {}).subscribe({
      next: (response) => received.push(response),
      complete: () => resolve(received),
      error: reject,
    });
  });
}

const fetch = vi.fn<typeof globalThis.fetch>();

beforeEach(() => {
  localStorage.clear();
  fetch.mockReset();
  vi.stubGlobal("fetch", fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("relay network subscriptions", () => {
  it("posts the operation for an event stream with the bearer token and passes on each event until complete", async () => {
    localStorage.setItem("learnerToken", "secret");
    const pending = JSON.stringify({ data: { paymentStatus: { status: "PENDING" } } });
    const paid = JSON.stringify({ data: { paymentStatus: { status: "PAID" } } });
    // Events split across chunks, a keep-alive comment, CRLF line ends: the reader copes with each.
    fetch.mockResolvedValue(
      streamed([
        ":\n\n",
        `event: next\ndata: ${pending.slice(0, 20)}`,
        `${pending.slice(20)}\n\n`,
        `event: next\r\ndata: ${paid}\r\n\r\n`,
        "event: complete\ndata:\n\n",
      ]),
    );

    const events = await collect({ reference: "lh-1" });

    expect(events).toEqual([JSON.parse(pending), JSON.parse(paid)]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/graphql");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toMatchObject({ accept: "text/event-stream", authorization: "Bearer secret" });
    expect(JSON.parse(init?.body as string)).toEqual({ query: subscription.text, variables: { reference: "lh-1" } });
  });

  it("fails when the server refuses the subscription", async () => {
    fetch.mockResolvedValue(new Response("Not allowed", { status: 401 }));
    await expect(collect({ reference: "lh-1" })).rejects.toThrow("401");
  });

  it("fails on an event that only carries errors", async () => {
    fetch.mockResolvedValue(streamed([`event: next\ndata: ${JSON.stringify({ errors: [{ message: "Not authenticated." }] })}\n\n`]));
    await expect(collect({ reference: "lh-1" })).rejects.toThrow("Not authenticated.");
  });

  it("aborts the request when unsubscribed", async () => {
    let signal: AbortSignal | undefined;
    fetch.mockImplementation((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise(() => undefined);
    });
    const network = createEnvironment("learnerToken").getNetwork();
    const subscriptionHandle = network.execute(subscription, { reference: "lh-1" }, {}).subscribe({});
    subscriptionHandle.unsubscribe();
    expect(signal?.aborted).toBe(true);
  });
});
