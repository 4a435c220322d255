import type { FastifyInstance } from "fastify";
import { escapeHtml } from "../domain/accounts/mails.ts";
import { NotAuthenticatedError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import { formBody, jsonBody } from "./body.ts";
import { ERROR_FIELDS, restContext, run, unwrap } from "./graphql.ts";
import { booleanIn, genderIn, LEARNER_FIELDS, textIn, USER_FIELDS, userJson } from "./shapes.ts";

const SIGN_UP = (field: "signUpAdmin" | "signUpLearner") =>
  `mutation($input: SignUpInput!) { result: ${field}(input: $input) { ${ERROR_FIELDS} ... on SignUpPayload { message email } } }`;
const VERIFY = `mutation($input: VerifyEmailInput!) { result: verifyEmail(input: $input) { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;
const RESEND = `mutation($input: EmailInput!) { result: resendVerificationCode(input: $input) { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;
const FORGOT = `mutation($input: EmailInput!) { result: requestPasswordReset(input: $input) { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;
const RESET = `mutation($input: ResetPasswordInput!) { result: resetPassword(input: $input) { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;
const UNLOCK = `mutation($input: UnlockAccountInput!) { result: unlockAccount(input: $input) { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;
const LOGIN = `mutation($input: LoginInput!) { result: login(input: $input) { ${ERROR_FIELDS} ... on LoginPayload { message token account { ${USER_FIELDS} } } } }`;
const LOGOUT = `mutation { result: logout { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;
const ME = `query { me { ${USER_FIELDS} } }`;
const UPDATE_PROFILE = `mutation($input: UpdateLearnerProfileInput!) {
  result: updateLearnerProfile(input: $input) { ${ERROR_FIELDS} ... on UpdateLearnerProfilePayload { message token learner { ${LEARNER_FIELDS} } } }
}`;

const text = (body: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, textIn(body[k], k)]));
const SIGN_UP_FIELDS = ["firstName", "lastName", "email", "contact", "password", "confirmPassword"];

/** The spec's /api/auth/* calls (§7), same paths, payloads and answers. */
export async function authRoutes(app: FastifyInstance, services: Services) {
  for (const [path, field] of [
    ["/api/auth/signup/admin", "signUpAdmin"],
    ["/api/auth/signup/learner", "signUpLearner"],
  ] as const) {
    app.post(path, async (req, reply) => {
      const ctx = await restContext(services, req);
      const fields = field === "signUpAdmin" ? [...SIGN_UP_FIELDS, "invitation"] : SIGN_UP_FIELDS;
      const { result } = await run(ctx, SIGN_UP(field), { input: text(jsonBody(req), fields) });
      const ok = unwrap(reply, result);
      if (ok) return reply.code(201).send({ message: ok.message, email: ok.email });
    });
  }

  app.post("/api/auth/verify-email", async (req, reply) => {
    const body = jsonBody(req);
    const ctx = await restContext(services, req);
    const { result } = await run(ctx, VERIFY, {
      input: { email: textIn(body.email, "email"), code: textIn(body.token ?? body.code, "token") },
    });
    const ok = unwrap(reply, result);
    if (ok) return { message: ok.message };
  });

  for (const [path, doc] of [
    ["/api/auth/resend-token", RESEND],
    ["/api/auth/forgot-password", FORGOT],
  ] as const) {
    app.post(path, async (req, reply) => {
      const ctx = await restContext(services, req);
      const { result } = await run(ctx, doc, { input: text(jsonBody(req), ["email"]) });
      const ok = unwrap(reply, result);
      if (ok) return { message: ok.message };
    });
  }

  app.post("/api/auth/reset-password", async (req, reply) => {
    const ctx = await restContext(services, req);
    const { result } = await run(ctx, RESET, { input: text(jsonBody(req), ["token", "password", "confirmPassword"]) });
    const ok = unwrap(reply, result);
    if (ok) return { message: ok.message };
  });

  // The unlock link of a locked account's mail opens a small page whose button posts the token back (a GET alone must
  // not unlock: mail scanners open links). The page's form is the one form-encoded body the API takes.
  app.get("/api/auth/unlock", async (req, reply) => {
    const token = (req.query as { token?: unknown }).token;
    return reply.type("text/html; charset=utf-8").send(unlockPage(typeof token === "string" ? token : ""));
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post("/api/auth/unlock", async (req, reply) => {
      const fromPage = req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ?? false;
      const ctx = await restContext(services, req);
      const { result } = await run(ctx, UNLOCK, { input: text(jsonBody(req), ["token"]) });
      if (fromPage) {
        return reply
          .code(result.__typename === "MessagePayload" ? 200 : 400)
          .type("text/html; charset=utf-8")
          .send(unlockPage(null, result.message));
      }
      const ok = unwrap(reply, result);
      if (ok) return { message: ok.message };
    });
  });

  app.post("/api/auth/login", async (req, reply) => {
    const ctx = await restContext(services, req);
    const { result } = await run(ctx, LOGIN, { input: text(jsonBody(req), ["email", "password"]) });
    const ok = unwrap(reply, result);
    if (ok) return { message: ok.message, token: ok.token, user: userJson(ok.account) };
  });

  // Who may log out where (a learner on the learner route, staff on the admin one) is in rest/access.ts.
  for (const path of ["/api/auth/logout", "/api/admin/auth/logout"]) {
    app.post(path, async (req, reply) => {
      const ctx = await restContext(services, req);
      const { result } = await run(ctx, LOGOUT);
      const ok = unwrap(reply, result);
      if (ok) return { message: ok.message };
    });
  }

  app.get("/api/auth/check-auth", async (req) => {
    const ctx = await restContext(services, req);
    const { me } = await run(ctx, ME);
    if (!me) throw new NotAuthenticatedError();
    return { user: userJson(me) };
  });

  app.put("/api/auth/update", async (req, reply) => {
    const ctx = await restContext(services, req);
    const { fields, file } = await formBody(req);
    const input = {
      ...text(fields, [
        "firstName",
        "lastName",
        "contact",
        "location",
        "description",
        "currentPassword",
        "newPassword",
        "confirmNewPassword",
      ]),
      gender: genderIn(fields.gender),
      disabled: booleanIn(fields.disabled),
      image: file,
    };
    const { result } = await run(ctx, UPDATE_PROFILE, { input });
    const ok = unwrap(reply, result);
    if (!ok) return;
    const current = req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? null;
    return { message: ok.message, user: userJson(ok.learner), token: ok.token ?? current };
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
