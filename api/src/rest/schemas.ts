import type { FastifyInstance } from "fastify";
import { type Static, type TSchema, Type } from "typebox";
import { CURRENCY_CODES } from "../../../common/money.ts";
import { PAYMENT_CHANNELS } from "../../../common/payments.ts";
import { MAX_IMAGE_BYTES } from "../domain/images.ts";

/**
 * The JSON schemas of the REST facade, written with TypeBox: the shared components (`Error`, `Track`, `Course`, ...)
 * and the helpers the routes' `schema` options are built from. @fastify/swagger turns them into the OpenAPI document
 * (rest/openapi.ts); Fastify serializes answers with them.
 *
 * Request schemas describe the input for the document only: the REST scope does not refuse a request by them
 * (rest/index.ts), the routes read the input themselves and answer with the product's own messages
 * ("First name is required.", "page must be a whole number from 1.", ...).
 */

// --- building blocks -------------------------------------------------------------------------------------------

type Described = { description?: string };

const text = (description?: string, extra: Record<string, unknown> = {}) =>
  Type.String({ ...(description ? { description } : {}), ...extra });

/** `type: [T, "null"]`, the OpenAPI 3.1 spelling of a nullable value. */
function nullable<S extends TSchema>(schema: S, description?: string) {
  const { type, ...rest } = schema as unknown as { type: string };
  return Type.Unsafe<Static<S> | null>({ ...rest, type: [type, "null"], ...(description ? { description } : {}) });
}

const nullableText = (description?: string, extra: Record<string, unknown> = {}) => nullable(text(undefined, extra), description);
const number = (description?: string) => Type.Number(description ? { description } : {});
const integer = (description?: string) => Type.Integer(description ? { description } : {});
/** A date-time; the serializer writes a Date as its ISO text. */
const dateTime = (description?: string) =>
  Type.Unsafe<string | Date>({ type: "string", format: "date-time", ...(description ? { description } : {}) });
const uuid = (description = "Database id (UUID).") => text(description, { format: "uuid" });

/** One of some texts (`enum`). */
function choice<const T extends string>(values: readonly T[], options: Described = {}) {
  return Type.Unsafe<T>({ type: "string", enum: [...values], ...options });
}

/** One of some texts, or null. */
function choiceOrNull<const T extends string>(values: readonly T[], options: Described = {}) {
  return Type.Unsafe<T | null>({ type: ["string", "null"], enum: [...values, null], ...options });
}

/** An ISO 4217 code of the currencies a business may sell in (common/money.ts). */
const currency = (description = "ISO 4217 currency code of the amount beside it.") => choice(CURRENCY_CODES, { description });

/** An amount with its currency: `amount` in major units (naira, cedis, shillings, rand, dollars), at most 2 decimals. */
const moneyItem = (description: string) =>
  object({ currency: currency("ISO 4217 code."), amount: number("Major units of that currency, at most 2 decimals.") }, { description });

/** A reference to a shared component (`#/components/schemas/<name>` in the document). */
export function ref<S extends TSchema>(component: S, description?: string) {
  const id = (component as { $id?: string }).$id;
  if (!id) throw new Error("ref() needs a shared schema (with an $id)");
  return Type.Unsafe<Static<S>>({ $ref: `${id}#`, ...(description ? { description } : {}) });
}

/** An object whose listed properties are all present in answers (required) unless wrapped in Type.Optional. */
const object = Type.Object;

/** A request body: nothing is required by the schema, the route answers a missing field with the form's message. */
function form<P extends Record<string, TSchema>>(properties: P, description?: string) {
  return Type.Partial(Type.Object(properties, description ? { description } : {}));
}

const message = text("What happened, for the user.");

// --- shared components -----------------------------------------------------------------------------------------

export const ErrorSchema = object(
  {
    message: text("The message to show."),
    errors: Type.Optional(
      Type.Array(object({ field: Type.Optional(text("Input field, when the problem is about one.")), message: text() }), {
        description: "One message per problem (per field for invalid input).",
      }),
    ),
  },
  { $id: "Error", description: "Every refusal: `{message, errors?}`." },
);

export const MessageSchema = object({ message }, { $id: "Message" });

