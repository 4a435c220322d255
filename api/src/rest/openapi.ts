import type { FastifyInstance } from "fastify";
import { TRACK_MESSAGES } from "../domain/catalogue/tracks.ts";
import { MAX_IMAGE_BYTES } from "../domain/images.ts";

/**
 * The OpenAPI 3.1 description of the REST facade (/api/...), served at GET /api/openapi.json. It is written by hand
 * as a typed object; a test checks that it lists exactly the routes the facade registers.
 */

type JsonType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

export interface SchemaObject {
  type?: JsonType | JsonType[];
  $ref?: string;
  description?: string;
  format?: string;
  enum?: (string | number | boolean | null)[];
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  oneOf?: SchemaObject[];
  minimum?: number;
  maxLength?: number;
  contentMediaType?: string;
  additionalProperties?: boolean | SchemaObject;
  examples?: unknown[];
}

interface MediaType {
  schema: SchemaObject;
}

interface ResponseObject {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { description: string; schema: SchemaObject }>;
}

interface ParameterObject {
  name: string;
  in: "path" | "query";
  required?: boolean;
  description?: string;
  schema: SchemaObject;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}

export type Method = "get" | "post" | "put" | "delete";

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<Method, OperationObject>>>;
  components: {
    schemas: Record<string, SchemaObject>;
    securitySchemes: Record<string, { type: "http"; scheme: "bearer"; description: string }>;
  };
}

// --- building blocks -------------------------------------------------------------------------------------------

const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string, extra: SchemaObject = {}): SchemaObject => ({
  type: "string",
  ...(description ? { description } : {}),
  ...extra,
});
const nullableStr = (description?: string, extra: SchemaObject = {}): SchemaObject => ({
  type: ["string", "null"],
  ...(description ? { description } : {}),
  ...extra,
});
const num = (description?: string): SchemaObject => ({ type: "number", ...(description ? { description } : {}) });
const int = (description?: string): SchemaObject => ({ type: "integer", ...(description ? { description } : {}) });
const dateTime = (description?: string): SchemaObject => str(description, { format: "date-time" });
const id = (description = "Database id (UUID)."): SchemaObject => str(description, { format: "uuid" });
const arrayOf = (items: SchemaObject, description?: string): SchemaObject => ({
  type: "array",
  items,
  ...(description ? { description } : {}),
});

/** An object whose every listed property is present in answers (required) unless `optional` says otherwise. */
function object(properties: Record<string, SchemaObject>, optional: string[] = [], description?: string): SchemaObject {
  return {
    type: "object",
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
  };
}

/** A request body object: nothing is required by the schema, the server answers missing fields with the form's message. */
const form = (properties: Record<string, SchemaObject>, description?: string): SchemaObject => ({
  type: "object",
  ...(description ? { description } : {}),
  properties,
});

const json = (schema: SchemaObject) => ({ "application/json": { schema } });
const ok = (description: string, schema: SchemaObject, extra: Partial<ResponseObject> = {}): ResponseObject => ({
  description,
  content: json(schema),
  ...extra,
});

const ERROR_TEXT: Record<string, string> = {
  "400": "Invalid input: `message` is the first problem, `errors` lists one message per field.",
  "401": "No valid session: 'Authentication token not found. Please log in.'",
  "403": "The session's role may not do this (or the account is not verified or disabled).",
  "404": "Not found.",
  "409": "Conflicts with existing data (e.g. the e-mail is taken).",
  "413": "The upload is over 5 MB ('Image must be 5 MB or smaller.') or the body is too large.",
  "415": "Neither JSON nor a multipart form.",
  "429": "Too many attempts; see the Retry-After header.",
};

function errors(...codes: (keyof typeof ERROR_TEXT)[]): Record<string, ResponseObject> {
  return Object.fromEntries(
    codes.map((code) => [
      code,
      {
        description: ERROR_TEXT[code] as string,
        content: json(ref("Error")),
        ...(code === "429" ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: int() } } } : {}),
      },
    ]),
  );
}

