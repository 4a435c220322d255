import type { Audience } from "../domain/staff/permissions.ts";

/**
 * Who may call each GraphQL root field: the access policy in one table (REST's is api/src/rest/access.ts; the
 * audiences are defined in domain/staff/permissions.ts). The fields' Pothos scopes (`can: <permission>`, `staff`,
 * `learner`, `signedIn`) implement it; reliability/roles.test.ts calls every field as every kind of caller, checks
 * the answers against this table, and fails for a field that has no entry. docs/ARCHITECTURE.md, "Staff and roles".
 */
/** `Query.<field>`, `Mutation.<field>`, `Subscription.<field>`. */
export const GRAPHQL_ACCESS: Record<string, Audience> = {
  "Query.tracks": "anyone",
  "Query.track": "anyone",
  "Query.node": "anyone",
  "Query.nodes": "anyone",
  "Query.me": "anyone",
  "Query.staffInvitation": "anyone",
  "Query.paymentsTestMode": "anyone",
  "Query.courses": "readCatalogue",
  "Query.learners": "readLearners",
  "Query.invoices": "readInvoices",
  "Query.dashboard": "readDashboard",
  "Query.report": "readReports",
  "Query.staff": "manageStaff",
  "Query.staffInvitations": "manageStaff",
  "Query.auditLog": "manageStaff",
  "Query.auditLogCsv": "manageStaff",

  "Mutation.signUpAdmin": "anyone",
  "Mutation.signUpLearner": "anyone",
  "Mutation.verifyEmail": "anyone",
  "Mutation.resendVerificationCode": "anyone",
  "Mutation.login": "anyone",
  "Mutation.requestPasswordReset": "anyone",
  "Mutation.resetPassword": "anyone",
  "Mutation.unlockAccount": "anyone",
  "Mutation.logout": "signedIn",
  "Mutation.updateLearnerProfile": "learner",
  "Mutation.rateTrack": "learner",
  "Mutation.checkout": "learner",
  "Mutation.verifyPayment": "learner",
  "Mutation.updateAdminProfile": "staff",
  "Mutation.createTrack": "editCatalogue",
  "Mutation.updateTrack": "editCatalogue",
  "Mutation.deleteTrack": "editCatalogue",
  "Mutation.publishTrack": "editCatalogue",
  "Mutation.unpublishTrack": "editCatalogue",
  "Mutation.createCourse": "editCourses",
  "Mutation.updateCourse": "editCourses",
  "Mutation.deleteCourse": "editCourses",
  "Mutation.enrollLearner": "manageLearners",
  "Mutation.disableLearner": "manageLearners",
  "Mutation.enableLearner": "manageLearners",
  "Mutation.sendLearnerPasswordReset": "manageLearners",
  "Mutation.createInvoice": "editInvoices",
  "Mutation.updateInvoice": "editInvoices",
  "Mutation.deleteInvoice": "editInvoices",
  "Mutation.inviteStaff": "manageStaff",
  "Mutation.resendStaffInvitation": "manageStaff",
  "Mutation.approveStaff": "manageStaff",
  "Mutation.updateStaff": "manageStaff",
  "Mutation.setInstructorTracks": "manageStaff",

  "Subscription.paymentStatus": "learner",
};