/** A DELETE's answer: the spec's `{message}` plus whether the record had history and was archived instead (restorable). */
export const DeletedSchema = object(
  {
    message,
    archived: Type.Optional(
      Type.Boolean({
        description:
          "Present (true) when the record had history (enrollments, invoices) and was archived instead of deleted; POST .../restore brings it back. Absent when it was deleted.",
      }),
    ),
  },
  { $id: "Deleted" },
);

const GENDER = ["Male", "Female"] as const;
const STAFF_ROLE = ["owner", "manager", "finance", "instructor"] as const;

export const UserSchema = object(
  {
    _id: uuid(),
    role: choice(["admin", "learner"]),
    firstName: text(),
    lastName: text(),
    email: text(undefined, { format: "email" }),
    image: nullableText("Public path of the picture, e.g. /uploads/<name>.png."),
    contact: text(),
    createdAt: dateTime(),
    location: Type.Optional(nullableText("Learners only.")),
    gender: Type.Optional(choiceOrNull(GENDER, { description: "Learners only." })),
    description: Type.Optional(nullableText("Learners only: the bio.")),
    disabled: Type.Optional(Type.Boolean({ description: "Learners only." })),
  },
  { $id: "User", description: "The signed-in account as the `user`/`learnerUser` storage keys hold it." },
);

export const TrackRefSchema = object({ _id: uuid(), name: text() }, { $id: "TrackRef" });
export const LessonRefSchema = object(
  {
    _id: uuid(),
    title: text(),
    kind: choice(["text", "video", "file", "quiz"]),
    minutes: integer("Estimated minutes."),
    preview: Type.Boolean({ description: "A free-preview lesson: anyone may open it." }),
  },
  { $id: "LessonRef", description: "A lesson's outline (its content is read through GraphQL by those allowed)." },
);

export const CourseRefSchema = object(
  {
    _id: uuid(),
    title: text(),
    lessons: Type.Optional(Type.Array(ref(LessonRefSchema), { description: "GET /api/tracks/{id}: the course's lessons, in order." })),
  },
  { $id: "CourseRef" },
);

/** A cohort as the track page and the cohort routes answer it (docs/cohorts.md). */
export const CohortSchema = object(
  {
    _id: uuid(),
    name: text(),
    startsAt: dateTime("When it starts."),
    endsAt: dateTime("When it ends."),
    enrollmentOpensAt: nullable(dateTime(), "When enrollment opens; null: as soon as it is published."),
    enrollmentClosesAt: nullable(dateTime(), "When enrollment closes; null: when the cohort ends."),
    capacity: nullable(integer(), "Seats; null for unlimited."),
    seatsLeft: nullable(integer(), "Seats still free; null when unlimited."),
    status: choice(["draft", "open", "full", "running", "closed", "finished"], {
      description: "Derived from its dates, window and seats; only `open` takes enrollments (draft: staff only).",
    }),
  },
  { $id: "Cohort", description: "A dated intake of a cohort track." },
);

export const TrackSchema = object(
  {
    _id: uuid(),
    name: text(),
    price: number("The main price in major units of `currency` (dollars on a default install), at most 2 decimals."),
    currency: currency("The main price's currency: always the business currency (GET /api/settings), e.g. USD."),
    prices: Type.Array(moneyItem("A price the track is sold at."), {
      description:
        "Every price the track is sold at: the main one (`price`, `currency`) first, then its own prices in further currencies (set by staff; no exchange rates). A checkout may pay in any of these currencies.",
    }),
    duration: text("Free text, e.g. '2 weeks'."),
    instructor: text(),
    description: text(),
    image: nullableText("Public path of the cover image."),
    // Optional in the document: clients written before drafts existed keep validating; every answer has it.
    status: Type.Optional(
      text('"published", or "draft" (staff only: learners and anonymous callers never see a draft).', { enum: ["draft", "published"] }),
    ),
    averageRating: nullable(number(), "Average of the learners' ratings (1 to 5, one decimal); null before the first."),
    reviewCount: integer("How many learners rated the track."),
    ratings: Type.Optional(
      Type.Array(object({ rating: number("1 to 5.") }), { description: "The learners' ratings (without who gave them)." }),
    ),
    courses: Type.Array(ref(CourseRefSchema), { description: "Included courses, oldest first." }),
    // Optional in the document: clients written before cohorts existed keep validating; every answer has it.
    mode: Type.Optional(
      choice(["self_paced", "cohort"], { description: "self_paced (the default) or cohort: sold in dated cohorts (docs/cohorts.md)." }),
    ),
    cohorts: Type.Optional(
      Type.Array(ref(CohortSchema), {
        description:
          "GET /api/tracks/{id} of a cohort track only: its cohorts, earliest first (published ones; staff who read the catalogue see drafts too).",
      }),
    ),
    instalmentPlan: Type.Optional(
      object(
        {
          parts: integer("How many parts (2..12)."),
          interval: text("weekly or monthly.", { enum: ["weekly", "monthly"] }),
          firstAmount: number("The first part, in major units of `currency`."),
          currency: currency("The main price's currency."),
          schedule: Type.Array(
            object({
              number: integer("1 for the part paid at checkout."),
              amount: number("Major units of `currency`."),
              dueOn: text("The day it falls due for a purchase made today (YYYY-MM-DD).", { format: "date" }),
            }),
            { description: "The parts of a purchase made today: the first, then the rest split evenly, the last absorbing the rounding." },
          ),
        },
        { description: "GET /api/tracks/{id} only, when the track has one: its instalment plan (docs/payments.md, Instalments)." },
      ),
    ),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  },
  { $id: "Track", description: "A track of the catalogue." },
);