const bearer = [{ bearerAuth: [] }];
const ADMIN = "Needs an admin session (Bearer token from POST /api/auth/login).";
const OWNER = "Needs an owner's session (staff role owner).";
const AUDIT_PARAMS: ParameterObject[] = [
  { name: "person", in: "query", description: "Part of the e-mail of who acted.", schema: str() },
  { name: "entityType", in: "query", description: "Admin, Track, Course, Invoice or StaffInvitation.", schema: str() },
  { name: "from", in: "query", description: "First day, YYYY-MM-DD (UTC).", schema: str(undefined, { format: "date" }) },
  { name: "to", in: "query", description: "Last day, YYYY-MM-DD (UTC), included.", schema: str(undefined, { format: "date" }) },
];
const LEARNER = "Needs a learner session (Bearer token from POST /api/auth/login).";

const idParam = (what: string): ParameterObject => ({
  name: "id",
  in: "path",
  required: true,
  description: `The ${what}'s database id (UUID). Anything that is not a UUID answers 404.`,
  schema: id(),
});

const listParams: ParameterObject[] = [
  { name: "search", in: "query", description: "Words that must all match (case-insensitive).", schema: str() },
  { name: "page", in: "query", description: "1-based page number; 10 rows a page.", schema: { type: "integer", minimum: 1 } },
];

const paging = {
  page: int("The page answered (1-based)."),
  totalPages: int("At least 1."),
  total: int("Rows matching the search, over all pages."),
};

const message = str("What happened, for the user.");

function withMessage(key: string, schema: SchemaObject, data = false): SchemaObject {
  return object({ message, [key]: schema, ...(data ? { data: schema } : {}) });
}

// --- component schemas -----------------------------------------------------------------------------------------

