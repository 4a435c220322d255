import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";
import { booleanIn, formBody, genderIn, textFields } from "../input.ts";
import { LEARNER_FIELDS, userJson } from "../json.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import { answer, errors, MULTIPART_OR_JSON, message, object, ProfileFormSchema, ref, text, UserSchema } from "../schemas.ts";

const UPDATE_PROFILE = `mutation($input: UpdateLearnerProfileInput!) {
  result: updateLearnerProfile(input: $input) { ${ERROR_FIELDS} ... on UpdateLearnerProfilePayload { message token learner { ${LEARNER_FIELDS} } } }
}`;

const PROFILE_TEXT_FIELDS = [
  "firstName",
  "lastName",
  "contact",
  "location",
  "description",
  "currentPassword",
  "newPassword",
  "confirmNewPassword",
] as const;

/** docs/product.md, REST routes: PUT /api/auth/update, the learner's profile form. */
export async function profileRoutes(app: FastifyInstance, services: Services) {
  restRoutes(app, services).graphql({
    method: "PUT",
    url: "/api/auth/update",
    schema: {
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
    },
    handle: async (call) => {
      const { fields, file } = await formBody(call.req);
      const input = {
        ...textFields(fields, PROFILE_TEXT_FIELDS),
        gender: genderIn(fields.gender),
        disabled: booleanIn(fields.disabled, "disabled"),
        image: file,
      };
      const ok = await call.mutate(UPDATE_PROFILE, { input });
      const current = call.req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? null;
      return { message: ok.message, user: userJson(ok.learner), token: ok.token ?? current };
    },
  });
}
