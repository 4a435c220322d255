import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";
import { jsonBody, textFields } from "../input.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import { answer, errors, form, MessageSchema, ref, text } from "../schemas.ts";

const FORGOT = `mutation($input: EmailInput!) { result: requestPasswordReset(input: $input) { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;
const RESET = `mutation($input: ResetPasswordInput!) { result: resetPassword(input: $input) { ${ERROR_FIELDS} ... on MessagePayload { message } } }`;

/** docs/product.md, REST routes: the mailed password-reset link and setting the new password with it. */
export async function passwordRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "POST",
    url: "/api/auth/forgot-password",
    schema: {
      operationId: "requestPasswordReset",
      summary: "Mails a password-reset link if the account exists; the answer is the same either way.",
      tags: ["auth"],
      body: form({ email: text() }),
      response: { 200: answer("Accepted.", ref(MessageSchema)), ...errors(400, 429) },
    },
    handle: async (call) => ({ message: (await call.mutate(FORGOT, { input: textFields(jsonBody(call.req), ["email"]) })).message }),
  });

  route.graphql({
    method: "POST",
    url: "/api/auth/reset-password",
    schema: {
      operationId: "resetPassword",
      summary: "Sets a new password with the token from the reset link (once).",
      tags: ["auth"],
      body: form({ token: text(), password: text(), confirmPassword: text() }),
      response: { 200: answer("Password changed; every session is revoked.", ref(MessageSchema)), ...errors(400, 429) },
    },
    handle: async (call) => {
      const input = textFields(jsonBody(call.req), ["token", "password", "confirmPassword"]);
      return { message: (await call.mutate(RESET, { input })).message };
    },
  });
}