const schemas: Record<string, SchemaObject> = {
  Error: object(
    {
      message: str("The message to show."),
      errors: arrayOf(object({ field: str("Input field, when the problem is about one."), message: str() }, ["field"])),
    },
    ["errors"],
    "Every refusal: `{message, errors?}`.",
  ),
  Message: object({ message }),
  User: object(
    {
      _id: id(),
      role: { type: "string", enum: ["admin", "learner"] },
      firstName: str(),
      lastName: str(),
      email: str(undefined, { format: "email" }),
      image: nullableStr("Public path of the picture, e.g. /uploads/<name>.png."),
      contact: str(),
      createdAt: dateTime(),
      location: nullableStr("Learners only."),
      gender: { type: ["string", "null"], enum: ["Male", "Female", null], description: "Learners only." },
      description: nullableStr("Learners only: the bio."),
      disabled: { type: "boolean", description: "Learners only." },
    },
    ["location", "gender", "description", "disabled"],
    "The signed-in account as the spec's `user`/`learnerUser` storage keys hold it.",
  ),
  TrackRef: object({ _id: id(), name: str() }),
  CourseRef: object({ _id: id(), title: str() }),
  Track: object(
    {
      _id: id(),
      name: str(),
      price: num("Dollars, at most 2 decimals."),
      duration: str("Free text, e.g. '2 weeks'."),
      instructor: str(),
      description: str(),
      image: nullableStr("Public path of the cover image."),
      averageRating: {
        type: ["number", "null"],
        description: "Average of the learners' ratings (1 to 5, one decimal); null before the first.",
      },
      reviewCount: int("How many learners rated the track."),
      courses: arrayOf(ref("CourseRef"), "Included courses, oldest first."),
      createdAt: dateTime(),
      updatedAt: dateTime(),
    },
    [],
    "A track. The spec's `ratings` list is replaced by `averageRating` and `reviewCount`, which is what the screens show of it " +
      "(individual ratings are not public).",
  ),
  Course: object({
    _id: id(),
    title: str(),
    description: str(),
    image: nullableStr(),
    track: ref("TrackRef"),
    createdAt: dateTime(),
  }),
  LearnerRef: object({ _id: id(), firstName: str(), lastName: str(), email: str(), image: nullableStr() }),
  Invoice: object({
    _id: id(),
    learner: { oneOf: [ref("LearnerRef"), { type: "null" }], description: "Null when the learner was deleted." },
    track: { oneOf: [ref("TrackRef"), { type: "null" }], description: "The track paid for (card payments); null for manual invoices." },
    amount: num("Dollars, at most 2 decimals."),
    dueDate: nullableStr("YYYY-MM-DD; when null the screens show createdAt.", { format: "date" }),
    status: { type: "string", enum: ["pending", "paid", "failed"], description: "'failed' only for card payments that failed." },
    paymentDetails: nullableStr("Free text, e.g. bank transfer or mobile money."),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  }),
  Learner: object({
    _id: id(),
    firstName: str(),
    lastName: str(),
    email: str(),
    contact: str(),
    location: nullableStr(),
    gender: { type: ["string", "null"], enum: ["Male", "Female", null] },
    description: nullableStr("The bio."),
    image: nullableStr(),
    createdAt: dateTime("Date joined."),
    disabled: { type: "boolean" },
    enrollments: arrayOf(object({ _id: id(), track: ref("TrackRef") }), "Tracks the learner is enrolled in (newest first, at most 100)."),
    courseCount: int("How many tracks the learner is enrolled in (the COURSES column)."),
    totalPaid: num("Dollars: the sum of the learner's paid invoices."),
  }),
  Staff: object({
    _id: id(),
    firstName: str(),
    lastName: str(),
    email: str(),
    contact: str(),
    image: nullableStr(),
    role: { type: ["string", "null"], enum: ["owner", "manager", "finance", "instructor", null], description: "Null while pending." },
    status: { type: "string", enum: ["pending", "active", "disabled"] },
    emailVerified: { type: "boolean" },
    approvedAt: { type: ["string", "null"], format: "date-time" },
    createdAt: dateTime(),
    assignedTracks: arrayOf(ref("TrackRef"), "Instructors: the tracks whose courses they may edit."),
  }),
  StaffInvitation: object({
    _id: id(),
    email: str(),
    role: { type: "string", enum: ["owner", "manager", "finance", "instructor"] },
    status: { type: "string", enum: ["open", "expired", "accepted", "revoked"] },
    expiresAt: dateTime(),
    createdAt: dateTime(),
  }),
  AuditEntry: object({
    _id: id(),
    actorId: { type: ["string", "null"], format: "uuid", description: "Null for a failed login." },
    actorEmail: str(),
    actorRole: nullableStr(),
    action: str("`<entity>.<verb>`, e.g. track.update, staff.approve, login.failed."),
    entityType: str(),
    entityId: nullableStr(),
    changes: { type: ["object", "null"], description: "For each changed field, [before, after]." },
    ip: nullableStr(),
    createdAt: dateTime(),
  }),
  Enrollment: object({
    _id: id(),
    status: { type: "string", enum: ["active", "completed"] },
    track: object({ _id: id(), name: str(), image: nullableStr() }),
    createdAt: dateTime("When the learner was enrolled."),
  }),
  SignUpInput: form({
    firstName: str(),
    lastName: str(),
    email: str(),
    contact: str(),
    password: str("At least 8 characters with upper case, lower case, a number and a special character."),
    confirmPassword: str(),
  }),
  AdminSignUpInput: form({
    firstName: str(),
    lastName: str(),
    email: str(),
    contact: str(),
    password: str("At least 8 characters with upper case, lower case, a number and a special character."),
    confirmPassword: str(),
    invitation: str("Optional: the token of an owner's invitation link (the e-mail must be the invited one)."),
  }),
  TrackForm: form({
    name: str(),
    price: str("Dollars, 0 or more, at most 2 decimals (a number in JSON)."),
    duration: str(),
    instructor: str(),
    description: str(),
    image: str(`JPEG, PNG or WebP, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB; optional. On update, omitted keeps the current image.`, {
      contentMediaType: "application/octet-stream",
    }),
  }),
  CourseForm: form({
    title: str(),
    track: str("The track's _id.", { format: "uuid" }),
    description: str(),
    image: str("JPEG, PNG or WebP, at most 5 MB; optional. On update, omitted keeps the current image.", {
      contentMediaType: "application/octet-stream",
    }),
  }),
  InvoiceInput: form({
    learner: str("The learner's _id.", { format: "uuid" }),
    amount: num("Dollars, 0 or more, at most 2 decimals (a numeric string is accepted)."),
    status: str("pending or paid, in any case."),
    dueDate: nullableStr("YYYY-MM-DD; optional. On update, omitted or empty keeps the current due date.", { format: "date" }),
    paymentDetails: nullableStr("Free text; optional."),
  }),
  ProfileForm: form({
    firstName: str(),
    lastName: str(),
    contact: str("Digits, spaces, hyphens, parentheses, optional leading +."),
    location: str(),
    description: str("The bio; required."),
    gender: str("Male or Female."),
    disabled: str("true or false."),
    image: str("JPEG, PNG or WebP, at most 5 MB; optional.", { contentMediaType: "application/octet-stream" }),
    currentPassword: str("With newPassword: changes the password."),
    newPassword: str(),
    confirmNewPassword: str(),
  }),
};

