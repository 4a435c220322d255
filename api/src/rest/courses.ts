import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { COURSE_MESSAGES } from "../domain/catalogue/courses.ts";
import type { Services } from "../services.ts";
import { formBody } from "./body.ts";
import { ERROR_FIELDS, restContext, toGlobalId, unwrap } from "./graphql.ts";
import { COURSE_FIELDS, courseJson } from "./json.ts";
import { idIn, idParam, listQuery, PAGE_SIZE, pageInfo, runRest } from "./params.ts";
import {
  answer,
  CourseFormSchema,
  CourseSchema,
  errors,
  listQuerySchema,
  MessageSchema,
  MULTIPART_OR_JSON,
  object,
  paging,
  ref,
  uuidParams,
  withMessageAndData,
} from "./schemas.ts";
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

/** docs/product.md, REST routes: GET/POST /api/courses, PUT/DELETE /api/courses/{id}; admin only. */
export async function courseRoutes(server: FastifyInstance, services: Services) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const listSchema = {
    operationId: "listCourses",
    summary: "Courses, newest first, 10 a page; `search` matches the title.",
    tags: ["courses"],
    querystring: listQuerySchema,
    response: { 200: answer("A page of courses.", object({ courses: Type.Array(ref(CourseSchema)), ...paging })), ...errors(400) },
  };
  app.get("/api/courses", { schema: listSchema }, async (req) => {
    const ctx = await restContext(services, req);
    const { search, page } = listQuery(req);
    const { courses } = await runRest(ctx, LIST, { search, page, first: PAGE_SIZE });
    return { courses: courses.edges.map((e: { node: object }) => courseJson(e.node)), ...pageInfo(page, courses.totalCount) };
  });

  const createSchema = {
    operationId: "createCourse",
    summary: "Adds a course to a track.",
    tags: ["courses"],
    consumes: MULTIPART_OR_JSON,
    body: CourseFormSchema,
    response: { 201: answer("Created.", withMessageAndData("course", ref(CourseSchema))), ...errors(400, 404, 413) },
  };
  app.post("/api/courses", { schema: createSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const { fields, file } = await formBody(req);
    const { result } = await runRest(ctx, CREATE, { input: courseInput(fields, file) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    const course = courseJson(ok.course);
    return reply.code(201).send({ message: COURSE_REST_MESSAGES.created, course, data: course });
  });

  const updateSchema = {
    operationId: "updateCourse",
    summary: "Changes a course; a new image replaces (and deletes) the old one.",
    tags: ["courses"],
    consumes: MULTIPART_OR_JSON,
    params: uuidParams("course"),
    body: CourseFormSchema,
    response: { 200: answer("Updated.", withMessageAndData("course", ref(CourseSchema))), ...errors(400, 404, 413) },
  };
  app.put("/api/courses/:id", { schema: updateSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, COURSE_MESSAGES.notFound);
    const { fields, file } = await formBody(req);
    const { result } = await runRest(ctx, UPDATE, { id: toGlobalId("Course", id), input: courseInput(fields, file) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    const course = courseJson(ok.course);
    return { message: COURSE_REST_MESSAGES.updated, course, data: course };
  });

  const deleteSchema = {
    operationId: "deleteCourse",
    summary: "Deletes a course and its image.",
    tags: ["courses"],
    params: uuidParams("course"),
    response: { 200: answer("Deleted.", ref(MessageSchema)), ...errors(404) },
  };
  app.delete("/api/courses/:id", { schema: deleteSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, COURSE_MESSAGES.notFound);
    const { result } = await runRest(ctx, DELETE, { id: toGlobalId("Course", id) });
    if (unwrap(reply, result)) return { message: COURSE_REST_MESSAGES.deleted };
  });
}
