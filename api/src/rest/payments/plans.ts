import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { NotFoundError } from "../../domain/errors.ts";
import { PLAN_MESSAGES } from "../../domain/payments/plan-finance.ts";
import type { Services } from "../../services.ts";
import { idParam, jsonBody, planFilterIn, textIn, toGlobalId } from "../input.ts";
import { INVOICE_FIELDS, invoiceJson, PAYMENT_PLAN_FIELDS, paymentPlanJson, SAVED_CARD_FIELDS } from "../json.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import {
  answer,
  choice,
  currency,
  errors,
  form,
  InvoiceSchema,
  listQuerySchema,
  nullableText,
  object,
  PaymentPlanSchema,
  paging,
  ref,
  text,
  uuidParams,
  withMessageAndData,
} from "../schemas.ts";

/**
 * Instalment plans over REST (docs/payments.md, Instalments), the same operations as GraphQL's: finance's list, one
 * plan, cancelling a plan, waiving a part and moving its due date (audited by the domain); the signed-in learner's
 * own plans, saved cards and "Pay now" for a due part. Each route runs the GraphQL field in-process (rest/pipeline.ts),
 * so the rules, the role checks and the audit entries are that field's.
 */

const LIST = `query($filter: PaymentPlanFilter, $page: Int!, $first: Int!) {
  paymentPlans(filter: $filter, page: $page, first: $first) { totalCount edges { node { ${PAYMENT_PLAN_FIELDS} } } }
}`;
const ONE = `query($id: ID!) { plan: node(id: $id) { __typename ... on PaymentPlan { ${PAYMENT_PLAN_FIELDS} } } }`;
const CANCEL = `mutation($id: ID!, $reason: String!) {
  result: cancelPaymentPlan(id: $id, reason: $reason) { ${ERROR_FIELDS} ... on PaymentPlanPayload { plan { ${PAYMENT_PLAN_FIELDS} } } }
}`;
const WAIVE = `mutation($id: ID!, $reason: String!) {
  result: waiveInstalment(id: $id, reason: $reason) { ${ERROR_FIELDS} ... on InstalmentPayload { invoice { ${INVOICE_FIELDS} } } }
}`;
const MOVE = `mutation($id: ID!, $dueOn: String!) {
  result: moveInstalmentDueDate(id: $id, dueOn: $dueOn) { ${ERROR_FIELDS} ... on InstalmentPayload { invoice { ${INVOICE_FIELDS} } } }
}`;
const MINE = `query { myPaymentPlans { ${PAYMENT_PLAN_FIELDS} } }`;
const MY_CARDS = `query { mySavedCards { ${SAVED_CARD_FIELDS} } }`;
const PAY = `mutation($id: ID!) {
  result: payInstalment(id: $id) { ${ERROR_FIELDS} ... on PayInstalmentPayload { authorizationUrl reference } }
}`;

export const PLAN_REST_MESSAGES = {
  cancelled: "Payment plan cancelled.",
  waived: "Instalment waived.",
  moved: "Due date moved.",
} as const;

const planFilterQuery = object({
  page: listQuerySchema.properties.page,
  filter: Type.Optional(
    choice(["all", "active", "overdue", "paused"], {
      description:
        "all (the default): active, completed and cancelled plans, not unpaid checkouts; active; overdue: active with an unpaid part past its due date; paused: active with the learner's access paused.",
    }),
  ),
});

const reasonBody = (what: string) => form({ reason: text(`Why ${what}: required, at most 500 characters (kept in the audit log).`) });

const SavedCardSchema = object({
  brand: nullableText("The card's brand, e.g. visa."),
  last4: nullableText("The card number's last 4 digits."),
  expiry: nullableText("MM/YYYY."),
  currency: currency("The currency it was saved in: it is charged only for plans in it."),
});

/** What a route answered with for a plan's id that names no plan (the same as for a malformed one). */
function planNotFound(error: unknown): never {
  // `node(id:)` of an id of no record may fail with Prisma's "record not found" rather than answer null.
  if ((error as { code?: unknown }).code === "P2025") throw new NotFoundError(PLAN_MESSAGES.planNotFound);
  throw error;
}