export const CourseSchema = object(
  { _id: uuid(), title: text(), description: text(), image: nullableText(), track: ref(TrackRefSchema), createdAt: dateTime() },
  { $id: "Course" },
);

export const LearnerRefSchema = object(
  { _id: uuid(), firstName: text(), lastName: text(), email: text(), image: nullableText() },
  { $id: "LearnerRef" },
);

const INVOICE_STATUS = ["pending", "paid", "failed", "partially_refunded", "refunded", "void", "abandoned"] as const;

export const InvoiceSchema = object(
  {
    _id: uuid(),
    number: text("The invoice number, <prefix>-<year>-<000123>: unique and gapless per year, given at creation, never changed."),
    learner: Type.Unsafe<Static<typeof LearnerRefSchema> | null>({
      oneOf: [{ $ref: "LearnerRef#" }, { type: "null" }],
      description: "Null when the learner was deleted.",
    }),
    track: Type.Unsafe<Static<typeof TrackRefSchema> | null>({
      oneOf: [{ $ref: "TrackRef#" }, { type: "null" }],
      description: "The track the invoice is for (card payments, and manual invoices written for a track); null otherwise.",
    }),
    amount: number("Major units of `currency` (dollars on a default install), at most 2 decimals."),
    currency: currency("The invoice's own currency; it never changes once paid."),
    dueDate: nullableText("YYYY-MM-DD; when null the screens show createdAt.", { format: "date" }),
    status: choice(INVOICE_STATUS, {
      description:
        "pending and paid as in the spec; 'failed' only for card payments that failed; 'partially_refunded' and 'refunded' are paid invoices refunded in part or in full; 'void' was cancelled by finance; 'abandoned' is a card checkout never paid.",
    }),
    paymentDetails: nullableText("Free text, e.g. bank transfer or mobile money."),
    paymentChannel: choiceOrNull([...PAYMENT_CHANNELS, "eft"], {
      description:
        "The Paystack channel it was paid by (docs/payments.md, Channels), by Paystack's name; kept while a bank transfer, USSD or mobile money payment is pending; null when paid another way.",
    }),
    description: nullableText('What the invoice is for when it is not a track (an "Other" line written by staff).'),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  },
  { $id: "Invoice" },
);

export const LearnerSchema = object(
  {
    _id: uuid(),
    firstName: text(),
    lastName: text(),
    email: text(),
    contact: text(),
    location: nullableText(),
    gender: choiceOrNull(GENDER),
    description: nullableText("The bio."),
    image: nullableText(),
    createdAt: dateTime("Date joined."),
    disabled: Type.Boolean(),
    enrollments: Type.Array(object({ _id: uuid(), track: ref(TrackRefSchema) }), {
      description: "Tracks the learner is enrolled in (newest first, at most 100).",
    }),
    courseCount: integer("How many tracks the learner is enrolled in (the COURSES column)."),
    totalPaid: number(
      "What the learner paid (paid invoices less refunds) in major units of `currency`: the currency they paid in, or the business currency when they paid in several including it, or nothing.",
    ),
    currency: currency("The currency of totalPaid."),
    totalsPaid: Type.Array(moneyItem("What the learner paid in one currency."), {
      description: "What the learner paid per currency (only currencies paid in); amounts in different currencies are never added.",
    }),
  },
  { $id: "Learner" },
);

