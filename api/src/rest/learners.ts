import type { FastifyInstance } from "fastify";
import type { Services } from "../services.ts";
import { restContext } from "./graphql.ts";
import { LEARNER_ROW_FIELDS, learnerRowJson } from "./json.ts";
import { listQuery, PAGE_SIZE, pageInfo, runRest } from "./params.ts";

// Each learner's enrollments and their tracks come with the same query (the Prisma plugin loads them together).
const LIST = `query($search: String, $page: Int!, $first: Int!) {
  learners(search: $search, page: $page, first: $first) { totalCount edges { node { ${LEARNER_ROW_FIELDS} } } }
}`;

/** Spec §7: GET /api/learners (admin), the Manage Learners table with `?search=&page=`. */
export async function learnerRoutes(app: FastifyInstance, services: Services) {
  app.get("/api/learners", async (req) => {
    const ctx = await restContext(services, req);
    const { search, page } = listQuery(req);
    const { learners } = await runRest(ctx, LIST, { search, page, first: PAGE_SIZE });
    return { learners: learners.edges.map((e: { node: object }) => learnerRowJson(e.node)), ...pageInfo(page, learners.totalCount) };
  });
}
