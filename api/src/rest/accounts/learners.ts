import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Services } from "../../services.ts";
import { CSV_TYPE, sendDownload } from "../download.ts";
import { listQuery } from "../input.ts";
import { LEARNER_ROW_FIELDS, learnerRowJson } from "../json.ts";
import { restRoutes } from "../pipeline.ts";
import { answer, csvAnswer, errors, LearnerSchema, listQuerySchema, object, paging, ref, text } from "../schemas.ts";

// Each learner's enrollments and their tracks come with the same query (the Prisma plugin loads them together).
const LIST = `query($search: String, $page: Int!, $first: Int!) {
  learners(search: $search, page: $page, first: $first) { totalCount edges { node { ${LEARNER_ROW_FIELDS} } } }
}`;

/** docs/product.md, REST routes: GET /api/learners (admin), the Manage Learners table with `?search=&page=`. */
const CSV = "query($search: String) { learnersCsv(search: $search) { csv } }";

export async function learnerRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "GET",
    url: "/api/learners/export.csv",
    schema: {
      operationId: "exportLearners",
      summary: "The learners `search` selects as CSV (at most 10,000, newest first; spreadsheet formulas neutralised).",
      tags: ["learners"],
      querystring: object({ search: Type.Optional(text("Words that must all match (case-insensitive).")) }),
      response: { 200: csvAnswer("The learners."), ...errors(400) },
    },
    handle: async (call) => {
      const { learnersCsv } = await call.query(CSV, { search: listQuery(call.req).search });
      return sendDownload(call.reply, CSV_TYPE, "learners.csv", learnersCsv.csv);
    },
  });

  route.graphql({
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
