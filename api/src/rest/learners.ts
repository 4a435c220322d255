import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Services } from "../services.ts";
import { LEARNER_ROW_FIELDS, learnerRowJson } from "./json.ts";
import { restRoutes } from "./pipeline.ts";
import { answer, errors, LearnerSchema, listQuerySchema, object, paging, ref } from "./schemas.ts";

// Each learner's enrollments and their tracks come with the same query (the Prisma plugin loads them together).
const LIST = `query($search: String, $page: Int!, $first: Int!) {
  learners(search: $search, page: $page, first: $first) { totalCount edges { node { ${LEARNER_ROW_FIELDS} } } }
}`;

/** docs/product.md, REST routes: GET /api/learners (admin), the Manage Learners table with `?search=&page=`. */
export async function learnerRoutes(app: FastifyInstance, services: Services) {
  restRoutes(app, services).graphql({
    method: "GET",
    url: "/api/learners",
    schema: {
      operationId: "listLearners",
      summary: "Learners, newest first, 10 a page; `search` matches first name, last name and e-mail.",
      tags: ["learners"],
      querystring: listQuerySchema,
      response: { 200: answer("A page of learners.", object({ learners: Type.Array(ref(LearnerSchema)), ...paging })), ...errors(400) },
    },
    handle: (call) => call.page(LIST, "learners", learnerRowJson),
  });
}
