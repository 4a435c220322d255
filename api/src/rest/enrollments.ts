import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { NotFoundError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import { type RestContext, restContext, toGlobalId } from "./graphql.ts";
import { ENROLLMENT_FIELDS, enrollmentJson } from "./json.ts";
import { idParam, runRest } from "./params.ts";
import { answer, EnrollmentSchema, errors, object, ref, uuidParams } from "./schemas.ts";

export const LEARNER_NOT_FOUND = "Learner not found.";

const PAGE = `enrollments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { ${ENROLLMENT_FIELDS} } } }`;
const MINE = `query($after: String) { learner: me { __typename ... on Learner { ${PAGE} } } }`;
const OF_LEARNER = `query($id: ID!, $after: String) { learner: node(id: $id) { __typename ... on Learner { ${PAGE} } } }`;

interface Page {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: Record<string, any> }[];
}

/** Every enrollment of the learner the operation finds (all pages, newest first), or null when there is no such learner. */
async function allEnrollments(ctx: RestContext, source: string, variables: Record<string, unknown>) {
  const enrollments = [];
  let after: string | null = null;
  for (;;) {
    let answer: { learner: { __typename: string; enrollments?: Page } | null };
    try {
      answer = await runRest(ctx, source, { ...variables, after });
    } catch (error) {
      // `node(id:)` loads with findUniqueOrThrow: an id of no learner fails with Prisma's "record not found".
      if ((error as { code?: unknown }).code === "P2025") return null;
      throw error;
    }
    const learner = answer.learner;
    if (learner?.__typename !== "Learner" || !learner.enrollments) return null;
    enrollments.push(...learner.enrollments.edges.map((e) => enrollmentJson(e.node)));
    if (!learner.enrollments.pageInfo.hasNextPage) return enrollments;
    after = learner.enrollments.pageInfo.endCursor;
  }
}

/** docs/product.md, REST routes: GET /api/enrollments (the learner's own) and GET /api/enrollments/learner/{id} (admin). */
export async function enrollmentRoutes(server: FastifyInstance, services: Services) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const mineSchema = {
    operationId: "myEnrollments",
    summary: "The signed-in learner's enrollments, newest first.",
    tags: ["enrollments"],
    response: { 200: answer("The enrollments.", object({ enrollments: Type.Array(ref(EnrollmentSchema)) })), ...errors(404) },
  };
  app.get("/api/enrollments", { schema: mineSchema }, async (req) => {
    const ctx = await restContext(services, req);
    const enrollments = await allEnrollments(ctx, MINE, {});
    if (!enrollments) throw new NotFoundError(LEARNER_NOT_FOUND);
    return { enrollments };
  });

  const ofLearnerSchema = {
    operationId: "learnerEnrollments",
    summary: "A learner's enrollments, newest first.",
    tags: ["enrollments"],
    params: uuidParams("learner"),
    response: { 200: answer("The enrollments.", object({ enrollments: Type.Array(ref(EnrollmentSchema)) })), ...errors(404) },
  };
  app.get("/api/enrollments/learner/:id", { schema: ofLearnerSchema }, async (req) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, LEARNER_NOT_FOUND);
    const enrollments = await allEnrollments(ctx, OF_LEARNER, { id: toGlobalId("Learner", id) });
    if (!enrollments) throw new NotFoundError(LEARNER_NOT_FOUND);
    return { enrollments };
  });
}
