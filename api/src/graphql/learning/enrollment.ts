import { builder } from "../builder.ts";

export const EnrollmentStatus = builder.enumType("EnrollmentStatus", {
  description: "Where a learner stands in a track.",
  values: {
    ACTIVE: { description: "Enrolled and learning." },
    COMPLETED: { description: "Finished the track." },
  } as const,
});

export const Enrollment = builder.prismaNode("Enrollment", {
  id: { field: "id" },
  // A well-formed id of a record that does not exist resolves to null, not an error.
  nullable: true,
  // Staff who read learners see every enrollment; a learner sees their own.
  authScopes: (enrollment) => ({ can: "readLearners", owns: { role: "LEARNER", id: enrollment.learnerId } }),
  description: "A learner's place in a track, from the paid checkout on.",
  fields: (t) => ({
    track: t.relation("track", { description: "The track." }),
    learner: t.relation("learner", { description: "The learner." }),
    status: t.expose("status", { type: EnrollmentStatus, description: "Active or completed." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the learner was enrolled." }),
    pausedAt: t.expose("pausedAt", {
      type: "DateTime",
      nullable: true,
      description: "Set while an instalment is unpaid past the grace days: lessons' content is refused until it is paid (progress kept).",
    }),
    pausedReason: t.exposeString("pausedReason", { nullable: true, description: "Why access is paused, for the learner." }),
    cohort: t.relation("cohort", {
      nullable: true,
      description: "The cohort the learner is in (a cohort track); null for a self-paced track.",
    }),
  }),
});
