/**
 * Relay connection keys used outside the component that declares them: a free enrollment made at checkout is
 * prepended to the portal's course list (`@prependNode`) under this key.
 */
export const ENROLLMENTS_CONNECTION = "EnrolledCourses_enrollments";
