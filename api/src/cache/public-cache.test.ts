import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, lastMailTo, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { rawRequest } from "#testing/http.ts";
import { testRedis } from "#testing/redis.ts";
import { createAppPubSub } from "../events/pubsub.ts";
import { createPublicCache } from "./public-cache.ts";

const CATALOGUE = "{ tracks(first: 20) { edges { node { id name } } } }";
const RENAME = `mutation($id: ID!, $name: String!) { updateTrack(id: $id, input: { name: $name, price: 10, duration: "1 week", instructor: "I", description: "D" }) { __typename } }`;

describe("public cache", () => {
  let app: TestApp;
  let admin: string;
  let trackId: string;
  let dbId: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminWithToken(app)).token;
    const track = await app.services.db.prisma.track.create({
      data: { name: "Original", priceCents: 1000, duration: "1 week", instructor: "I", description: "D" },
    });
    dbId = track.id;
    const { data } = await app.graphql(CATALOGUE);
    trackId = data.tracks.edges[0].node.id;
  });
  afterAll(() => app.close());

  const names = async (token?: string) =>
    ((await app.graphql(CATALOGUE, {}, token)).data?.tracks.edges ?? []).map((e: { node: { name: string } }) => e.node.name);

  it("answers a repeated anonymous query from memory, and signed-in queries from the database", async () => {
    await names();
    app.queries.length = 0;
    expect(await names()).toEqual(["Original"]);
    expect(app.queries).toEqual([]);

    const learner = await learnerWithToken(app);
    app.queries.length = 0;
    expect(await names(learner.token)).toEqual(["Original"]);
    expect(app.queries.length).toBeGreaterThan(0);
  });

  it("a write through the API clears it: the next anonymous answer has the change", async () => {
    await names();
    const result = await app.graphql(RENAME, { id: trackId, name: "Renamed" }, admin);
    expect(result.data.updateTrack.__typename).toBe("TrackPayload");
    expect(await names()).toEqual(["Renamed"]);
  });

  it("never keeps an invitation link's preview: once the link is used, the next look says it is invalid", async () => {
    const email = "invited-cache@example.com";
    const invite = await app.graphql(
      `mutation($input: InviteStaffInput!) { inviteStaff(input: $input) { __typename } }`,
      { input: { email, role: "FINANCE" } },
      admin,
    );
    expect(invite.data.inviteStaff.__typename).toBe("StaffInvitationPayload");
    const token = /invitation=([^\s&]+)/.exec((await lastMailTo(app, email)).text)?.[1] ?? "";
    const preview = async () =>
      (
        await app.graphql(
          `query($token: String!) { staffInvitation(token: $token) { __typename ... on StaffInvitationPreview { email } } }`,
          { token: decodeURIComponent(token) },
        )
      ).data.staffInvitation.__typename;
    expect(await preview()).toBe("StaffInvitationPreview");
    const signUp = await app.graphql(`mutation($input: SignUpInput!) { signUpAdmin(input: $input) { __typename } }`, {
      input: {
        firstName: "Bola",
        lastName: "Ade",
        email,
        contact: "+234 802 000 3333",
        password: "Fin@Staff2026",
        confirmPassword: "Fin@Staff2026",
        invitation: decodeURIComponent(token),
      },
    });
    expect(signUp.data.signUpAdmin.__typename).toBe("SignUpPayload");
    expect(await preview()).toBe("NotFoundError");
  });

  it("caches anonymous REST track reads and clears them on REST writes", async () => {
    const list = async () => (await (await app.fetch("/api/tracks")).json()).tracks.map((t: { name: string }) => t.name);
    await list();
    app.queries.length = 0;
    expect(await list()).toEqual(["Renamed"]);
    expect(app.queries).toEqual([]);
    const res = await app.fetch(`/api/tracks/${dbId}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
      body: JSON.stringify({ name: "Via REST", price: 10, duration: "1 week", instructor: "I", description: "D" }),
    });
    expect(res.status).toBe(200);
    expect(await list()).toEqual(["Via REST"]);
    const one = await app.fetch(`/api/tracks/${dbId}`);
    expect(one.headers.get("content-type")).toMatch(/application\/json/);
    expect((await one.json()).track.name).toBe("Via REST");
  });

  it("a repeated anonymous GraphQL query gets the same bytes and headers, without Yoga or SQL", async () => {
    const send = () =>
      app.fetch("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
        body: JSON.stringify({ query: CATALOGUE }),
      });
    const first = await send();
    const firstBody = await first.text();
    app.queries.length = 0;
    const again = await send();
    expect(await again.text()).toBe(firstBody);
    expect(app.queries).toEqual([]);
    for (const header of ["content-type", "etag"]) expect(again.headers.get(header)).toBe(first.headers.get(header));
    // An answer with errors is not kept: the next one runs again.
    const denied = { query: "{ dashboard { totalLearners { value } } }" };
    const post = () =>
      app.fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(denied) });
    expect((await (await post()).json()).errors).toBeDefined();
    expect((await post()).headers.get("etag")).toBeNull();
  });

  it("sends kept answers compressed to clients that accept it (Brotli, else gzip), and small ones as they are", async () => {
    await app.services.db.prisma.track.createMany({
      data: Array.from({ length: 10 }, (_, i) => ({
        name: `Long ${i}`,
        priceCents: 1000,
        duration: "1 week",
        instructor: "I",
        description: "A long description of what the track teaches. ".repeat(10),
      })),
    });
    app.services.publicCache.clear();
    const graphqlBody = JSON.stringify({ query: "{ tracks(first: 20) { edges { node { id name description } } } }" });
    const requests = [
      { path: "/api/tracks", method: "GET" },
      { path: "/graphql", method: "POST", body: graphqlBody },
    ];
    for (const { path, method, body } of requests) {
      // The first request fills the cache and is already compressed; the second is a hit.
      for (const round of ["miss", "hit"]) {
        const plain = await raw(path, method, body, "");
        expect(plain.encoding, `${path} ${round}`).toBeUndefined();
        expect(plain.vary).toMatch(/accept-encoding/i);
        for (const [accept, expected] of [
          ["gzip, deflate, br", "br"],
          ["gzip", "gzip"],
          ["br;q=0.5, gzip", "gzip"],
          ["identity", undefined],
        ] as const) {
          const answer = await raw(path, method, body, accept);
          expect(answer.encoding, `${path} ${round} ${accept}`).toBe(expected);
          expect(answer.status).toBe(200);
          const decoded =
            expected === "br" ? brotliDecompressSync(answer.body) : expected === "gzip" ? gunzipSync(answer.body) : answer.body;
          expect(decoded.equals(plain.body)).toBe(true);
          if (expected) expect(answer.body.length).toBeLessThan(plain.body.length / 3);
          expect(Number(answer.length)).toBe(answer.body.length);
        }
      }
    }
    // Below 1 kB compressing saves less than it costs.
    const small = await raw("/graphql", "POST", JSON.stringify({ query: CATALOGUE.replace("first: 20", "first: 1") }), "br");
    const again = await raw("/graphql", "POST", JSON.stringify({ query: CATALOGUE.replace("first: 20", "first: 1") }), "br");
    expect([small.encoding, again.encoding]).toEqual([undefined, undefined]);
  });

  /** The bytes as sent (fetch() would decompress them). */
  const raw = async (path: string, method: string, body: string | undefined, acceptEncoding: string) => {
    const headers: Record<string, string> = { "accept-encoding": acceptEncoding };
    if (body) headers["content-type"] = "application/json";
    const res = await rawRequest(`${app.url}${path}`, { method, headers, body });
    return {
      status: res.status,
      encoding: res.headers.get("content-encoding") ?? undefined,
      vary: res.headers.get("vary") ?? undefined,
      length: res.headers.get("content-length") ?? undefined,
      body: Buffer.from(await res.arrayBuffer()),
    };
  };

  it("never stores answers with errors, or answers to signed-in requests", async () => {
    const missing = await app.fetch("/api/tracks/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    app.queries.length = 0;
    expect((await app.fetch("/api/tracks/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(app.queries.length).toBeGreaterThan(0);
  });
});

describe("public cache across instances", () => {
  const twoInstances = async (redisUrl?: string) => {
    const buses = [createAppPubSub(redisUrl), createAppPubSub(redisUrl)];
    // Without Redis each bus is private to its instance; with it they are one channel.
    const caches = buses.map((bus) => createPublicCache(bus));
    const fill = async () => {
      for (const cache of caches) await cache.store.set("k", { data: { v: 1 } }, [], 10_000);
    };
    return {
      caches,
      fill,
      close: async () => Promise.all(caches.map((c) => c.close())).then(() => Promise.all(buses.map((b) => b.close()))),
    };
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
    return check();
  };

  it("a clear in one instance reaches the others through Redis", async () => {
    const redis = await testRedis();
    if (!redis) throw new Error("redis-server is required (apt-get install redis-server)");
    const { caches, fill, close } = await twoInstances(redis.url);
    try {
      await new Promise((r) => setTimeout(r, 200)); // subscriptions established
      await fill();
      caches[0]?.clear();
      expect(await caches[0]?.store.get("k")).toBeNull();
      expect(await until(async () => (await caches[1]?.store.get("k")) == null)).toBe(true);
    } finally {
      await close();
      await redis.stop();
    }
  });
});
