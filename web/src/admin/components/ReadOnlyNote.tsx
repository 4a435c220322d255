import styles from "./ListLayout.module.css";

/** Says, in place of the add/edit/delete actions, why this account's role may only look (the API refuses it too). */
export function ReadOnlyNote({ reason, short = false }: { reason: string; short?: boolean }) {
  return short ? (
    <span className={styles.muted} title={reason}>
      View only<span className="visually-hidden">: {reason}</span>
    </span>
  ) : (
    <p className={styles.readOnly}>{reason}</p>
  );
}

/** Why a role sees no add/edit/delete buttons. */
export const READ_ONLY = {
  tracks: "Only owners and managers can add, edit or delete tracks.",
  invoices: "Only owners and finance can add, edit or delete invoices.",
  courses: "Your role cannot add, edit or delete courses.",
  instructorCourses: "You can only edit the courses of tracks assigned to you.",
} as const;
