/**
 * The cohorts' messages (docs/cohorts.md): what the API answers (api/src/domain/cohorts/cohorts.ts) and what a cohort
 * form or the checkout say when they meet the same case, written once. Plain values, like the rest of common/.
 */
export const COHORT_MESSAGES = {
  notFound: "Cohort not found.",
  name: "Give the cohort a name.",
  nameTooLong: "At most 120 characters.",
  startsAt: "Choose when the cohort starts.",
  endsAt: "Choose when the cohort ends.",
  endAfterStart: "The cohort must end after it starts.",
  date: "Enter a valid date and time.",
  windowOrder: "Enrollment must close after it opens.",
  capacity: "Capacity must be a whole number of 1 or more (empty for unlimited).",
  /** Capacity lowered below the seats already taken. */
  capacityBelowTaken: (taken: number) => `Capacity cannot be less than the ${taken} ${taken === 1 ? "seat" : "seats"} already taken.`,
  inUse: "This cohort has enrollments or invoices, so it cannot be deleted. Unpublish it instead.",
  full: "This cohort is full.",
  closed: "Enrollment for this cohort is closed.",
  /** Checkout of a cohort track without a cohort. */
  choose: "Choose a cohort.",
  /** A cohort of another track, or any cohort for a self-paced track. */
  notOffered: "This cohort is not offered for this track.",
  /** A move to a cohort of another track. */
  otherTrack: "Learners can only move between cohorts of the same track.",
  enrollmentNotFound: "Enrollment not found.",
  invalidMode: 'Mode must be "self_paced" or "cohort".',
} as const;

/** A cohort's name is at most this long. */
export const COHORT_NAME_MAX = 120;
