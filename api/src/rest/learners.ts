import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Services } from "../services.ts";
import { restContext } from "./graphql.ts";
import { LEARNER_ROW_FIELDS, learnerRowJson } from "./json.ts";
import { listQuery, PAGE_SIZE, pageInfo, runRest } from "./params.ts";
import { answer, errors, LearnerSchema, listQuerySchema, object, paging, ref } from "./schemas.ts";

// Each learner's enrollments and their tracks come with the same query (the Prisma plugin loads them together).
const LIST = `query($search: String, $page: Int!, $first: Int!) {
  learners(search: $search, page: $page, first: $first) { totalCount edges { node { ${LEARNER_ROW_FIELDS} } } }
}`;

/** docs/product.md, REST routes: GET /api/learners (admin), the Manage Learners table with `?search=&page=`. */
export async function learnerRoutes(server: FastifyInstance, services: Services) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const schema = {
    operationId: "listLearners",
    summary: "Learners, newest first, 10 a page; `search` matches first name, last name and e-mail.",
    tags: ["learners"],
    querystring: listQuerySchema,
    response: { 200: answer("A page of learners.", object({ learners: Type.Array(ref(LearnerSchema)), ...paging })), ...errors(400) },
  };
  app.get("/api/learners", { schema }, async (req) => {
    const ctx = await restContext(services, req);
    const { search, page } = listQuery(req);
    const { learners } = await runRest(ctx, LIST, { search, page, first: PAGE_SIZE });
    return { learners: learners.edges.map((e: { node: object }) => learnerRowJson(e.node)), ...pageInfo(page, learners.totalCount) };
  });
}