export const StaffSchema = object(
  {
    _id: uuid(),
    firstName: text(),
    lastName: text(),
    email: text(),
    contact: text(),
    image: nullableText(),
    role: choiceOrNull(STAFF_ROLE, { description: "Null while pending." }),
    status: choice(["pending", "active", "disabled"]),
    emailVerified: Type.Boolean(),
    approvedAt: nullable(dateTime()),
    createdAt: dateTime(),
    assignedTracks: Type.Array(ref(TrackRefSchema), { description: "Instructors: the tracks whose courses they may edit." }),
  },
  { $id: "Staff" },
);

export const StaffInvitationSchema = object(
  {
    _id: uuid(),
    email: text(),
    role: choice(STAFF_ROLE),
    status: choice(["open", "expired", "accepted", "revoked"]),
    expiresAt: dateTime(),
    createdAt: dateTime(),
  },
  { $id: "StaffInvitation" },
);

export const AuditEntrySchema = object(
  {
    _id: uuid(),
    actorId: nullableText("Null for a failed login.", { format: "uuid" }),
    actorEmail: text(),
    actorRole: nullableText(),
    action: text("`<entity>.<verb>`, e.g. track.update, staff.approve, login.failed."),
    entityType: text(),
    entityId: nullableText(),
    // Any keys: the serializer must keep them all.
    changes: Type.Unsafe<Record<string, unknown> | null>({
      type: ["object", "null"],
      additionalProperties: true,
      description: "For each changed field, [before, after].",
    }),
    ip: nullableText(),
    createdAt: dateTime(),
  },
  { $id: "AuditEntry" },
);

export const EnrollmentSchema = object(
  {
    _id: uuid(),
    status: choice(["active", "completed"]),
    track: object({ _id: uuid(), name: text(), image: nullableText() }),
    progress: Type.Optional(integer("The share of the track's lessons done, 0 to 100.")),
    cohort: Type.Optional(
      nullable(
        object({ _id: uuid(), name: text(), startsAt: dateTime(), endsAt: dateTime() }),
        "The cohort the learner is in (a cohort track); null for a self-paced track.",
      ),
    ),
    createdAt: dateTime("When the learner was enrolled."),
  },
  { $id: "Enrollment" },
);

/** A learner's instalment plan (docs/payments.md, Instalments): finance's list and the learner's own plans. */
export const PaymentPlanSchema = object(
  {
    _id: uuid(),
    status: choice(["pending", "active", "completed", "cancelled"], {
      description:
        "pending: part 1's checkout is not paid (yet); active: part 1 paid, later parts being paid; completed: every part paid or waived; cancelled: by finance (or a refund that took access back), its unpaid parts voided.",
    }),
    learner: Type.Unsafe<Static<typeof LearnerRefSchema> | null>({
      oneOf: [{ $ref: "LearnerRef#" }, { type: "null" }],
      description: "Null when the learner was deleted.",
    }),
    track: Type.Unsafe<Static<typeof TrackRefSchema> | null>({
      oneOf: [{ $ref: "TrackRef#" }, { type: "null" }],
      description: "The track the plan pays for.",
    }),
    currency: currency("The plan's currency: every part is in it."),
    total: number("What all parts add up to, in major units of `currency`."),
    partCount: integer("How many parts (2 to 12)."),
    paidParts: integer("How many parts are paid (refunded ones included)."),
    overdueParts: integer("Unpaid later parts whose due date has passed."),
    nextDueOn: nullableText("The next unpaid part's due date (YYYY-MM-DD); null when none is left.", { format: "date" }),
    paused: Type.Boolean({ description: "Whether the learner's access to the track is paused (a part unpaid past the grace days)." }),
    createdAt: dateTime("When the plan was made (part 1's checkout)."),
    parts: Type.Array(
      object({
        number: integer("1 for the part paid at checkout."),
        amount: number("Major units of `currency`, at most 2 decimals."),
        currency: currency("The part's currency (the plan's)."),
        dueOn: nullableText("When it falls due (YYYY-MM-DD); null for part 1, paid at checkout.", { format: "date" }),
        status: choice(INVOICE_STATUS, {
          description:
            "The part's invoice status: pending (to pay), paid, void (waived, or voided by a cancellation), partially_refunded or refunded; failed or abandoned for a part 1 never paid.",
        }),
        paidAt: nullable(dateTime(), "When it was paid; null until then."),
        invoice: object({ _id: uuid("The part's invoice: waive, move or pay it by this id."), number: text("The invoice number.") }),
      }),
      {
        description:
          "Its parts, part 1 first, each its own numbered invoice; the later parts exist once part 1 is paid (a pending plan has part 1 only).",
      },
    ),
  },
  { $id: "PaymentPlan" },
);

