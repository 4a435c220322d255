import type { ReactNode } from "react";
import { ConfirmDialog } from "../../shared/ui/ConfirmDialog.tsx";
import { toast } from "../../shared/ui/Toast.tsx";
import styles from "./ListLayout.module.css";

interface DeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  confirmLabel: string;
  /**
   * Deletes, and answers the toast saying what became of the record (deleted, or archived instead); nothing when
   * there was nothing to delete. A refusal throws an Error with the dialog's message: the dialog stays open on it.
   */
  onDelete: () => Promise<string | undefined>;
  onDeleted: () => void;
  /** What is deleted, term by term in this order (`{ Learner: ..., Amount: ... }`). */
  details?: Readonly<Record<string, ReactNode>> | null;
  /** What is deleted, in words, for a record a list of terms does not say enough about. */
  children?: ReactNode;
}

/** Asks before deleting a record of the console (a track, course, invoice); it cannot be undone. */
export function DeleteDialog({ open, onOpenChange, title, confirmLabel, onDelete, onDeleted, details, children }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="This action cannot be undone."
      confirmLabel={confirmLabel}
      onConfirm={async () => {
        const done = await onDelete();
        if (done === undefined) return;
        toast.success(done);
        onDeleted();
      }}
    >
      {details && (
        <dl className={styles.details}>
          {Object.entries(details).map(([term, description]) => (
            <DetailRow key={term} term={term} description={description} />
          ))}
        </dl>
      )}
      {children}
    </ConfirmDialog>
  );
}

function DetailRow({ term, description }: { term: string; description: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{description}</dd>
    </>
  );
}