export async function paymentPlanRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);

  // --- finance -------------------------------------------------------------------------------------------------

  route.graphql({
    method: "GET",
    url: "/api/payment-plans",
    schema: {
      operationId: "listPaymentPlans",
      summary:
        "Learners' instalment plans, newest first, 10 a page, each with its learner, track, figures and parts; `filter` picks active, overdue or paused plans.",
      tags: ["instalments"],
      querystring: planFilterQuery,
      response: {
        200: answer("A page of plans.", object({ paymentPlans: Type.Array(ref(PaymentPlanSchema)), ...paging })),
        ...errors(400),
      },
    },
    handle: (call) => call.page(LIST, "paymentPlans", paymentPlanJson, { variables: () => ({ filter: planFilterIn(call.req) }) }),
  });

  route.graphql({
    method: "GET",
    url: "/api/payment-plans/:id",
    schema: {
      operationId: "getPaymentPlan",
      summary: "One learner's instalment plan with its parts.",
      tags: ["instalments"],
      params: uuidParams("plan"),
      response: {
        200: answer("The plan.", object({ paymentPlan: ref(PaymentPlanSchema), data: ref(PaymentPlanSchema) })),
        ...errors(404),
      },
    },
    handle: async (call) => {
      const id = idParam(call.req, PLAN_MESSAGES.planNotFound);
      const { plan } = await call.query(ONE, { id: toGlobalId("PaymentPlan", id) }).catch(planNotFound);
      if (plan?.__typename !== "PaymentPlan") throw new NotFoundError(PLAN_MESSAGES.planNotFound);
      const json = paymentPlanJson(plan);
      return { paymentPlan: json, data: json };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/payment-plans/:id/cancel",
    schema: {
      operationId: "cancelPaymentPlan",
      summary:
        "Cancels a plan with a reason: its unpaid parts are voided, paid parts stay paid (refund them per invoice), a paused access resumes. Audited. A plan no longer active (cancelled twice, completed) or with a payment open at Paystack: 409.",
      tags: ["instalments"],
      params: uuidParams("plan"),
      body: reasonBody("the plan is cancelled"),
      response: {
        200: answer("Cancelled.", withMessageAndData("paymentPlan", ref(PaymentPlanSchema))),
        ...errors(400, 404, 409),
      },
    },
    handle: async (call) => {
      const id = idParam(call.req, PLAN_MESSAGES.planNotFound);
      const reason = textIn(jsonBody(call.req).reason, "reason") ?? "";
      const ok = await call.mutate(CANCEL, { id: toGlobalId("PaymentPlan", id), reason });
      const paymentPlan = paymentPlanJson(ok.plan);
      return { message: PLAN_REST_MESSAGES.cancelled, paymentPlan, data: paymentPlan };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/invoices/:id/waive",
    schema: {
      operationId: "waiveInstalment",
      summary:
        "Waives an unpaid later part of an active plan with a reason: its invoice is voided, it counts as settled, a paused access resumes, a plan with nothing left to pay is completed. Audited. Part 1, a part not pending or with a payment open at Paystack: 409.",
      tags: ["instalments"],
      params: uuidParams("part's invoice"),
      body: reasonBody("the part is waived"),
      response: { 200: answer("Waived.", withMessageAndData("invoice", ref(InvoiceSchema))), ...errors(400, 404, 409) },
    },
    handle: async (call) => {
      const id = idParam(call.req, PLAN_MESSAGES.notFound);
      const reason = textIn(jsonBody(call.req).reason, "reason") ?? "";
      const ok = await call.mutate(WAIVE, { id: toGlobalId("Invoice", id), reason });
      const invoice = invoiceJson(ok.invoice);
      return { message: PLAN_REST_MESSAGES.waived, invoice, data: invoice };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/invoices/:id/due-date",
    schema: {
      operationId: "moveInstalmentDueDate",
      summary:
        "Moves an unpaid later part's due date, today or later; its reminder and charge follow the new date and its declined tries start again. Audited. Part 1, a part not pending or with a payment open at Paystack: 409.",
      tags: ["instalments"],
      params: uuidParams("part's invoice"),
      body: form({ dueOn: text("The new due date, YYYY-MM-DD, today or later (UTC).", { format: "date" }) }),
      response: { 200: answer("Moved.", withMessageAndData("invoice", ref(InvoiceSchema))), ...errors(400, 404, 409) },
    },
    handle: async (call) => {
      const id = idParam(call.req, PLAN_MESSAGES.notFound);
      const dueOn = textIn(jsonBody(call.req).dueOn, "dueOn") ?? "";
      const ok = await call.mutate(MOVE, { id: toGlobalId("Invoice", id), dueOn });
      const invoice = invoiceJson(ok.invoice);
      return { message: PLAN_REST_MESSAGES.moved, invoice, data: invoice };
    },
  });

  // --- the signed-in learner's own ------------------------------------------------------------------------------

  route.graphql({
    method: "GET",
    url: "/api/me/payment-plans",
    schema: {
      operationId: "myPaymentPlans",
      summary: "The signed-in learner's instalment plans (active and finished, not unpaid checkouts), newest first, with their parts.",
      tags: ["instalments"],
      response: { 200: answer("The learner's plans.", object({ paymentPlans: Type.Array(ref(PaymentPlanSchema)) })) },
    },
    handle: async (call) => {
      const { myPaymentPlans } = await call.query(MINE);
      return { paymentPlans: (myPaymentPlans as Record<string, unknown>[]).map(paymentPlanJson) };
    },
  });

  route.graphql({
    method: "GET",
    url: "/api/me/saved-cards",
    schema: {
      operationId: "mySavedCards",
      summary:
        "The signed-in learner's saved cards, charged for later parts on their due dates: brand, last 4 digits, expiry, currency. Never the card's code.",
      tags: ["instalments"],
      response: { 200: answer("The learner's cards.", object({ savedCards: Type.Array(SavedCardSchema) })) },
    },
    handle: async (call) => {
      const { mySavedCards } = await call.query(MY_CARDS);
      return { savedCards: mySavedCards };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/me/invoices/:id/pay",
    schema: {
      operationId: "payInstalment",
      summary:
        'The learner\'s "Pay now" for a later part of their own plan that is due within 3 days or overdue: answers its Paystack payment page (the same page again while it is open), settled as a checkout is (back through /payment-verification).',
      description:
        "Another learner's part, or an invoice that is no later part, answers 404; a part not due yet, already paid, of a plan no longer active, or being charged to the saved card answers 409.",
      tags: ["instalments"],
      params: uuidParams("part's invoice"),
      body: form({}, "Nothing is read from the body."),
      response: {
        200: answer(
          "Send the browser to the payment page.",
          object({
            authorizationUrl: text("Paystack's payment page.", { format: "uri" }),
            reference: text("The payment's reference (/payment-verification?reference=...)."),
          }),
        ),
        ...errors(404, 409),
        502: { $ref: "Error#", description: "Paystack could not start the payment: nothing was kept; try again." },
      },
    },
    handle: async (call) => {
      const id = idParam(call.req, PLAN_MESSAGES.notFound);
      const ok = await call.mutate(PAY, { id: toGlobalId("Invoice", id) });
      return { authorizationUrl: ok.authorizationUrl as string, reference: ok.reference as string };
    },
  });
}
