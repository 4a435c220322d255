import type { FastifyInstance } from "fastify";
import { COURSE_MESSAGES } from "../domain/catalogue/courses.ts";
import type { Services } from "../services.ts";
import { formBody } from "./body.ts";
import { ERROR_FIELDS, restContext, toGlobalId, unwrap } from "./graphql.ts";
import { COURSE_FIELDS, courseJson } from "./json.ts";
import { idIn, idParam, listQuery, PAGE_SIZE, pageInfo, runRest } from "./params.ts";
import { textIn } from "./shapes.ts";

const LIST = `query($search: String, $page: Int!, $first: Int!) {
  courses(search: $search, page: $page, first: $first) { totalCount edges { node { ${COURSE_FIELDS} } } }
}`;
const CREATE = `mutation($input: CourseInput!) { result: createCourse(input: $input) { ${ERROR_FIELDS} ... on CoursePayload { course { ${COURSE_FIELDS} } } } }`;
const UPDATE = `mutation($id: ID!, $input: CourseInput!) {
  result: updateCourse(id: $id, input: $input) { ${ERROR_FIELDS} ... on CoursePayload { course { ${COURSE_FIELDS} } } }
}`;
const DELETE = `mutation($id: ID!) { result: deleteCourse(id: $id) { ${ERROR_FIELDS} ... on DeletePayload { deletedId } } }`;

export const COURSE_REST_MESSAGES = {
  created: "Course created successfully.",
  updated: "Course updated successfully.",
  deleted: "Course deleted successfully.",
} as const;

function courseInput(fields: Record<string, unknown>, image: File | null) {
  return {
    title: textIn(fields.title, "title"),
    trackId: idIn(fields.track ?? fields.trackId, "track", (id) => toGlobalId("Track", id)),
    description: textIn(fields.description, "description"),
    image,
  };
}

/** Spec §7: GET/POST /api/courses, PUT/DELETE /api/courses/{id}; admin only. */
export async function courseRoutes(app: FastifyInstance, services: Services) {
  app.get("/api/courses", async (req) => {
    const ctx = await restContext(services, req);
    const { search, page } = listQuery(req);
    const { courses } = await runRest(ctx, LIST, { search, page, first: PAGE_SIZE });
    return { courses: courses.edges.map((e: { node: object }) => courseJson(e.node)), ...pageInfo(page, courses.totalCount) };
  });

  app.post("/api/courses", async (req, reply) => {
    const ctx = await restContext(services, req);
    const { fields, file } = await formBody(req);
    const { result } = await runRest(ctx, CREATE, { input: courseInput(fields, file) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    const course = courseJson(ok.course);
    return reply.code(201).send({ message: COURSE_REST_MESSAGES.created, course, data: course });
  });

  app.put("/api/courses/:id", async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, COURSE_MESSAGES.notFound);
    const { fields, file } = await formBody(req);
    const { result } = await runRest(ctx, UPDATE, { id: toGlobalId("Course", id), input: courseInput(fields, file) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    const course = courseJson(ok.course);
    return { message: COURSE_REST_MESSAGES.updated, course, data: course };
  });

  app.delete("/api/courses/:id", async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, COURSE_MESSAGES.notFound);
    const { result } = await runRest(ctx, DELETE, { id: toGlobalId("Course", id) });
    if (unwrap(reply, result)) return { message: COURSE_REST_MESSAGES.deleted };
  });
}
