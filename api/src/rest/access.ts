import type { Audience } from "../domain/staff/permissions.ts";

/**
 * Who may call each REST route, by `METHOD /path/{param}` as the OpenAPI document names it. The REST scope enforces
 * it before a route's handler runs (rest/index.ts), and refuses to start with a route that has no entry;
 * reliability/roles.test.ts calls every route as every kind of caller against it.
 */
export const REST_ACCESS: Record<string, Audience> = {
  "POST /api/auth/signup/admin": "anyone",
  "POST /api/auth/signup/learner": "anyone",
  "POST /api/auth/verify-email": "anyone",
  "POST /api/auth/resend-token": "anyone",
  "POST /api/auth/forgot-password": "anyone",
  "POST /api/auth/reset-password": "anyone",
  "POST /api/auth/login": "anyone",
  "POST /api/auth/logout": "learner",
  "POST /api/admin/auth/logout": "anyStaff",
  "GET /api/auth/check-auth": "learner",
  "PUT /api/auth/update": "learner",
  "GET /api/tracks": "anyone",
  "GET /api/tracks/{id}": "anyone",
  "POST /api/tracks": "editCatalogue",
  "PUT /api/tracks/{id}": "editCatalogue",
  "DELETE /api/tracks/{id}": "editCatalogue",
  "GET /api/courses": "readCatalogue",
  "POST /api/courses": "editCourses",
  "PUT /api/courses/{id}": "editCourses",
  "DELETE /api/courses/{id}": "editCourses",
  "GET /api/invoices": "readInvoices",
  "POST /api/invoices": "editInvoices",
  "PUT /api/invoices/{id}": "editInvoices",
  "DELETE /api/invoices/{id}": "editInvoices",
  "GET /api/learners": "readLearners",
  "GET /api/enrollments/learner/{id}": "readLearners",
  "POST /api/enrollments": "learner",
  "GET /api/enrollments": "learner",
  "POST /api/enrollments/verify-payment": "learner",
  "POST /api/payments/paystack/webhook": "anyone",
  "GET /api/reports/export.csv": "readReports",
  "GET /api/admin/staff": "manageStaff",
  "POST /api/admin/staff/invitations": "manageStaff",
  "POST /api/admin/staff/invitations/{id}/resend": "manageStaff",
  "POST /api/admin/staff/{id}/approve": "manageStaff",
  "PUT /api/admin/staff/{id}": "manageStaff",
  "GET /api/admin/audit": "manageStaff",
  "GET /api/admin/audit/export.csv": "manageStaff",
  "GET /api/openapi.json": "anyone",
};
