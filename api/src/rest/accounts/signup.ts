import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";
import { jsonBody, textFields, textIn } from "../input.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import { AdminSignUpInputSchema, answer, errors, form, MessageSchema, message, object, ref, SignUpInputSchema, text } from "../schemas.ts";

const SIGN_UP = (field: "signUpAdmin" | "signUpLearner") =>
  `mutation($input: SignUpInput!) { result: ${field}(input: $input) { ${ERROR_FIELDS} ... on SignUpPayload { message email } } }`;
const VERIFY = `mutation($input: VerifyEmailInput!) { result: verifyEmail(input: $input) { ${ERROR_FIELDS} ... on VerifyEmailPayload { message } } }`;
const RESEND = `mutation($input: EmailInput!) { result: resendVerificationCode(input: $input) { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;

const SIGN_UP_FIELDS = ["firstName", "lastName", "email", "contact", "password", "confirmPassword"];

const ADMIN_SIGN_UP =
  "The account is a pending staff account until an owner approves it (the first one of an installation becomes the " +
  "owner). With `invitation` (the token of an owner's invitation link, for the invited e-mail) it gets the invitation's " +
  "role when the e-mail is verified.";

/** docs/product.md, REST routes: sign-up (admin and learner) and the e-mailed verification code. */
export async function signUpRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  for (const [url, field, summary, description, body] of [
    ["/api/auth/signup/admin", "signUpAdmin", "Admin sign-up; mails a 6-digit verification code.", ADMIN_SIGN_UP, AdminSignUpInputSchema],
    ["/api/auth/signup/learner", "signUpLearner", "Learner sign-up; mails a 6-digit verification code.", "", SignUpInputSchema],
  ] as const) {
    route.graphql({
      method: "POST",
      url,
      schema: {
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
      },
      handle: async (call) => {
        const fields = field === "signUpAdmin" ? [...SIGN_UP_FIELDS, "invitation"] : SIGN_UP_FIELDS;
        const ok = await call.mutate(SIGN_UP(field), { input: textFields(jsonBody(call.req), fields) });
        return call.reply.code(201).send({ message: ok.message, email: ok.email });
      },
    });
  }

  route.graphql({
    method: "POST",
    url: "/api/auth/verify-email",
    schema: {
      operationId: "verifyEmail",
      summary: "Verifies an e-mail address with the mailed code.",
      tags: ["auth"],
      body: form({ email: text(), token: text("The 6-digit code (also accepted as `code`).") }),
      response: { 200: answer("Verified (or already verified).", ref(MessageSchema)), ...errors(400, 429) },
    },
    handle: async (call) => {
      const body = jsonBody(call.req);
      const input = { email: textIn(body.email, "email"), code: textIn(body.token ?? body.code, "token") };
      return { message: (await call.mutate(VERIFY, { input })).message };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/auth/resend-token",
    schema: {
      operationId: "resendVerificationCode",
      summary: "Mails a new verification code.",
      tags: ["auth"],
      body: form({ email: text() }),
      response: { 200: answer("Sent.", ref(MessageSchema)), ...errors(400, 429) },
    },
    handle: async (call) => ({ message: (await call.mutate(RESEND, { input: textFields(jsonBody(call.req), ["email"]) })).message }),
  });
}
