import type { GraphQLResponse, RequestParameters } from "relay-runtime";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEnvironment, GraphQLResponseError } from "./environment.ts";

function operation(operationKind: "query" | "mutation", text: string): RequestParameters {
  return { cacheID: text, id: null, metadata: {}, name: "TestOperation", operationKind, text };
}

/** Runs one request through the environment's network layer and settles with its response or error. */
function send(params: RequestParameters, variables: Record<string, unknown>) {
  const network = createEnvironment("token").getNetwork();
  return new Promise<GraphQLResponse>((resolve, reject) => {
    network.execute(params, variables, {}).subscribe({ next: resolve, error: reject });
  });
}

const fetch = vi.fn<typeof globalThis.fetch>();

beforeEach(() => {
  localStorage.clear();
  fetch.mockReset().mockResolvedValue(Response.json({ data: { ok: true } }));
  vi.stubGlobal("fetch", fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe("relay network", () => {
  it("posts JSON to /graphql with the stored bearer token", async () => {
    localStorage.setItem("token", "secret");
    await send(operation("query", "query Q { ok }"), { first: 4 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/graphql");
    expect(init?.headers).toMatchObject({ authorization: "Bearer secret", "content-type": "application/json" });
    expect(JSON.parse(init?.body as string)).toEqual({ query: "query Q { ok }", variables: { first: 4 } });
  });

  it("sends no authorization header without a stored token", async () => {
    await send(operation("query", "query Q { ok }"), {});
    expect(fetch.mock.calls[0]![1]?.headers).not.toHaveProperty("authorization");
  });

  it("sends files as a GraphQL multipart request", async () => {
    const image = new File(["png"], "cover.png", { type: "image/png" });
    await send(operation("mutation", "mutation M($input: TrackInput!) { ok }"), { input: { name: "Cloud", image, gallery: [image] } });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ "x-graphql-yoga-csrf": "1" });
    expect(init.headers).not.toHaveProperty("content-type");
    const form = init.body as FormData;
    expect(JSON.parse(form.get("operations") as string)).toEqual({
      query: "mutation M($input: TrackInput!) { ok }",
      variables: { input: { name: "Cloud", image: null, gallery: [null] } },
    });
    expect(JSON.parse(form.get("map") as string)).toEqual({ "0": ["variables.input.image", "variables.input.gallery.0"] });
    expect((form.get("0") as File).name).toBe("cover.png");
  });

  it("fails a query whose response has GraphQL errors", async () => {
    fetch.mockResolvedValue(Response.json({ data: null, errors: [{ message: "Unexpected error." }] }));
    await expect(send(operation("query", "query Q { ok }"), {})).rejects.toBeInstanceOf(GraphQLResponseError);
  });

  it("hands mutation errors to Relay, which reports them to the caller", async () => {
    fetch.mockResolvedValue(Response.json({ data: { ok: null }, errors: [{ message: "Not allowed." }] }));
    await expect(send(operation("mutation", "mutation M { ok }"), {})).resolves.toMatchObject({ errors: [{ message: "Not allowed." }] });
  });
});