const PASSWORD = "At least 8 characters with upper case, lower case, a number and a special character.";
const IMAGE = `JPEG, PNG or WebP, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB; optional. On update, omitted keeps the current image.`;
const file = (description: string) => text(description, { contentMediaType: "application/octet-stream" });

export const SignUpInputSchema = form(
  { firstName: text(), lastName: text(), email: text(), contact: text(), password: text(PASSWORD), confirmPassword: text() },
  "Every field is required.",
);
export const AdminSignUpInputSchema = form({
  firstName: text(),
  lastName: text(),
  email: text(),
  contact: text(),
  password: text(PASSWORD),
  confirmPassword: text(),
  invitation: text("Optional: the token of an owner's invitation link (the e-mail must be the invited one)."),
});
export const TrackFormSchema = form({
  name: text(),
  price: text(
    "The main price in the business currency's major units (dollars by default), 0 or more, at most 2 decimals (a number in JSON).",
  ),
  duration: text(),
  instructor: text(),
  description: text(),
  image: file(IMAGE),
  status: text('New tracks only: "draft" keeps the track from learners until it is published; omitted, it is published at once.', {
    enum: ["draft", "published"],
  }),
  mode: text('"self_paced" or "cohort" (docs/cohorts.md); omitted: self_paced for a new track, unchanged on an update.', {
    enum: ["self_paced", "cohort"],
  }),
});
export const CohortFormSchema = form({
  name: text("Required, at most 120 characters."),
  startsAt: text("Required.", { format: "date-time" }),
  endsAt: text("Required, after startsAt.", { format: "date-time" }),
  enrollmentOpensAt: nullableText("Optional: empty opens enrollment when the cohort is published.", { format: "date-time" }),
  enrollmentClosesAt: nullableText("Optional, after enrollmentOpensAt: empty closes enrollment when the cohort ends.", {
    format: "date-time",
  }),
  capacity: nullable(integer(), "Seats, a whole number of 1 or more; empty or null for unlimited. Never below the seats taken."),
  published: Type.Boolean({ description: "true publishes it; false or omitted keeps it a draft (staff only)." }),
});
export const CourseFormSchema = form({
  title: text(),
  track: text("The track's _id.", { format: "uuid" }),
  description: text(),
  image: file(IMAGE),
});
export const InvoiceInputSchema = form({
  learner: text("The learner's _id.", { format: "uuid" }),
  amount: number(
    "Major units of the invoice's currency (dollars by default), 0 or more, at most 2 decimals (a numeric string is accepted).",
  ),
  currency: text(
    "The invoice's currency (NGN, GHS, KES, ZAR or USD); optional: a new invoice takes the business currency, an update keeps its own.",
    {
      enum: [...CURRENCY_CODES],
    },
  ),
  status: text("pending or paid, in any case."),
  dueDate: nullableText("YYYY-MM-DD; optional. On update, omitted or empty keeps the current due date.", { format: "date" }),
  paymentDetails: nullableText("Free text; optional."),
  track: nullableText("Optional: the _id of the track the invoice is for. On update, omitted keeps it and null clears it.", {
    format: "uuid",
  }),
  description: nullableText(
    "Optional: what the invoice is for when it is not a track, at most 200 characters (not both). On update, omitted keeps it.",
  ),
});
export const VoidInputSchema = form({ reason: text("Why the invoice is voided: required, at most 500 characters.") });
export const ProfileFormSchema = form({
  firstName: text(),
  lastName: text(),
  contact: text("Digits, spaces, hyphens, parentheses, optional leading +."),
  location: text(),
  description: text("The bio; required."),
  gender: text("Male or Female."),
  disabled: text("true or false."),
  image: file("JPEG, PNG or WebP, at most 5 MB; optional."),
  currentPassword: text("With newPassword: changes the password."),
  newPassword: text(),
  confirmNewPassword: text(),
});

