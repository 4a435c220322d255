import type { FastifyInstance } from "fastify";
import { LESSON_NOT_FOUND } from "../../domain/learning/access.ts";
import type { Services } from "../../services.ts";
import { idParam, toGlobalId } from "../input.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import { answer, errors, form, integer, object, text, uuidParams } from "../schemas.ts";

const COMPLETE = `mutation($id: ID!) { result: completeLesson(id: $id) { ${ERROR_FIELDS} ... on LessonProgressPayload { progress } } }`;

export const LESSON_REST_MESSAGES = { completed: "Lesson marked complete." } as const;

/** POST /api/lessons/{id}/complete: a learner marks a lesson of a track they are enrolled in as done. */
export async function lessonRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "POST",
    url: "/api/lessons/:id/complete",
    schema: {
      operationId: "completeLesson",
      summary:
        "Marks a lesson done for the signed-in learner (enrolled in its track); marking again changes nothing. Refused (400) for a quiz: only a passed attempt completes it.",
      tags: ["enrollments"],
      params: uuidParams("lesson"),
      body: form({}, "Nothing is read from the body."),
      response: {
        200: answer("Marked complete.", object({ message: text(), progress: integer("The track's progress now, 0 to 100.") })),
        ...errors(400, 403, 404),
      },
    },
    handle: async (call) => {
      const ok = await call.mutate(COMPLETE, { id: toGlobalId("Lesson", idParam(call.req, LESSON_NOT_FOUND)) });
      return { message: LESSON_REST_MESSAGES.completed, progress: ok.progress as number };
    },
  });
}