// --- paths -----------------------------------------------------------------------------------------------------

const multipartAndJson = (name: string) => ({
  required: true,
  content: { "multipart/form-data": { schema: ref(name) }, "application/json": { schema: ref(name) } },
});
const jsonBody = (schema: SchemaObject) => ({ required: true, content: json(schema) });

const paths: OpenApiDocument["paths"] = {
  "/api/auth/signup/admin": {
    post: {
      operationId: "signUpAdmin",
      summary: "Admin sign-up; mails a 6-digit verification code.",
      description:
        "The account is a pending staff account until an owner approves it (the first one of an installation becomes " +
        "the owner). With `invitation` (the token of an owner's invitation link, for the invited e-mail) it gets the " +
        "invitation's role when the e-mail is verified.",
      tags: ["auth"],
      requestBody: jsonBody(ref("AdminSignUpInput")),
      responses: {
        "201": ok(
          "Account created; verify the e-mail next.",
          object({ message, email: str("The normalised e-mail the code was sent to.") }),
        ),
        ...errors("400", "409", "429"),
      },
    },
  },
  "/api/auth/signup/learner": {
    post: {
      operationId: "signUpLearner",
      summary: "Learner sign-up; mails a 6-digit verification code.",
      tags: ["auth"],
      requestBody: jsonBody(ref("SignUpInput")),
      responses: {
        "201": ok("Account created; verify the e-mail next.", object({ message, email: str() })),
        ...errors("400", "409", "429"),
      },
    },
  },
  "/api/auth/verify-email": {
    post: {
      operationId: "verifyEmail",
      summary: "Verifies an e-mail address with the mailed code.",
      tags: ["auth"],
      requestBody: jsonBody(form({ email: str(), token: str("The 6-digit code (also accepted as `code`).") })),
      responses: { "200": ok("Verified (or already verified).", ref("Message")), ...errors("400", "429") },
    },
  },
  "/api/auth/resend-token": {
    post: {
      operationId: "resendVerificationCode",
      summary: "Mails a new verification code.",
      tags: ["auth"],
      requestBody: jsonBody(form({ email: str() })),
      responses: { "200": ok("Sent.", ref("Message")), ...errors("400", "429") },
    },
  },
  "/api/auth/forgot-password": {
    post: {
      operationId: "requestPasswordReset",
      summary: "Mails a password-reset link if the account exists; the answer is the same either way.",
      tags: ["auth"],
      requestBody: jsonBody(form({ email: str() })),
      responses: { "200": ok("Accepted.", ref("Message")), ...errors("400", "429") },
    },
  },
  "/api/auth/reset-password": {
    post: {
      operationId: "resetPassword",
      summary: "Sets a new password with the token from the reset link (once).",
      tags: ["auth"],
      requestBody: jsonBody(form({ token: str(), password: str(), confirmPassword: str() })),
      responses: { "200": ok("Password changed; every session is revoked.", ref("Message")), ...errors("400", "429") },
    },
  },
  "/api/auth/unlock": {
    get: {
      operationId: "unlockPage",
      summary: "The page an unlock link opens: a button that posts the link's token (opening it unlocks nothing).",
      tags: ["auth"],
      parameters: [{ name: "token", in: "query", description: "The token of the mailed unlock link.", schema: str() }],
      responses: { "200": { description: "An HTML page.", content: { "text/html": { schema: str() } } } },
    },
    post: {
      operationId: "unlockAccount",
      summary: "Lifts a locked account's lockout with the token of the link mailed to its owner (once, 24 hours).",
      description: "JSON answers JSON; the page's form (application/x-www-form-urlencoded) gets an HTML page.",
      tags: ["auth"],
      requestBody: jsonBody(form({ token: str() })),
      responses: { "200": ok("Unlocked: failed logins from every address are forgotten.", ref("Message")), ...errors("400") },
    },
  },
  "/api/auth/login": {
    post: {
      operationId: "login",
      summary: "Logs in an admin or a learner (the account's role decides which).",
      tags: ["auth"],
      requestBody: jsonBody(form({ email: str(), password: str() })),
      responses: {
        "200": ok("Logged in.", object({ message, token: str("Bearer token for the Authorization header."), user: ref("User") })),
        ...errors("400", "401", "403", "429"),
      },
    },
  },
  "/api/auth/logout": {
    post: {
      operationId: "logoutLearner",
      summary: "Revokes the learner session.",
      description: LEARNER,
      tags: ["auth"],
      security: bearer,
      responses: { "200": ok("Logged out.", ref("Message")), ...errors("401", "403") },
    },
  },
  "/api/admin/auth/logout": {
    post: {
      operationId: "logoutAdmin",
      summary: "Revokes the admin session.",
      description: ADMIN,
      tags: ["auth"],
      security: bearer,
      responses: { "200": ok("Logged out.", ref("Message")), ...errors("401", "403") },
    },
  },
  "/api/auth/check-auth": {
    get: {
      operationId: "checkAuth",
      summary: "The signed-in learner, to check a stored learner token.",
      description: LEARNER,
      tags: ["auth"],
      security: bearer,
      responses: { "200": ok("The session is valid.", object({ user: ref("User") })), ...errors("401", "403") },
    },
  },
  "/api/auth/update": {
    put: {
      operationId: "updateLearnerProfile",
      summary: "Updates the learner's profile, picture and (optionally) password.",
      description: `${LEARNER} A password change answers a new token (older sessions are revoked); otherwise the current token.`,
      tags: ["auth"],
      security: bearer,
      requestBody: multipartAndJson("ProfileForm"),
      responses: {
        "200": ok("Saved.", object({ message, user: ref("User"), token: str() })),
        ...errors("400", "401", "403", "413", "415", "429"),
      },
    },
  },

  "/api/tracks": {
    get: {
      operationId: "listTracks",
      summary: "Every track, newest first (not paged).",
      description: "Public. Read from the GraphQL `tracks` connection 100 at a time, every page.",
      tags: ["tracks"],
      responses: { "200": ok("The catalogue.", object({ tracks: arrayOf(ref("Track")) })) },
    },
    post: {
      operationId: "createTrack",
      summary: "Adds a track.",
      description: `${ADMIN} A blank required field answers '${TRACK_MESSAGES.required}'`,
      tags: ["tracks"],
      security: bearer,
      requestBody: multipartAndJson("TrackForm"),
      responses: {
        "201": ok("Created.", withMessage("track", ref("Track"), true)),
        ...errors("400", "401", "403", "413", "415"),
      },
    },
  },
  "/api/tracks/{id}": {
    get: {
      operationId: "getTrack",
      summary: "One track (as both `track` and `data`).",
      description: "Public.",
      tags: ["tracks"],
      parameters: [idParam("track")],
      responses: {
        "200": ok("The track.", object({ track: ref("Track"), data: ref("Track") })),
        ...errors("404"),
      },
    },
    put: {
      operationId: "updateTrack",
      summary: "Changes a track; a new image replaces (and deletes) the old one.",
      description: ADMIN,
      tags: ["tracks"],
      security: bearer,
      parameters: [idParam("track")],
      requestBody: multipartAndJson("TrackForm"),
      responses: {
        "200": ok("Updated.", withMessage("track", ref("Track"), true)),
        ...errors("400", "401", "403", "404", "413", "415"),
      },
    },
    delete: {
      operationId: "deleteTrack",
      summary: "Deletes a track with its courses, ratings, enrollments and images; its invoices stay without the link.",
      description: ADMIN,
      tags: ["tracks"],
      security: bearer,
      parameters: [idParam("track")],
      responses: { "200": ok("Deleted.", ref("Message")), ...errors("401", "403", "404") },
    },
  },

  "/api/courses": {
    get: {
      operationId: "listCourses",
      summary: "Courses, newest first, 10 a page; `search` matches the title.",
      description: ADMIN,
      tags: ["courses"],
      security: bearer,
      parameters: listParams,
      responses: {
        "200": ok("A page of courses.", object({ courses: arrayOf(ref("Course")), ...paging })),
        ...errors("400", "401", "403"),
      },
    },
    post: {
      operationId: "createCourse",
      summary: "Adds a course to a track.",
      description: ADMIN,
      tags: ["courses"],
      security: bearer,
      requestBody: multipartAndJson("CourseForm"),
      responses: {
        "201": ok("Created.", withMessage("course", ref("Course"), true)),
        ...errors("400", "401", "403", "404", "413", "415"),
      },
    },
  },
  "/api/courses/{id}": {
    put: {
      operationId: "updateCourse",
      summary: "Changes a course; a new image replaces (and deletes) the old one.",
      description: ADMIN,
      tags: ["courses"],
      security: bearer,
      parameters: [idParam("course")],
      requestBody: multipartAndJson("CourseForm"),
      responses: {
        "200": ok("Updated.", withMessage("course", ref("Course"), true)),
        ...errors("400", "401", "403", "404", "413", "415"),
      },
    },
    delete: {
      operationId: "deleteCourse",
      summary: "Deletes a course and its image.",
      description: ADMIN,
      tags: ["courses"],
      security: bearer,
      parameters: [idParam("course")],
      responses: { "200": ok("Deleted.", ref("Message")), ...errors("401", "403", "404") },
    },
  },

  "/api/invoices": {
    get: {
      operationId: "listInvoices",
      summary: "Invoices, newest first, 10 a page; `search` matches the learner's name.",
      description: ADMIN,
      tags: ["invoices"],
      security: bearer,
      parameters: listParams,
      responses: {
        "200": ok("A page of invoices.", object({ invoices: arrayOf(ref("Invoice")), ...paging })),
        ...errors("400", "401", "403"),
      },
    },
    post: {
      operationId: "createInvoice",
      summary: "Records an invoice by hand (bank transfer, mobile money...).",
      description: ADMIN,
      tags: ["invoices"],
      security: bearer,
      requestBody: jsonBody(ref("InvoiceInput")),
      responses: {
        "201": ok("Created.", withMessage("invoice", ref("Invoice"), true)),
        ...errors("400", "401", "403", "404"),
      },
    },
  },
  "/api/invoices/{id}": {
    put: {
      operationId: "updateInvoice",
      summary: "Changes an invoice; the due date only if given.",
      description: ADMIN,
      tags: ["invoices"],
      security: bearer,
      parameters: [idParam("invoice")],
      requestBody: jsonBody(ref("InvoiceInput")),
      responses: {
        "200": ok("Updated.", withMessage("invoice", ref("Invoice"), true)),
        ...errors("400", "401", "403", "404"),
      },
    },
    delete: {
      operationId: "deleteInvoice",
      summary: "Deletes an invoice.",
      description: ADMIN,
      tags: ["invoices"],
      security: bearer,
      parameters: [idParam("invoice")],
      responses: { "200": ok("Deleted.", ref("Message")), ...errors("401", "403", "404") },
    },
  },

  "/api/learners": {
    get: {
      operationId: "listLearners",
      summary: "Learners, newest first, 10 a page; `search` matches first name, last name and e-mail.",
      description: ADMIN,
      tags: ["learners"],
      security: bearer,
      parameters: listParams,
      responses: {
        "200": ok("A page of learners.", object({ learners: arrayOf(ref("Learner")), ...paging })),
        ...errors("400", "401", "403"),
      },
    },
  },

  "/api/enrollments": {
    post: {
      operationId: "checkout",
      summary: "Checkout: enrols the signed-in learner in a track, or starts its card payment.",
      description:
        `${LEARNER} The learner is the session's; the payment page returns to this site's /payment-verification ` +
        "(a callback URL in the body is ignored). A free track enrols at once (201); a paid one answers Paystack's " +
        "payment page (200), to which the browser is sent.",
      tags: ["enrollments"],
      security: bearer,
      requestBody: jsonBody(
        form({
          track: str("The track's _id (also accepted as `trackId`).", { format: "uuid" }),
          contact: str("Required."),
          gender: str("Male or Female; required."),
          location: str(),
          description: str(),
        }),
      ),
      responses: {
        "200": ok(
          "A paid track: go to the payment page.",
          object({ message, authorization_url: str("Paystack's payment page.", { format: "uri" }), reference: str() }),
        ),
        "201": ok("A free track: enrolled.", object({ message, enrolled: { type: "boolean", enum: [true] } })),
        ...errors("400", "401", "403", "404", "409", "429"),
      },
    },
    get: {
      operationId: "myEnrollments",
      summary: "The signed-in learner's enrollments, newest first.",
      description: LEARNER,
      tags: ["enrollments"],
      security: bearer,
      responses: { "200": ok("The enrollments.", object({ enrollments: arrayOf(ref("Enrollment")) })), ...errors("401", "403") },
    },
  },
  "/api/enrollments/learner/{id}": {
    get: {
      operationId: "learnerEnrollments",
      summary: "A learner's enrollments, newest first.",
      description: ADMIN,
      tags: ["enrollments"],
      security: bearer,
      parameters: [idParam("learner")],
      responses: { "200": ok("The enrollments.", object({ enrollments: arrayOf(ref("Enrollment")) })), ...errors("401", "403", "404") },
    },
  },

  "/api/enrollments/verify-payment": {
    post: {
      operationId: "verifyPayment",
      summary: "Checks a card payment by its reference (after the payment page sends the learner back).",
      description: `${LEARNER} Settles the payment (invoice paid, learner enrolled) if Paystack confirms it.`,
      tags: ["enrollments"],
      security: bearer,
      requestBody: jsonBody(form({ reference: str("The `reference` query parameter of /payment-verification.") })),
      responses: {
        "200": ok(
          "The payment's state.",
          object({
            success: { type: "boolean", description: "True when the payment is settled." },
            status: { type: "string", enum: ["paid", "failed", "pending", "not_found"] },
            message,
          }),
        ),
        "400": ok("No reference: `{success: false, message: 'No payment reference was found.'}`, or invalid input.", ref("Error")),
        ...errors("401", "403", "404", "429"),
      },
    },
  },
  "/api/payments/paystack/webhook": {
    post: {
      operationId: "paystackWebhook",
      summary: "Paystack's webhook: a charge.success event settles the payment (in a background job).",
      description:
        "Called by Paystack, not by the apps: the raw body must be signed (HMAC-SHA512 with the secret key) in X-Paystack-Signature.",
      tags: ["payments"],
      requestBody: jsonBody(form({ event: str("e.g. charge.success"), data: form({ reference: str() }) })),
      responses: {
        "200": ok("Received (also for events that are ignored).", object({ received: { type: "boolean" } })),
        "400": ok("The body is not JSON.", ref("Error")),
        "401": ok("The signature is missing or wrong: 'Invalid signature.'", ref("Error")),
        ...errors("413"),
      },
    },
  },

  "/api/reports/export.csv": {
    get: {
      operationId: "exportReport",
      summary: "Revenue and enrollments between two dates, as CSV.",
      description: ADMIN,
      tags: ["reports"],
      security: bearer,
      parameters: [
        { name: "from", in: "query", required: true, description: "First day, YYYY-MM-DD.", schema: str(undefined, { format: "date" }) },
        { name: "to", in: "query", required: true, description: "Last day, YYYY-MM-DD.", schema: str(undefined, { format: "date" }) },
      ],
      responses: {
        "200": { description: "The report.", content: { "text/csv": { schema: str() } } },
        ...errors("400", "401", "403"),
      },
    },
  },

  "/api/admin/staff": {
    get: {
      operationId: "listStaff",
      summary: "Staff accounts, pending ones first, then newest first; `search` matches names and e-mail.",
      description: OWNER,
      tags: ["staff"],
      security: bearer,
      parameters: listParams,
      responses: {
        "200": ok("A page of staff accounts.", object({ staff: arrayOf(ref("Staff")), ...paging })),
        ...errors("400", "401", "403"),
      },
    },
  },
  "/api/admin/staff/invitations": {
    post: {
      operationId: "inviteStaff",
      summary: "Mails an invitation to join the staff with a role (the link works once, for 7 days).",
      description: OWNER,
      tags: ["staff"],
      security: bearer,
      requestBody: jsonBody(form({ email: str(), role: { type: "string", enum: ["owner", "manager", "finance", "instructor"] } })),
      responses: {
        "201": ok("Invited.", withMessage("invitation", ref("StaffInvitation"))),
        ...errors("400", "401", "403"),
      },
    },
  },
  "/api/admin/staff/invitations/{id}/resend": {
    post: {
      operationId: "resendStaffInvitation",
      summary: "Sends an open or expired invitation again with a new link and expiry.",
      description: OWNER,
      tags: ["staff"],
      security: bearer,
      parameters: [idParam("invitation")],
      requestBody: { required: false, content: json(form({}, "Nothing is read from the body.")) },
      responses: { "200": ok("Sent.", withMessage("invitation", ref("StaffInvitation"))), ...errors("401", "403", "404") },
    },
  },
  "/api/admin/staff/{id}/approve": {
    post: {
      operationId: "approveStaff",
      summary: "Approves a pending staff account (its e-mail verified) with a role.",
      description: OWNER,
      tags: ["staff"],
      security: bearer,
      parameters: [idParam("staff account")],
      requestBody: jsonBody(form({ role: { type: "string", enum: ["owner", "manager", "finance", "instructor"] } })),
      responses: { "200": ok("Approved.", withMessage("staff", ref("Staff"))), ...errors("400", "401", "403", "404", "409") },
    },
  },
  "/api/admin/staff/{id}": {
    put: {
      operationId: "updateStaff",
      summary: "Changes a staff member's role, or deactivates (ending every session at once) or reactivates the account.",
      description: `${OWNER} Owners cannot change themselves; the business keeps at least one active owner.`,
      tags: ["staff"],
      security: bearer,
      parameters: [idParam("staff account")],
      requestBody: jsonBody(
        form({ role: { type: "string", enum: ["owner", "manager", "finance", "instructor"] }, disabled: { type: "boolean" } }),
      ),
      responses: { "200": ok("Updated.", withMessage("staff", ref("Staff"))), ...errors("400", "401", "403", "404", "409") },
    },
  },
  "/api/admin/audit": {
    get: {
      operationId: "listAuditLog",
      summary: "The audit log, newest first, 10 a page: every staff write, login and failed login.",
      description: OWNER,
      tags: ["staff"],
      security: bearer,
      parameters: [...AUDIT_PARAMS, listParams[1] as ParameterObject],
      responses: {
        "200": ok("A page of entries.", object({ entries: arrayOf(ref("AuditEntry")), ...paging })),
        ...errors("400", "401", "403"),
      },
    },
  },
  "/api/admin/audit/export.csv": {
    get: {
      operationId: "exportAuditLog",
      summary: "The filtered audit log as CSV (at most 10,000 entries, newest first).",
      description: OWNER,
      tags: ["staff"],
      security: bearer,
      parameters: AUDIT_PARAMS,
      responses: {
        "200": { description: "The entries.", content: { "text/csv": { schema: str() } } },
        ...errors("400", "401", "403"),
      },
    },
  },

  "/api/openapi.json": {
    get: {
      operationId: "openApi",
      summary: "This document.",
      tags: ["meta"],
      responses: { "200": ok("OpenAPI 3.1.", { type: "object" }) },
    },
  },
};

