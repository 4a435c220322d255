import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { escapeHtml } from "../domain/accounts/mails.ts";
import { NotAuthenticatedError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import { formBody, jsonBody } from "./body.ts";
import { ERROR_FIELDS, restContext, run, unwrap } from "./graphql.ts";
import {
  AdminSignUpInputSchema,
  answer,
  errors,
  form,
  MessageSchema,
  MULTIPART_OR_JSON,
  message,
  object,
  ProfileFormSchema,
  ref,
  SignUpInputSchema,
  text,
  UserSchema,
} from "./schemas.ts";
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

const textFields = (body: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, textIn(body[k], k)]));
const SIGN_UP_FIELDS = ["firstName", "lastName", "email", "contact", "password", "confirmPassword"];

const ADMIN_SIGN_UP =
  "The account is a pending staff account until an owner approves it (the first one of an installation becomes the " +
  "owner). With `invitation` (the token of an owner's invitation link, for the invited e-mail) it gets the invitation's " +
  "role when the e-mail is verified.";

/** The /api/auth/* calls of docs/product.md, REST routes, same paths, payloads and answers. */
export async function authRoutes(server: FastifyInstance, services: Services) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  for (const [path, field, summary, description, body] of [
    ["/api/auth/signup/admin", "signUpAdmin", "Admin sign-up; mails a 6-digit verification code.", ADMIN_SIGN_UP, AdminSignUpInputSchema],
    ["/api/auth/signup/learner", "signUpLearner", "Learner sign-up; mails a 6-digit verification code.", "", SignUpInputSchema],
  ] as const) {
    const schema = {
      operationId: field,
      summary,
      ...(description ? { description } : {}),
      tags: ["auth"],
      body,
      response: {
        201: answer(
          "Account created; verify the e-mail next.",
          object({ message, email: text("The normalised e-mail the code was sent to.") }),
        ),
        ...errors(400, 409, 429),
      },
    };
    app.post(path, { schema }, async (req, reply) => {
      const ctx = await restContext(services, req);
      const fields = field === "signUpAdmin" ? [...SIGN_UP_FIELDS, "invitation"] : SIGN_UP_FIELDS;
      const { result } = await run(ctx, SIGN_UP(field), { input: textFields(jsonBody(req), fields) });
      const ok = unwrap(reply, result);
      if (ok) return reply.code(201).send({ message: ok.message, email: ok.email });
    });
  }

  const verifySchema = {
    operationId: "verifyEmail",
    summary: "Verifies an e-mail address with the mailed code.",
    tags: ["auth"],
    body: form({ email: text(), token: text("The 6-digit code (also accepted as `code`).") }),
    response: { 200: answer("Verified (or already verified).", ref(MessageSchema)), ...errors(400, 429) },
  };
  app.post("/api/auth/verify-email", { schema: verifySchema }, async (req, reply) => {
    const body = jsonBody(req);
    const ctx = await restContext(services, req);
    const { result } = await run(ctx, VERIFY, {
      input: { email: textIn(body.email, "email"), code: textIn(body.token ?? body.code, "token") },
    });
    const ok = unwrap(reply, result);
    if (ok) return { message: ok.message };
  });

  for (const [path, doc, operationId, summary, done] of [
    ["/api/auth/resend-token", RESEND, "resendVerificationCode", "Mails a new verification code.", "Sent."],
    [
      "/api/auth/forgot-password",
      FORGOT,
      "requestPasswordReset",
      "Mails a password-reset link if the account exists; the answer is the same either way.",
      "Accepted.",
    ],
  ] as const) {
    const schema = {
      operationId,
      summary,
      tags: ["auth"],
      body: form({ email: text() }),
      response: { 200: answer(done, ref(MessageSchema)), ...errors(400, 429) },
    };
    app.post(path, { schema }, async (req, reply) => {
      const ctx = await restContext(services, req);
      const { result } = await run(ctx, doc, { input: textFields(jsonBody(req), ["email"]) });
      const ok = unwrap(reply, result);
      if (ok) return { message: ok.message };
    });
  }

  const resetSchema = {
    operationId: "resetPassword",
    summary: "Sets a new password with the token from the reset link (once).",
    tags: ["auth"],
    body: form({ token: text(), password: text(), confirmPassword: text() }),
    response: { 200: answer("Password changed; every session is revoked.", ref(MessageSchema)), ...errors(400, 429) },
  };
  app.post("/api/auth/reset-password", { schema: resetSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const { result } = await run(ctx, RESET, { input: textFields(jsonBody(req), ["token", "password", "confirmPassword"]) });
    const ok = unwrap(reply, result);
    if (ok) return { message: ok.message };
  });

  // The unlock link of a locked account's mail opens a small page whose button posts the token back (a GET alone must
  // not unlock: mail scanners open links). The page's form is the one form-encoded body the API takes.
  const unlockPageSchema = {
    operationId: "unlockPage",
    summary: "The page an unlock link opens: a button that posts the link's token (opening it unlocks nothing).",
    tags: ["auth"],
    querystring: object({ token: Type.Optional(text("The token of the mailed unlock link.")) }),
    response: { 200: { description: "An HTML page.", content: { "text/html": { schema: text() } } }, ...errors(400) },
  };
  app.get("/api/auth/unlock", { schema: unlockPageSchema }, async (req, reply) => {
    const token = (req.query as { token?: unknown }).token;
    return reply.type("text/html; charset=utf-8").send(unlockPage(typeof token === "string" ? token : ""));
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const unlockSchema = {
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
    };
    scope.post("/api/auth/unlock", { schema: unlockSchema }, async (req, reply) => {
      const fromPage = req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ?? false;
      const ctx = await restContext(services, req);
      const { result } = await run(ctx, UNLOCK, { input: textFields(jsonBody(req), ["token"]) });
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

  const loginSchema = {
    operationId: "login",
    summary: "Logs in an admin or a learner (the account's role decides which).",
    tags: ["auth"],
    body: form({ email: text(), password: text() }),
    response: {
      200: answer("Logged in.", object({ message, token: text("Bearer token for the Authorization header."), user: ref(UserSchema) })),
      ...errors(400, 401, 403, 429),
    },
  };
  app.post("/api/auth/login", { schema: loginSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const { result } = await run(ctx, LOGIN, { input: textFields(jsonBody(req), ["email", "password"]) });
    const ok = unwrap(reply, result);
    if (ok) return { message: ok.message, token: ok.token, user: userJson(ok.account) };
  });

  // Who may log out where (a learner on the learner route, staff on the admin one) is in rest/access.ts.
  for (const [path, operationId, summary] of [
    ["/api/auth/logout", "logoutLearner", "Revokes the learner session."],
    ["/api/admin/auth/logout", "logoutAdmin", "Revokes the admin session."],
  ] as const) {
    const schema = { operationId, summary, tags: ["auth"], response: { 200: answer("Logged out.", ref(MessageSchema)) } };
    app.post(path, { schema }, async (req, reply) => {
      const ctx = await restContext(services, req);
      const { result } = await run(ctx, LOGOUT);
      const ok = unwrap(reply, result);
      if (ok) return { message: ok.message };
    });
  }

  const checkSchema = {
    operationId: "checkAuth",
    summary: "The signed-in learner, to check a stored learner token.",
    tags: ["auth"],
    response: { 200: answer("The session is valid.", object({ user: ref(UserSchema) })) },
  };
  app.get("/api/auth/check-auth", { schema: checkSchema }, async (req) => {
    const ctx = await restContext(services, req);
    const { me } = await run(ctx, ME);
    if (!me) throw new NotAuthenticatedError();
    return { user: userJson(me) };
  });

  const updateSchema = {
    operationId: "updateLearnerProfile",
    summary: "Updates the learner's profile, picture and (optionally) password.",
    description: "A password change answers a new token (older sessions are revoked); otherwise the current token.",
    tags: ["auth"],
    consumes: MULTIPART_OR_JSON,
    body: ProfileFormSchema,
    response: {
      200: answer("Saved.", object({ message, user: ref(UserSchema), token: text() })),
      ...errors(400, 413, 429),
    },
  };
  app.put("/api/auth/update", { schema: updateSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const { fields, file } = await formBody(req);
    const input = {
      ...textFields(fields, [
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