const COMPONENTS = [
  ErrorSchema,
  MessageSchema,
  DeletedSchema,
  UserSchema,
  TrackRefSchema,
  CourseRefSchema,
  CohortSchema,
  TrackSchema,
  CourseSchema,
  LessonRefSchema,
  LearnerRefSchema,
  InvoiceSchema,
  LearnerSchema,
  StaffSchema,
  StaffInvitationSchema,
  AuditEntrySchema,
  EnrollmentSchema,
  PaymentPlanSchema,
];

/** The shared answer components, for `$ref` in the routes' schemas (and `components.schemas` in the document). */
export function addSharedSchemas(app: FastifyInstance) {
  for (const schema of COMPONENTS) app.addSchema(schema);
}

// --- route schema helpers --------------------------------------------------------------------------------------

/** A JSON answer with the response's description (the document's `description` of that status). */
export function answer<S extends TSchema>(description: string, schema: S) {
  return { ...schema, description } as S;
}

const ERROR_TEXT = {
  400: "Invalid input: `message` is the first problem, `errors` lists one message per field.",
  401: "No valid session: 'Authentication token not found. Please log in.'",
  403: "The session's role may not do this (or the account is not verified or disabled).",
  404: "Not found.",
  409: "Conflicts with existing data (e.g. the e-mail is taken).",
  413: "The upload is over 5 MB ('Image must be 5 MB or smaller.') or the body is too large.",
  415: "The body is neither JSON nor a multipart form: 'Send JSON or a multipart form.'",
  429: "Too many attempts; see the Retry-After header.",
} as const;

export type ErrorStatus = keyof typeof ERROR_TEXT;

/** `{message, errors}` answers for the given statuses. */
export function errors(...statuses: ErrorStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer(status)]));
}

export function errorAnswer(status: ErrorStatus, description: string = ERROR_TEXT[status]) {
  const schema = { $ref: "Error#", description } as Record<string, unknown>;
  if (status === 429) schema.headers = { "Retry-After": { type: "integer", description: "Seconds to wait." } };
  return schema;
}

/** Any other refusal (404 on a bad id, 413, ...): the same `{message, errors}` shape. */
export const ANY_REFUSAL = { "4xx": { $ref: "Error#", description: "Any other refusal, with its status." } };

/** A CSV answer. */
export const csvAnswer = (description: string) => ({ description, content: { "text/csv": { schema: { type: "string" } } } });
/** A PDF answer. */
export const pdfAnswer = (description: string) => ({
  description,
  content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
});

export const uuidParams = (what: string) =>
  object({ id: uuid(`The ${what}'s database id (UUID). Anything that is not a UUID answers 404.`) });

export const listQuerySchema = object({
  search: Type.Optional(text("Words that must all match (case-insensitive).")),
  page: Type.Optional(Type.Integer({ minimum: 1, description: "1-based page number; 10 rows a page." })),
});

/** GET /api/invoices: the list query and an optional status (every status but abandoned when omitted). */
export const invoiceListQuerySchema = object({
  ...listQuerySchema.properties,
  status: Type.Optional(
    choice(["pending", "paid", "failed", "partially_refunded", "refunded", "void", "abandoned"], {
      description: "Only invoices in this status; omitted, every status but abandoned checkouts.",
    }),
  ),
});

export const paging = {
  page: integer("The page answered (1-based)."),
  totalPages: integer("At least 1."),
  total: integer("Rows matching the search, over all pages."),
};

/** `{message, <key>: X}`: a write's answer with the written resource. */
export function withMessage<K extends string, S extends TSchema>(key: K, schema: S) {
  return object({ message, ...({ [key]: schema } as { [P in K]: S }) });
}

/** `{message, <key>: X, data: X}`: the same, with the resource also as `data` (the web clients read either). */
export function withMessageAndData<K extends string, S extends TSchema>(key: K, schema: S) {
  return object({ message, ...({ [key]: schema } as { [P in K]: S }), data: schema });
}

/** The multipart or JSON body of the catalogue and profile forms. */
export const MULTIPART_OR_JSON = ["multipart/form-data", "application/json"];

export { choice, currency, form, integer, message, moneyItem, nullableText, number, object, text, uuid };
export const STAFF_ROLES_OUT = STAFF_ROLE;