export const openApiDocument: OpenApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "LearnHub REST API",
    version: "1.0.0",
    description:
      "The REST facade the spec's clients call. Every route runs the GraphQL API (/graphql) in-process, so both share " +
      "one set of rules and one authorization. Ids are database UUIDs (`_id`); money is dollars with 2 decimals. " +
      "Refusals answer `{message, errors?}` with a 4xx status.",
  },
  servers: [{ url: "/" }],
  tags: [
    { name: "auth", description: "Sign-up, e-mail verification, sessions, password reset, profile." },
    { name: "tracks", description: "The public catalogue; changes need an admin." },
    { name: "courses", description: "Courses of the tracks (admin)." },
    { name: "invoices", description: "Invoices (admin)." },
    { name: "learners", description: "The learners table (admin)." },
    { name: "enrollments", description: "Who is enrolled in what." },
    { name: "payments", description: "Callbacks from the payment provider." },
    { name: "reports", description: "Reports (admin)." },
    { name: "staff", description: "Staff accounts, invitations and the audit log (owners; an addition to the spec)." },
    { name: "meta", description: "About the API." },
  ],
  paths,
  components: {
    schemas,
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "The token from POST /api/auth/login." },
    },
  },
};

export async function openApiRoutes(app: FastifyInstance) {
  // The same for everyone: kept (and compressed once) by the public cache, with an ETag (api/src/http/public-cache.ts).
  app.get("/api/openapi.json", { config: { publicCache: true } }, async () => openApiDocument);
}
