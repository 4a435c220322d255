import { describe, expect, it } from "vitest";
import { globalId, SEEDED, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Track (catalogue/track.ts)", () => {
  const s = seededApp();

  const LIST = "{ tracks(first: 10) { edges { node { id name courseCount averageRating courses { id title } } } } }";

  it("the catalogue is public: anyone, signed in or not, reads every track, newest first, with its courses", async () => {
    for (const token of [s.who.stranger, s.who.learner, s.who.instructor]) {
      const { data, errors } = await s.app.graphql(LIST, {}, token);
      expect(errors).toBeUndefined();
      const nodes = data.tracks.edges.map((e: { node: { name: string; courseCount: number; courses: unknown[] } }) => e.node);
      expect(nodes.map((n: { name: string }) => n.name)).toEqual(
        Array.from({ length: SEEDED.tracks }, (_, i) => `Track ${SEEDED.tracks - 1 - i}`),
      );
      for (const node of nodes) {
        expect(node.courseCount).toBe(SEEDED.coursesPerTrack);
        expect(node.courses).toHaveLength(SEEDED.coursesPerTrack);
      }
    }
  });

  it("the list with every track's courses and course count sends a fixed number of SQL statements", async () => {
    const { statements } = await statementsOf(s.app, LIST);
    expect(statements).toBe(1);
  });

  it("one track with its courses and related tracks: the related ones are the 4 newest others", async () => {
    const id = globalId("Track", s.seeded.trackIds[0] as string);
    const query = "query ($id: ID!) { track(id: $id) { name courseCount courses { title } relatedTracks { name courseCount } } }";
    const { result, statements } = await statementsOf(s.app, query, { id });
    expect(result.data.track.courses.map((c: { title: string }) => c.title)).toEqual(["Course 0.0", "Course 0.1", "Course 0.2"]);
    expect(result.data.track.relatedTracks.map((t: { name: string }) => t.name)).toEqual(["Track 5", "Track 4", "Track 3", "Track 2"]);
    expect(statements).toBe(2);
  });

  it("a well-formed id of no track is null, and so is a malformed one (not an error)", async () => {
    for (const id of [globalId("Track", "00000000-0000-4000-8000-000000000000"), globalId("Track", "nope")]) {
      const { data, errors } = await s.app.graphql("query ($id: ID!) { track(id: $id) { name } }", { id });
      expect(errors).toBeUndefined();
      expect(data.track).toBeNull();
    }
  });
});

