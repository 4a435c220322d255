import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken, signUpBody, TEST_PASSWORD, uniqueEmail } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { PUBLIC_CACHE_CONTROL } from "./security.ts";

const CATALOGUE = "{ tracks(first: 5) { edges { node { id name } } } }";
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { __typename ... on LoginPayload { token } } }`;

/** Answers that carry a token or personal data are never stored by a browser or proxy; the public catalogue may be. */
describe("Cache-Control on API answers", () => {
  let app: TestApp;
  let learner: { token: string; email: string };
  let trackId: string;
  beforeAll(async () => {
    app = await startTestApp();
    const made = await learnerWithToken(app);
    learner = { token: made.token, email: made.learner.email };
    const track = await app.services.db.prisma.track.create({
      data: { name: "Public", priceCents: 1000, duration: "1 week", instructor: "I", description: "D" },
    });
    trackId = track.id;
  });
  afterAll(() => app.close());

  const graphql = (body: unknown, token?: string) =>
    app.fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it("auth answers get no-store, signed in or not (REST and GraphQL)", async () => {
    const answers = {
      "REST login (token)": await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: TEST_PASSWORD } }),
      "REST sign-up": await rest(app, "POST", "/api/auth/signup/learner", { body: signUpBody({ email: uniqueEmail("cc") }) }),
      "REST verify-email": await rest(app, "POST", "/api/auth/verify-email", { body: { email: uniqueEmail("cc"), token: "123456" } }),
      "REST forgot-password": await rest(app, "POST", "/api/auth/forgot-password", { body: { email: uniqueEmail("cc") } }),
      "REST reset-password": await rest(app, "POST", "/api/auth/reset-password", {
        body: { token: "nope", password: "N3w!Secret-pass", confirmPassword: "N3w!Secret-pass" },
      }),
    };
    for (const [what, answer] of Object.entries(answers)) expect(answer.headers.get("cache-control"), what).toBe("no-store");
    const login = await graphql({ query: LOGIN, variables: { input: { email: learner.email, password: "wrong" } } });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("no-store");
  });

  it("every answer to a signed-in request gets no-store, the catalogue included", async () => {
    const me = await graphql({ query: "{ me { __typename } }" }, learner.token);
    const catalogue = await graphql({ query: CATALOGUE }, learner.token);
    const checkAuth = await rest(app, "GET", "/api/auth/check-auth", { token: learner.token });
    const tracks = await rest(app, "GET", "/api/tracks", { token: learner.token });
    const track = await rest(app, "GET", `/api/tracks/${trackId}`, { token: learner.token });
    for (const [what, res] of Object.entries({ me, catalogue, checkAuth, tracks, track })) {
      expect(res.status, what).toBe(200);
      expect(res.headers.get("cache-control"), what).toBe("no-store");
    }
  });

  it("the public catalogue's anonymous answers stay cacheable", async () => {
    for (let round = 0; round < 2; round++) {
      // The first round fills the public cache, the second is answered from it.
      const catalogue = await graphql({ query: CATALOGUE });
      expect(catalogue.headers.get("etag")).toBeTruthy();
      const tracks = await app.fetch("/api/tracks");
      const track = await app.fetch(`/api/tracks/${trackId}`);
      for (const [what, res] of Object.entries({ catalogue, tracks, track })) {
        expect(res.status, what).toBe(200);
        // Cacheable, revalidated with the ETag before each use (this was no header at all before the ETags came).
        expect(res.headers.get("cache-control"), `${what} round ${round}`).toBe(PUBLIC_CACHE_CONTROL);
        expect(res.headers.get("etag"), what).toBeTruthy();
      }
    }
    // An anonymous answer that is not the catalogue's (an error) is not stored either.
    expect((await app.fetch("/api/tracks/00000000-0000-4000-8000-000000000000")).headers.get("cache-control")).toBe("no-store");
  });
});
