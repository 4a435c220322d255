import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { NotFoundError } from "../../domain/errors.ts";
import type { Services } from "../../services.ts";
import { idParam, toGlobalId } from "../input.ts";
import { ENROLLMENT_FIELDS, enrollmentJson } from "../json.ts";
import { type GraphqlCall, restRoutes } from "../pipeline.ts";
import { answer, EnrollmentSchema, errors, object, ref, uuidParams } from "../schemas.ts";

export const LEARNER_NOT_FOUND = "Learner not found.";

const PAGE = `enrollments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { ${ENROLLMENT_FIELDS} } } }`;
const MINE = `query($after: String) { learner: me { __typename ... on Learner { ${PAGE} } } }`;
const OF_LEARNER = `query($id: ID!, $after: String) { learner: node(id: $id) { __typename ... on Learner { ${PAGE} } } }`;

interface Page {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: Record<string, any> }[];
}

/** Every enrollment of the learner the operation finds (all pages, newest first); a 404 when there is no such learner. */
async function allEnrollments(call: GraphqlCall, source: string, variables: Record<string, unknown>) {
  const enrollments = [];
  let after: string | null = null;
  for (;;) {
    let answer: { learner: { __typename: string; enrollments?: Page } | null };
    try {
      answer = await call.query(source, { ...variables, after });
    } catch (error) {
      // `node(id:)` loads with findUniqueOrThrow: an id of no learner fails with Prisma's "record not found".
      if ((error as { code?: unknown }).code === "P2025") throw new NotFoundError(LEARNER_NOT_FOUND);
      throw error;
    }
    const learner = answer.learner;
    if (learner?.__typename !== "Learner" || !learner.enrollments) throw new NotFoundError(LEARNER_NOT_FOUND);
    enrollments.push(...learner.enrollments.edges.map((e) => enrollmentJson(e.node)));
    if (!learner.enrollments.pageInfo.hasNextPage) return { enrollments };
    after = learner.enrollments.pageInfo.endCursor;
  }
}

/** docs/product.md, REST routes: GET /api/enrollments (the learner's own) and GET /api/enrollments/learner/{id} (admin). */
export async function enrollmentRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "GET",
    url: "/api/enrollments",
    schema: {
      operationId: "myEnrollments",
      summary: "The signed-in learner's enrollments, newest first.",
      tags: ["enrollments"],
      response: { 200: answer("The enrollments.", object({ enrollments: Type.Array(ref(EnrollmentSchema)) })), ...errors(404) },
    },
    handle: (call) => allEnrollments(call, MINE, {}),
  });

  route.graphql({
    method: "GET",
    url: "/api/enrollments/learner/:id",
    schema: {
      operationId: "learnerEnrollments",
      summary: "A learner's enrollments, newest first.",
      tags: ["enrollments"],
      params: uuidParams("learner"),
      response: { 200: answer("The enrollments.", object({ enrollments: Type.Array(ref(EnrollmentSchema)) })), ...errors(404) },
    },
    handle: (call) => allEnrollments(call, OF_LEARNER, { id: toGlobalId("Learner", idParam(call.req, LEARNER_NOT_FOUND)) }),
  });
}