describe("Track drafts and the catalogue's search and sort (catalogue/track.ts)", () => {
  const s = seededApp();
  const FIELDS = "id name status";
  const CREATE = `mutation ($input: TrackInput!) { createTrack(input: $input) { ... on TrackPayload { track { ${FIELDS} } } ... on Error { message } } }`;
  const PUBLISH = `mutation ($id: ID!) { publishTrack(id: $id) { ... on TrackPayload { track { ${FIELDS} } } ... on Error { message } } }`;
  const UNPUBLISH = `mutation ($id: ID!) { unpublishTrack(id: $id) { ... on TrackPayload { track { ${FIELDS} } } ... on Error { message } } }`;
  const ONE = `query ($id: ID!) { track(id: $id) { ${FIELDS} } }`;
  const NODE = `query ($id: ID!) { node(id: $id) { id ... on Track { name } } }`;
  const LIST = `query ($search: String, $sort: CatalogueSort) { tracks(first: 50, search: $search, sort: $sort) { edges { node { ${FIELDS} } } } }`;
  const input = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    price: 12,
    duration: "2 weeks",
    instructor: "Ada",
    description: "Draft material.",
    ...extra,
  });
  const names = async (token?: string, variables: Record<string, unknown> = {}) => {
    const { data, errors } = await s.app.graphql(LIST, variables, token);
    expect(errors).toBeUndefined();
    return data.tracks.edges.map((e: { node: { name: string } }) => e.node.name) as string[];
  };

  it("createTrack publishes at once unless a draft is asked for", async () => {
    const published = await s.app.graphql(CREATE, { input: input("Published at once") }, s.who.manager);
    expect(published.data.createTrack.track.status).toBe("PUBLISHED");
    const draft = await s.app.graphql(CREATE, { input: input("A draft", { status: "DRAFT" }) }, s.who.manager);
    expect(draft.data.createTrack.track.status).toBe("DRAFT");
    const audit = await s.app.services.db.prisma.auditEntry.findFirst({
      where: { entityId: globalIdRaw(draft.data.createTrack.track.id), action: "track.create" },
    });
    expect(audit).not.toBeNull();
  });

  it("a draft is invisible to anonymous callers and learners everywhere, also after an anonymous answer was kept, and seen by staff", async () => {
    const created = await s.app.graphql(CREATE, { input: input("Secret draft", { status: "DRAFT" }) }, s.who.owner);
    const id = created.data.createTrack.track.id as string;
    // Anonymous answers are kept in the public cache: read before and after the draft is there.
    for (const token of [s.who.stranger, s.who.learner, s.who.stranger]) {
      expect(await names(token)).not.toContain("Secret draft");
      expect(await names(token, { search: "secret" })).toEqual([]);
      const one = await s.app.graphql(ONE, { id }, token);
      expect(one.errors).toBeUndefined();
      expect(one.data.track).toBeNull();
      expect((await s.app.graphql(NODE, { id }, token)).data?.node ?? null).toBeNull();
    }
    for (const token of [s.who.owner, s.who.manager, s.who.finance, s.who.instructor]) {
      expect(await names(token)).toContain("Secret draft");
      expect((await s.app.graphql(ONE, { id }, token)).data.track).toMatchObject({ name: "Secret draft", status: "DRAFT" });
    }
    // Related tracks never suggest it.
    const related = await s.app.graphql(`query ($id: ID!) { track(id: $id) { relatedTracks { name } } }`, {
      id: globalId("Track", s.seeded.trackIds[0] as string),
    });
    expect(related.data.track.relatedTracks.map((t: { name: string }) => t.name)).not.toContain("Secret draft");
    // Publishing clears the kept anonymous answer: the next anonymous read lists it.
    const published = await s.app.graphql(PUBLISH, { id }, s.who.manager);
    expect(published.data.publishTrack.track.status).toBe("PUBLISHED");
    expect(await names(s.who.stranger)).toContain("Secret draft");
    expect((await s.app.graphql(ONE, { id })).data.track.name).toBe("Secret draft");
    // Unpublishing takes it away again, from the kept answer too.
    await s.app.graphql(UNPUBLISH, { id }, s.who.owner);
    expect(await names(s.who.stranger)).not.toContain("Secret draft");
    const actions = await s.app.services.db.prisma.auditEntry.findMany({ where: { entityId: globalIdRaw(id) }, select: { action: true } });
    expect(actions.map((a) => a.action).sort()).toEqual(["track.create", "track.publish", "track.unpublish"]);
  });

  it("only staff who edit the catalogue publish and unpublish; an unknown track is not found", async () => {
    const created = await s.app.graphql(CREATE, { input: input("Gatekept", { status: "DRAFT" }) }, s.who.owner);
    const id = created.data.createTrack.track.id as string;
    for (const token of [s.who.stranger, s.who.learner, s.who.finance, s.who.instructor, s.who.pending]) {
      const answer = await s.app.graphql(PUBLISH, { id }, token);
      expect(answer.data?.publishTrack?.message ?? answer.errors?.[0]?.message).toBeTruthy();
      expect(answer.data?.publishTrack?.track).toBeUndefined();
    }
    const track = await s.app.services.db.prisma.track.findUniqueOrThrow({ where: { id: globalIdRaw(id) } });
    expect(track.status).toBe("DRAFT");
    const missing = await s.app.graphql(PUBLISH, { id: globalId("Track", "00000000-0000-4000-8000-000000000000") }, s.who.owner);
    expect(missing.data.publishTrack.message).toBe("Track not found.");
  });

  it("a learner cannot check out a draft: it is not found, and nothing is saved", async () => {
    const created = await s.app.graphql(CREATE, { input: input("Unbuyable", { status: "DRAFT" }) }, s.who.owner);
    const id = created.data.createTrack.track.id as string;
    const before = await s.app.services.db.prisma.invoice.count();
    const answer = await s.app.graphql(
      `mutation ($input: CheckoutInput!) { checkout(input: $input) { __typename ... on Error { message } } }`,
      { input: { trackId: id, contact: "+234 801 000 0000", gender: "FEMALE", location: "Lagos" } },
      s.who.learner,
    );
    expect(answer.data?.checkout?.message ?? answer.errors?.[0]?.message).toMatch(/not found|Track/i);
    expect(await s.app.services.db.prisma.invoice.count()).toBe(before);
  });

  it("searches name and description, and sorts by price and rating", async () => {
    expect(await names(undefined, { search: "track 3 teaches" })).toEqual(["Track 3"]);
    const byPriceLow = await names(undefined, { search: "teaches", sort: "PRICE_LOW" });
    expect(byPriceLow).toEqual(["Track 0", "Track 1", "Track 2", "Track 3", "Track 4", "Track 5"]);
    expect(await names(undefined, { search: "teaches", sort: "PRICE_HIGH" })).toEqual([...byPriceLow].reverse());
    const { prisma } = s.app.services.db;
    await prisma.track.update({ where: { id: s.seeded.trackIds[2] as string }, data: { ratingCount: 2, ratingTotal: 9 } });
    await prisma.track.update({ where: { id: s.seeded.trackIds[4] as string }, data: { ratingCount: 1, ratingTotal: 3 } });
    s.app.services.publicCache.clear();
    const byRating = await names(undefined, { search: "teaches", sort: "RATING" });
    expect(byRating.slice(0, 2)).toEqual(["Track 2", "Track 4"]);
    expect(byRating).toHaveLength(6);
    const bad = await s.app.graphql(LIST, { sort: "CHEAPEST" });
    expect(bad.errors?.length).toBeGreaterThan(0);
  });
});

