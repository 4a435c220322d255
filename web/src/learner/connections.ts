/**
 * Relay connection keys used outside the component that declares them: a free enrollment made at checkout is
 * prepended to the portal's list of enrolled tracks (`@prependNode`) under this key.
 */
export const ENROLLMENTS_CONNECTION = "EnrolledTracks_enrollments";
