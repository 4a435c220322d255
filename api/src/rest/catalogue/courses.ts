import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { COURSE_MESSAGES } from "../../domain/catalogue/courses.ts";
import type { Services } from "../../services.ts";
import { formBody, idIn, idParam, textIn, toGlobalId } from "../input.ts";
import { COURSE_FIELDS, courseJson } from "../json.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import {
  answer,
  CourseFormSchema,
  CourseSchema,
  DeletedSchema,
  errors,
  form,
  listQuerySchema,
  MessageSchema,
  MULTIPART_OR_JSON,
  object,
  paging,
  ref,
  uuidParams,
  withMessageAndData,
} from "../schemas.ts";

const LIST = `query($search: String, $page: Int!, $first: Int!) {
  courses(search: $search, page: $page, first: $first) { totalCount edges { node { ${COURSE_FIELDS} } } }
}`;
const CREATE = `mutation($input: CourseInput!) { result: createCourse(input: $input) { ${ERROR_FIELDS} ... on CoursePayload { course { ${COURSE_FIELDS} } } } }`;
const UPDATE = `mutation($id: ID!, $input: CourseInput!) {
  result: updateCourse(id: $id, input: $input) { ${ERROR_FIELDS} ... on CoursePayload { course { ${COURSE_FIELDS} } } }
}`;
const DELETE = `mutation($id: ID!) { result: deleteCourse(id: $id) { ${ERROR_FIELDS} ... on DeletePayload { deletedId archived } } }`;
const RESTORE = `mutation($id: ID!) { result: restoreCourse(id: $id) { ${ERROR_FIELDS} ... on CoursePayload { course { id } } } }`;

export const COURSE_REST_MESSAGES = {
  created: "Course created successfully.",
  updated: "Course updated successfully.",
  deleted: "Course deleted successfully.",
  archived: "Course archived: it has learner history, so it was kept. Restore it to bring it back.",
  restored: "Course restored successfully.",
} as const;

function courseInput(fields: Record<string, unknown>, image: File | null) {
  return {
    title: textIn(fields.title, "title"),
    trackId: idIn(fields.track ?? fields.trackId, "track", "Track"),
    description: textIn(fields.description, "description"),
    image,
  };
}

/** docs/product.md, REST routes: GET/POST /api/courses, PUT/DELETE /api/courses/{id}; admin only. */
export async function courseRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "GET",
    url: "/api/courses",
    schema: {
      operationId: "listCourses",
      summary: "Courses, newest first, 10 a page; `search` matches the title.",
      tags: ["courses"],
      querystring: listQuerySchema,
      response: { 200: answer("A page of courses.", object({ courses: Type.Array(ref(CourseSchema)), ...paging })), ...errors(400) },
    },
    handle: (call) => call.page(LIST, "courses", courseJson),
  });

  route.graphql({
    method: "POST",
    url: "/api/courses",
    schema: {
      operationId: "createCourse",
      summary: "Adds a course to a track.",
      tags: ["courses"],
      consumes: MULTIPART_OR_JSON,
      body: CourseFormSchema,
      response: { 201: answer("Created.", withMessageAndData("course", ref(CourseSchema))), ...errors(400, 404, 413) },
    },
    handle: async (call) => {
      const { fields, file } = await formBody(call.req);
      const ok = await call.mutate(CREATE, { input: courseInput(fields, file) });
      const course = courseJson(ok.course);
      return call.reply.code(201).send({ message: COURSE_REST_MESSAGES.created, course, data: course });
    },
  });

  route.graphql({
    method: "PUT",
    url: "/api/courses/:id",
    schema: {
      operationId: "updateCourse",
      summary: "Changes a course; a new image replaces (and deletes) the old one.",
      tags: ["courses"],
      consumes: MULTIPART_OR_JSON,
      params: uuidParams("course"),
      body: CourseFormSchema,
      response: { 200: answer("Updated.", withMessageAndData("course", ref(CourseSchema))), ...errors(400, 404, 413) },
    },
    handle: async (call) => {
      const id = idParam(call.req, COURSE_MESSAGES.notFound);
      const { fields, file } = await formBody(call.req);
      const ok = await call.mutate(UPDATE, { id: toGlobalId("Course", id), input: courseInput(fields, file) });
      const course = courseJson(ok.course);
      return { message: COURSE_REST_MESSAGES.updated, course, data: course };
    },
  });

  route.graphql({
    method: "DELETE",
    url: "/api/courses/:id",
    schema: {
      operationId: "deleteCourse",
      summary:
        "Deletes a course and its image; a course of a track with enrollments is archived instead (`archived: true`), kept for those enrolled, restorable.",
      tags: ["courses"],
      params: uuidParams("course"),
      response: { 200: answer("Deleted, or archived when it has history (`archived`).", ref(DeletedSchema)), ...errors(404) },
    },
    handle: async (call) => {
      const { archived } = await call.mutate(DELETE, { id: toGlobalId("Course", idParam(call.req, COURSE_MESSAGES.notFound)) });
      return archived ? { message: COURSE_REST_MESSAGES.archived, archived } : { message: COURSE_REST_MESSAGES.deleted };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/courses/:id/restore",
    schema: {
      operationId: "restoreCourse",
      summary: "Brings an archived course back (an active one is left as it is).",
      tags: ["courses"],
      params: uuidParams("course"),
      body: form({}, "Nothing is read from the body."),
      response: { 200: answer("Restored.", ref(MessageSchema)), ...errors(404) },
    },
    handle: async (call) => {
      await call.mutate(RESTORE, { id: toGlobalId("Course", idParam(call.req, COURSE_MESSAGES.notFound)) });
      return { message: COURSE_REST_MESSAGES.restored };
    },
  });
}