describe("A draft's preview link (catalogue/track.ts: trackPreviewLink, trackPreview)", () => {
  const s = seededApp();
  const CREATE = `mutation ($input: TrackInput!) { createTrack(input: $input) { ... on TrackPayload { track { id } } } }`;
  const LINK = `mutation ($id: ID!) { trackPreviewLink(id: $id) { __typename ... on TrackPreviewLinkPayload { url } ... on Error { message } } }`;
  const PUBLISH = `mutation ($id: ID!) { publishTrack(id: $id) { __typename } }`;
  const UNPUBLISH = `mutation ($id: ID!) { unpublishTrack(id: $id) { __typename } }`;
  // As the learner site's page asks: the curriculum and the lesson figures both select the courses (with different
  // filters), which Pothos then loads apart.
  const PREVIEW = `query ($id: ID!, $token: String!) { trackPreview(id: $id, token: $token) { name status lessonCount totalMinutes courses { title lessonList { title } } relatedTracks { name } } }`;
  const draft = async (name: string) =>
    (
      await s.app.graphql(
        CREATE,
        { input: { name, price: 12, duration: "2 weeks", instructor: "Ada", description: "Draft.", status: "DRAFT" } },
        s.who.owner,
      )
    ).data.createTrack.track.id as string;
  const link = async (id: string, token?: string) => (await s.app.graphql(LINK, { id }, token)).data?.trackPreviewLink;
  const tokenOf = (url: string) => new URL(url).searchParams.get("preview") as string;
  const preview = async (id: string, token: string, caller?: string) => {
    const answer = await s.app.graphql(PREVIEW, { id, token }, caller);
    expect(answer.errors).toBeUndefined();
    return answer.data.trackPreview;
  };

  it("only staff who edit the catalogue get the link: the learner site's track page with a 32-byte token, the same each time, audited", async () => {
    const id = await draft("Previewed");
    for (const caller of [s.who.stranger, s.who.learner, s.who.finance, s.who.instructor, s.who.pending]) {
      const answer = await s.app.graphql(LINK, { id }, caller);
      expect(answer.data?.trackPreviewLink?.url).toBeUndefined();
      expect(answer.data?.trackPreviewLink?.message ?? answer.errors?.[0]?.message).toBeTruthy();
    }
    const row = () => s.app.services.db.prisma.track.findUniqueOrThrow({ where: { id: globalIdRaw(id) } });
    expect((await row()).previewToken).toBeNull();
    const first = await link(id, s.who.owner);
    const url = new URL(first.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${s.app.services.config.publicUrl}/learner-track-details/${globalIdRaw(id)}`);
    expect(Buffer.from(tokenOf(first.url), "base64url")).toHaveLength(32);
    expect((await link(id, s.who.manager)).url).toBe(first.url);
    const audit = await s.app.services.db.prisma.auditEntry.findMany({
      where: { entityId: globalIdRaw(id), action: "track.preview-link" },
      orderBy: { createdAt: "asc" },
    });
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(tokenOf(first.url));
    expect(audit[0]?.changes).toEqual({ previewLink: [false, true] });
    // A published track needs none; an unknown one is not found.
    expect((await link(globalId("Track", s.seeded.trackIds[0] as string), s.who.owner)).__typename).toBe("ConflictError");
    expect((await link(globalId("Track", "00000000-0000-4000-8000-000000000000"), s.who.owner)).message).toBe("Track not found.");
  });

  it("the preview answers the draft to anyone with its token, and null for a wrong token, another track's, or after publishing", async () => {
    const id = await draft("Preview me");
    const other = await draft("Another draft");
    const token = tokenOf((await link(id, s.who.manager)).url);
    const otherToken = tokenOf((await link(other, s.who.manager)).url);
    for (const caller of [s.who.stranger, s.who.learner, s.who.finance]) {
      expect(await preview(id, token, caller)).toMatchObject({ name: "Preview me", status: "DRAFT", courses: [] });
    }
    // Still a draft everywhere else.
    expect((await s.app.graphql("query ($id: ID!) { track(id: $id) { name } }", { id })).data.track).toBeNull();
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const [trackId, given] of [
      [id, wrong],
      [id, otherToken],
      [other, token],
      [id, ""],
      [id, "x".repeat(10_000)],
      [globalId("Track", "00000000-0000-4000-8000-000000000000"), token],
      [globalId("Track", s.seeded.trackIds[0] as string), token],
    ] as const) {
      expect(await preview(trackId, given)).toBeNull();
    }
    // Publishing retires the link: the old token opens nothing, even once the track is a draft again.
    await s.app.graphql(PUBLISH, { id }, s.who.owner);
    expect(await preview(id, token)).toBeNull();
    await s.app.graphql(UNPUBLISH, { id }, s.who.owner);
    expect(await preview(id, token)).toBeNull();
    const fresh = tokenOf((await link(id, s.who.owner)).url);
    expect(fresh).not.toBe(token);
    expect((await preview(id, fresh)).name).toBe("Preview me");
  });

  it("is never kept in the public cache, under an alias too: each ask runs, so a retired token opens nothing at once", async () => {
    const id = await draft("Never kept");
    const token = tokenOf((await link(id, s.who.owner)).url);
    for (const query of [PREVIEW, `query ($id: ID!, $token: String!) { p: trackPreview(id: $id, token: $token) { name } }`]) {
      await s.app.graphql(query, { id, token });
      s.app.queries.length = 0;
      const again = await s.app.graphql(query, { id, token });
      expect(again.data.trackPreview ?? again.data.p).toMatchObject({ name: "Never kept" });
      expect(s.app.queries.length).toBeGreaterThan(0);
    }
    // The token changes behind the API's back (no write through it, so nothing clears the cache): the next ask sees it.
    await s.app.services.db.prisma.track.update({ where: { id: globalIdRaw(id) }, data: { previewToken: null } });
    expect(await preview(id, token)).toBeNull();
  });
});

/** The database id inside a global ID. */
function globalIdRaw(id: string): string {
  return Buffer.from(id, "base64").toString().split(":")[1] as string;
}

describe("Track prices in currencies (catalogue/track.ts, domain/catalogue/prices.ts)", () => {
  const s = seededApp();
  const PRICES = "priceMoney { amount minor currency formatted } prices { amount minor currency formatted }";
  const LIST = `{ tracks(first: 10) { edges { node { name price currency ${PRICES} courses { id } } } } }`;
  const SET = `mutation ($id: ID!, $input: TrackPriceInput!) {
    setTrackPrice(id: $id, input: $input) { ... on TrackPayload { track { ${PRICES} } } ... on Error { message } ... on ValidationError { fieldErrors { field message } } }
  }`;
  const REMOVE = `mutation ($id: ID!, $currency: CurrencyCode!) {
    removeTrackPrice(id: $id, currency: $currency) { ... on TrackPayload { track { prices { currency } } } ... on Error { message } }
  }`;

  it("staff who edit the catalogue set and remove prices in further currencies; the track lists every price, main first", async () => {
    const id = globalId("Track", s.seeded.trackIds[0] as string);
    const set = await s.app.graphql(SET, { id, input: { currency: "GHS", amount: 1200 } }, s.who.manager);
    expect(set.errors).toBeUndefined();
    expect(set.data.setTrackPrice.track).toEqual({
      priceMoney: { amount: 100, minor: 10_000, currency: "USD", formatted: "$100.00" },
      prices: [
        { amount: 100, minor: 10_000, currency: "USD", formatted: "$100.00" },
        { amount: 1200, minor: 120_000, currency: "GHS", formatted: "GH₵1,200.00" },
      ],
    });
    const main = await s.app.graphql(SET, { id, input: { currency: "USD", amount: 1 } }, s.who.owner);
    expect(main.data.setTrackPrice).toEqual({
      message: "USD is the business currency: change the track's main price instead.",
      fieldErrors: [{ field: "currency", message: "USD is the business currency: change the track's main price instead." }],
    });
    for (const token of [s.who.finance, s.who.instructor, s.who.learner]) {
      expect((await s.app.graphql(SET, { id, input: { currency: "NGN", amount: 1 } }, token)).data.setTrackPrice.message).toBe(
        "You are not allowed to do this.",
      );
    }
    const removed = await s.app.graphql(REMOVE, { id, currency: "GHS" }, s.who.owner);
    expect(removed.data.removeTrackPrice.track.prices).toEqual([{ currency: "USD" }]);
    expect((await s.app.graphql(REMOVE, { id, currency: "GHS" }, s.who.owner)).data.removeTrackPrice.message).toBe(
      "This track has no GHS price.",
    );
  });

  it("paymentOptions.currencies lists the business currency, then each currency a published active track has a price in", async () => {
    const CURRENCIES = "{ paymentOptions { currency currencies } }";
    const [first, second] = s.seeded.trackIds as [string, string];
    const prisma = s.app.services.db.prisma;
    await prisma.trackPrice.deleteMany({});
    expect((await s.app.graphql(CURRENCIES)).data.paymentOptions).toEqual({ currency: "USD", currencies: ["USD"] });
    await s.app.graphql(SET, { id: globalId("Track", first), input: { currency: "KES", amount: 15_000 } }, s.who.owner);
    await s.app.graphql(SET, { id: globalId("Track", second), input: { currency: "NGN", amount: 150_000 } }, s.who.owner);
    // Anonymous, after writes through the API (which clear the public cache): ordered as CURRENCY_CODES, no duplicates.
    expect((await s.app.graphql(CURRENCIES)).data.paymentOptions.currencies).toEqual(["USD", "NGN", "KES"]);
    // A draft's or an archived track's prices are not on sale.
    await prisma.track.update({ where: { id: second }, data: { status: "DRAFT" } });
    await prisma.track.update({ where: { id: first }, data: { archivedAt: new Date() } });
    s.app.services.publicCache.clear();
    expect((await s.app.graphql(CURRENCIES)).data.paymentOptions.currencies).toEqual(["USD"]);
    await prisma.track.update({ where: { id: second }, data: { status: "PUBLISHED" } });
    await prisma.track.update({ where: { id: first }, data: { archivedAt: null } });
    await prisma.trackPrice.deleteMany({});
    s.app.services.publicCache.clear();
  });

  it("the catalogue with every track's prices costs the statements it cost without them", async () => {
    for (const trackId of s.seeded.trackIds) {
      await s.app.graphql(SET, { id: globalId("Track", trackId), input: { currency: "NGN", amount: 150_000 } }, s.who.owner);
    }
    const { result, statements } = await statementsOf(s.app, LIST);
    expect(statements).toBe(1);
    for (const { node } of result.data.tracks.edges) {
      expect(node.prices.map((p: { currency: string }) => p.currency)).toEqual(["USD", "NGN"]);
      expect(node.prices[1].formatted).toBe("₦150,000.00");
      expect(node.priceMoney).toEqual(node.prices[0]);
      expect(node.currency).toBe("USD");
    }
  });
});
