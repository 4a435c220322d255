import { decodeGlobalID } from "@pothos/plugin-relay";
import type { Static } from "typebox";
import { UUID_PATTERN } from "../../../common/formats.ts";
import type { CurrencyCode } from "../../../common/money.ts";
import type { PaystackChannelName } from "../../../common/payments.ts";
import { trackPrices } from "../domain/catalogue/prices.ts";
import { averageRating } from "../domain/catalogue/ratings.ts";
import type { TrackWithCourses } from "../domain/catalogue/tracks.ts";
import { toMajorUnits } from "../domain/money.ts";
import type { StaffInvitationSchema, StaffSchema } from "./schemas.ts";

/**
 * The GraphQL selections of the REST routes and their mapping to the JSON the web clients read (docs/product.md,
 * Entities): database ids as `_id`, amounts as numbers in major units with their `currency` beside them, enum values
 * spelled as there. The answers' schemas are in
 * rest/schemas.ts.
 */

type Node = Record<string, any>;

/** REST speaks database ids (`_id`); GraphQL speaks Relay global ids. */
export function toRawId(globalId: string): string {
  return decodeGlobalID(globalId).id;
}

export const PAGE_SIZE = 10;

/** The paging part of a list answer. */
export function pageInfo(page: number, total: number) {
  return { page, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
}

// --- accounts ----------------------------------------------------------------------------------------------------

export const USER_FIELDS = `
  __typename id firstName lastName email image
  ... on Admin { contact createdAt }
  ... on Learner { contact location gender description: bio disabled createdAt }
`;

/** The same for a field typed Learner (an Admin fragment may not be spread there). */
export const LEARNER_FIELDS = "__typename id firstName lastName email image contact location gender description: bio disabled createdAt";

const GENDER_OUT: Record<string, "Male" | "Female"> = { MALE: "Male", FEMALE: "Female" };

export function userJson(account: Node) {
  const base = {
    _id: toRawId(account.id),
    role: account.__typename === "Admin" ? ("admin" as const) : ("learner" as const),
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    image: account.image ?? null,
    contact: account.contact,
    createdAt: account.createdAt,
  };
  if (account.__typename !== "Learner") return base;
  return {
    ...base,
    location: account.location ?? null,
    gender: account.gender ? (GENDER_OUT[account.gender] ?? null) : null,
    description: account.description ?? null,
    disabled: account.disabled,
  };
}

// --- catalogue and back office -----------------------------------------------------------------------------------

export const TRACK_FIELDS = `id name price currency prices { currency amount } duration instructor description image status averageRating
  reviewCount createdAt updatedAt courses { id title } mode`;

/** A cohort as GET /api/tracks/{id} and the cohort routes answer it (docs/cohorts.md). */
export const COHORT_FIELDS = "id name startsAt endsAt enrollmentOpensAt enrollmentClosesAt capacity seatsLeft status";

export const COURSE_FIELDS = "id title description image createdAt track { id name }";

export const INVOICE_FIELDS = `id number amount currency dueDate status paymentDetails paymentChannel description createdAt updatedAt
  learner { id firstName lastName email image } track { id name }`;

/** A learner row of the back-office table, with the tracks it is enrolled in (loaded by the same SQL query). */
export const LEARNER_ROW_FIELDS = `id firstName lastName email image contact location gender description: bio disabled createdAt
  courseCount: trackCount totalPaid totalPaidMoney { currency } totalsPaid { currency amount }
  enrollments(first: 100) { edges { node { id track { id name } } } }`;

/** A course's lessons for GET /api/tracks/{id}: the outline only, never the content. */
export const LESSON_OUTLINE_FIELDS = "lessons(first: 100) { edges { node { id title kind minutes freePreview } } }";

/** A lesson's outline (LessonRef), from GraphQL (a global id) or from the domain's catalogue read (a database id). */
export function lessonRefJson(lesson: Node) {
  return {
    _id: UUID_PATTERN.test(lesson.id) ? (lesson.id as string) : toRawId(lesson.id),
    title: lesson.title as string,
    kind: String(lesson.kind).toLowerCase() as "text" | "video" | "file" | "quiz",
    minutes: lesson.minutes as number,
    preview: lesson.freePreview === true,
  };
}

export const ENROLLMENT_FIELDS = "id status progress createdAt track { id name image } cohort { id name startsAt endsAt }";

/** Cohort (docs/cohorts.md), from the GraphQL selection COHORT_FIELDS; `status` in lower case. */
export function cohortJson(cohort: Node) {
  return {
    _id: toRawId(cohort.id),
    name: cohort.name as string,
    startsAt: cohort.startsAt as string,
    endsAt: cohort.endsAt as string,
    enrollmentOpensAt: (cohort.enrollmentOpensAt ?? null) as string | null,
    enrollmentClosesAt: (cohort.enrollmentClosesAt ?? null) as string | null,
    capacity: (cohort.capacity ?? null) as number | null,
    seatsLeft: (cohort.seatsLeft ?? null) as number | null,
    status: String(cohort.status).toLowerCase() as "draft" | "open" | "full" | "running" | "closed" | "finished",
  };
}

type Ref<K extends string> = { _id: string } & Record<K, any>;

/** `{_id, ...keys}` of a linked resource GraphQL answers (never null there). */
const refOf = <K extends string>(node: Node, ...keys: K[]): Ref<K> =>
  ({ _id: toRawId(node.id), ...Object.fromEntries(keys.map((k) => [k, node[k] ?? null])) }) as Ref<K>;

/** The same for a link that may be gone (an invoice's learner or track). */
const ref = <K extends string>(node: Node | null | undefined, ...keys: K[]): Ref<K> | null => (node ? refOf(node, ...keys) : null);

/**
 * Track (docs/product.md, Entities), from the GraphQL selection TRACK_FIELDS and the track's rating values (ratingValues). `ratings` lists
 * each rating as `{ rating }`, without the learner who gave it; `averageRating` (null before the first rating) and
 * `reviewCount` are what the screens show from it, kept alongside.
 */
export function trackJson(track: Node, ratings: number[]) {
  const courses = (track.courses as Node[]).map((c) => ({ id: toRawId(c.id), title: c.title }));
  return trackShape({ ...(track as Omit<TrackShape, "ratings">), id: toRawId(track.id), courses, ratings });
}

/** The same JSON from a row of the domain's catalogue read (GET /api/tracks), with the same rules as the GraphQL fields. */
export function trackRowJson(track: TrackWithCourses) {
  return trackShape({
    ...track,
    price: toMajorUnits(track.priceCents, track.currency),
    prices: trackPrices(track).map((p) => ({ currency: p.currency, amount: toMajorUnits(p.priceCents, p.currency) })),
    averageRating: averageRating(track),
    reviewCount: track.ratingCount,
    ratings: track.ratings.map((r) => r.value),
  });
}

interface TrackShape {
  id: string;
  name: string;
  price: number;
  currency: string;
  prices: { currency: string; amount: number }[];
  duration: string;
  instructor: string;
  description: string;
  image: string | null;
  status: "DRAFT" | "PUBLISHED";
  averageRating: number | null;
  reviewCount: number;
  ratings: number[];
  courses: { id: string; title: string; lessons?: Node[] }[];
  mode: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

function trackShape(track: TrackShape) {
  return {
    _id: track.id,
    name: track.name,
    price: track.price,
    currency: track.currency as CurrencyCode,
    prices: track.prices.map((p) => ({ currency: p.currency as CurrencyCode, amount: p.amount })),
    duration: track.duration,
    instructor: track.instructor,
    description: track.description,
    image: track.image ?? null,
    status: track.status === "DRAFT" ? ("draft" as const) : ("published" as const),
    averageRating: track.averageRating ?? null,
    reviewCount: track.reviewCount,
    ratings: track.ratings.map((rating) => ({ rating })),
    courses: track.courses.map((c) => ({ _id: c.id, title: c.title, ...(c.lessons ? { lessons: c.lessons.map(lessonRefJson) } : {}) })),
    mode: track.mode === "COHORT" ? ("cohort" as const) : ("self_paced" as const),
    createdAt: track.createdAt,
    updatedAt: track.updatedAt,
  };
}

export function courseJson(course: Node) {
  return {
    _id: toRawId(course.id),
    title: course.title,
    description: course.description,
    image: course.image ?? null,
    track: refOf(course.track, "name"),
    createdAt: course.createdAt,
  };
}

export function invoiceJson(invoice: Node) {
  return {
    _id: toRawId(invoice.id),
    number: invoice.number as string,
    learner: ref(invoice.learner, "firstName", "lastName", "email", "image"),
    track: ref(invoice.track, "name"),
    amount: invoice.amount,
    currency: invoice.currency as CurrencyCode,
    dueDate: invoice.dueDate ?? null,
    status: String(invoice.status).toLowerCase() as
      | "pending"
      | "paid"
      | "failed"
      | "partially_refunded"
      | "refunded"
      | "void"
      | "abandoned",
    paymentDetails: invoice.paymentDetails ?? null,
    // Paystack's name of the channel it was paid by (GraphQL writes the enum in capitals).
    paymentChannel: invoice.paymentChannel ? (String(invoice.paymentChannel).toLowerCase() as PaystackChannelName) : null,
    description: invoice.description ?? null,
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  };
}

export function learnerRowJson(learner: Node) {
  return {
    _id: toRawId(learner.id),
    firstName: learner.firstName,
    lastName: learner.lastName,
    email: learner.email,
    contact: learner.contact,
    location: learner.location ?? null,
    gender: learner.gender ? (GENDER_OUT[learner.gender] ?? null) : null,
    description: learner.description ?? null,
    image: learner.image ?? null,
    createdAt: learner.createdAt,
    disabled: learner.disabled,
    enrollments: (learner.enrollments.edges as { node: Node }[]).map(({ node }) => ({
      _id: toRawId(node.id),
      track: refOf(node.track, "name"),
    })),
    courseCount: learner.courseCount,
    totalPaid: learner.totalPaid,
    currency: learner.totalPaidMoney.currency as CurrencyCode,
    totalsPaid: (learner.totalsPaid as Node[]).map((t) => ({ currency: t.currency as CurrencyCode, amount: t.amount as number })),
  };
}

export function enrollmentJson(enrollment: Node) {
  return {
    _id: toRawId(enrollment.id),
    status: String(enrollment.status).toLowerCase() as "active" | "completed",
    track: refOf(enrollment.track, "name", "image"),
    progress: enrollment.progress as number,
    cohort: ref(enrollment.cohort as Node | null, "name", "startsAt", "endsAt"),
    createdAt: enrollment.createdAt,
  };
}

// --- instalment plans (docs/payments.md, Instalments) ------------------------------------------------------------

export const PAYMENT_PLAN_FIELDS = `id status currency partCount total { amount } paidParts overdueParts nextDueOn paused createdAt
  learner { id firstName lastName email image } track { id name }
  parts { id number partNumber amount currency dueDate status paidAt }`;

type InvoiceStatusJson = ReturnType<typeof invoiceJson>["status"];

/** A learner's plan: its figures and each part (an invoice of its own) with its number, amount, due date and status. */
export function paymentPlanJson(plan: Node) {
  return {
    _id: toRawId(plan.id),
    status: String(plan.status).toLowerCase() as "pending" | "active" | "completed" | "cancelled",
    learner: ref(plan.learner, "firstName", "lastName", "email", "image"),
    track: ref(plan.track, "name"),
    currency: plan.currency as CurrencyCode,
    total: plan.total.amount as number,
    partCount: plan.partCount as number,
    paidParts: plan.paidParts as number,
    overdueParts: plan.overdueParts as number,
    nextDueOn: (plan.nextDueOn as string | null) ?? null,
    paused: plan.paused as boolean,
    createdAt: plan.createdAt,
    parts: (plan.parts as Node[]).map((part) => ({
      number: part.partNumber as number,
      amount: part.amount as number,
      currency: part.currency as CurrencyCode,
      dueOn: (part.dueDate as string | null) ?? null,
      status: String(part.status).toLowerCase() as InvoiceStatusJson,
      paidAt: part.paidAt ?? null,
      invoice: { _id: toRawId(part.id), number: part.number as string },
    })),
  };
}

/** A saved card as the learner may see it: never its authorization code (GraphQL does not have it either). */
export const SAVED_CARD_FIELDS = "brand last4 expiry currency";

// --- staff and audit log -----------------------------------------------------------------------------------------

export const STAFF_FIELDS = `id firstName lastName email contact image staffRole status emailVerified approvedAt createdAt
  assignedTracks { id name }`;
export const INVITATION_FIELDS = "id email role status expiresAt createdAt";
export const AUDIT_FIELDS = "id actorId actorEmail actorRole action entityType entityId changes ip createdAt";

type StaffJson = Static<typeof StaffSchema>;
type InvitationJson = Static<typeof StaffInvitationSchema>;

const lower = (value: string | null | undefined) => (value ? value.toLowerCase() : null);

export function staffJson(node: Node) {
  return {
    _id: toRawId(node.id),
    firstName: node.firstName,
    lastName: node.lastName,
    email: node.email,
    contact: node.contact,
    image: node.image ?? null,
    role: lower(node.staffRole) as StaffJson["role"],
    status: lower(node.status) as StaffJson["status"],
    emailVerified: node.emailVerified,
    approvedAt: node.approvedAt ?? null,
    createdAt: node.createdAt,
    assignedTracks: (node.assignedTracks ?? []).map((t: Node) => ({ _id: toRawId(t.id), name: t.name })),
  };
}

export const invitationJson = (node: Node) => ({
  _id: toRawId(node.id),
  email: node.email,
  role: lower(node.role) as InvitationJson["role"],
  status: lower(node.status) as InvitationJson["status"],
  expiresAt: node.expiresAt,
  createdAt: node.createdAt,
});

export const auditJson = (node: Node) => ({
  _id: toRawId(node.id),
  actorId: node.actorId ?? null,
  actorEmail: node.actorEmail,
  actorRole: lower(node.actorRole),
  action: node.action,
  entityType: node.entityType,
  entityId: node.entityId ?? null,
  changes: node.changes ? JSON.parse(node.changes) : null,
  ip: node.ip ?? null,
  createdAt: node.createdAt,
});
