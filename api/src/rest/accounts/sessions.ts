import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { escapeHtml } from "../../domain/accounts/mails.ts";
import { NotAuthenticatedError } from "../../domain/errors.ts";
import type { Services } from "../../services.ts";
import { jsonBody, textFields } from "../input.ts";
import { USER_FIELDS, userJson } from "../json.ts";
import { ERROR_FIELDS, payloadOf, restRoutes } from "../pipeline.ts";
import { answer, errors, form, MessageSchema, message, object, ref, text, UserSchema } from "../schemas.ts";

const UNLOCK = `mutation($input: UnlockAccountInput!) { result: unlockAccount(input: $input) { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;
const LOGIN = `mutation($input: LoginInput!) { result: login(input: $input) { ${ERROR_FIELDS} ... on LoginPayload { message token account { ${USER_FIELDS} } } } }`;
const LOGOUT = `mutation { result: logout { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;
const ME = `query { me { ${USER_FIELDS} } }`;

/** docs/product.md, REST routes: unlocking a locked account, login, logout and checking a session. */
export async function sessionRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  // The unlock link of a locked account's mail opens a small page whose button posts the token back (a GET alone must
  // not unlock: mail scanners open links). The page's form is the one form-encoded body the API takes. The page calls
  // no core at all: a domain route.
  route.domain({
    method: "GET",
    url: "/api/auth/unlock",
    schema: {
      operationId: "unlockPage",
      summary: "The page an unlock link opens: a button that posts the link's token (opening it unlocks nothing).",
      tags: ["auth"],
      querystring: object({ token: Type.Optional(text("The token of the mailed unlock link.")) }),
      response: { 200: { description: "An HTML page.", content: { "text/html": { schema: text() } } }, ...errors(400) },
    },
    handle: async ({ req, reply }) => {
      const token = (req.query as { token?: unknown }).token;
      return reply.type("text/html; charset=utf-8").send(unlockPage(typeof token === "string" ? token : ""));
    },
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    restRoutes(scope, services).graphql({
      method: "POST",
      url: "/api/auth/unlock",
      schema: {
        operationId: "unlockAccount",
        summary: "Lifts a locked account's lockout with the token of the link mailed to its owner (once, 24 hours).",
        description: "JSON answers JSON; the page's form (application/x-www-form-urlencoded) gets an HTML page.",
        tags: ["auth"],
        consumes: ["application/json", "application/x-www-form-urlencoded"],
        body: form({ token: text() }),
        response: {
          200: {
            description: "Unlocked: failed logins from every address are forgotten.",
            content: { "application/json": { schema: ref(MessageSchema) }, "text/html": { schema: text() } },
          },
          400: {
            description: "The token is wrong, used or expired (an HTML page for the page's form).",
            content: { "application/json": { schema: { $ref: "Error#" } }, "text/html": { schema: text() } },
          },
        },
      },
      handle: async (call) => {
        const fromPage = call.req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ?? false;
        const { result } = await call.query(UNLOCK, { input: textFields(jsonBody(call.req), ["token"]) });
        if (fromPage) {
          // The page's form gets a page, its refusal too.
          return call.reply
            .code(result.__typename === "MessagePayload" ? 200 : 400)
            .type("text/html; charset=utf-8")
            .send(unlockPage(null, result.message));
        }
        return { message: payloadOf(result).message };
      },
    });
  });

  route.graphql({
    method: "POST",
    url: "/api/auth/login",
    schema: {
      operationId: "login",
      summary: "Logs in an admin or a learner (the account's role decides which).",
      tags: ["auth"],
      body: form({ email: text(), password: text() }),
      response: {
        200: answer("Logged in.", object({ message, token: text("Bearer token for the Authorization header."), user: ref(UserSchema) })),
        ...errors(400, 401, 403, 429),
      },
    },
    handle: async (call) => {
      const ok = await call.mutate(LOGIN, { input: textFields(jsonBody(call.req), ["email", "password"]) });
      return { message: ok.message, token: ok.token, user: userJson(ok.account) };
    },
  });

  // Who may log out where (a learner on the learner route, staff on the admin one) is in rest/access.ts.
  for (const [url, operationId, summary] of [
    ["/api/auth/logout", "logoutLearner", "Revokes the learner session."],
    ["/api/admin/auth/logout", "logoutAdmin", "Revokes the admin session."],
  ] as const) {
    route.graphql({
      method: "POST",
      url,
      schema: { operationId, summary, tags: ["auth"], response: { 200: answer("Logged out.", ref(MessageSchema)) } },
      handle: async (call) => ({ message: (await call.mutate(LOGOUT)).message }),
    });
  }

  route.graphql({
    method: "GET",
    url: "/api/auth/check-auth",
    schema: {
      operationId: "checkAuth",
      summary: "The signed-in learner, to check a stored learner token.",
      tags: ["auth"],
      response: { 200: answer("The session is valid.", object({ user: ref(UserSchema) })) },
    },
    handle: async (call) => {
      const { me } = await call.query(ME);
      if (!me) throw new NotAuthenticatedError();
      return { user: userJson(me) };
    },
  });
}

/** The unlock page: a button that posts the link's token (token given), or the outcome (message given). */
function unlockPage(token: string | null, message?: string): string {
  const body =
    token === null
      ? `<p>${escapeHtml(message ?? "")}</p>`
      : `<p>Too many failed logins paused logging in to your account. If that was you, unlock it now.</p>
<form method="post" action="/api/auth/unlock"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Unlock my account</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unlock your LearnHub account</title></head>
<body style="font-family:system-ui,sans-serif;max-width:520px;margin:48px auto;padding:0 16px;color:#1f2937"><h1 style="font-size:20px">Unlock your LearnHub account</h1>${body}</body></html>`;
}
