import { type FormEvent, type ReactNode, useState } from "react";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { TextArea } from "../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { type Failure, thrownMessage } from "../../../../components/failures.ts";

/** The longest reason the API keeps (docs/payments.md, "Instalments": waive and cancel). */
export const REASON_LIMIT = 500;

export const REASON_MESSAGES = {
  reason: "Give a reason.",
  reasonTooLong: `At most ${REASON_LIMIT} characters`,
} as const;

interface ReasonFormDialogProps {
  title: string;
  description: string;
  submitLabel: string;
  placeholder: string;
  /** What is changed (part, learner, amount), above the reason. */
  details: ReactNode;
  onOpenChange: (open: boolean) => void;
  /** Sends the reason: the typed failure, or null once done. */
  onSubmit: (reason: string) => Promise<Failure | null>;
  messages: { failed: string; done: string };
  onDone: () => void;
}

/**
 * A confirmation that needs a reason (waive an instalment, cancel a plan), kept with the invoices and in the audit
 * log, as voiding an invoice does. Mount it only while open, so every opening starts blank.
 */
export function ReasonFormDialog({
  title,
  description,
  submitLabel,
  placeholder,
  details,
  onOpenChange,
  onSubmit,
  messages,
  onDone,
}: ReasonFormDialogProps) {
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const text = reason.trim();
    const problem = !text ? REASON_MESSAGES.reason : text.length > REASON_LIMIT ? REASON_MESSAGES.reasonTooLong : null;
    setReasonError(problem);
    setError(null);
    if (problem) {
      document.getElementById("plan-reason")?.focus();
      return;
    }
    setPending(true);
    try {
      const failure = await onSubmit(text);
      if (failure) {
        setReasonError(failure.fieldErrors.reason ?? null);
        setError(failure.message);
        return;
      }
      toast.success(messages.done);
      onOpenChange(false);
      onDone();
    } catch (thrown) {
      setError(thrownMessage(thrown, { fallback: messages.failed }));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      submitLabel={submitLabel}
      submitVariant="danger"
      pending={pending}
      onSubmit={submit}
    >
      {error && <Alert tone="error">{error}</Alert>}
      {details}
      <TextArea
        id="plan-reason"
        label="Reason"
        required
        rows={3}
        maxLength={REASON_LIMIT}
        placeholder={placeholder}
        value={reason}
        error={reasonError}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(null);
        }}
      />
    </FormDialog>
  );
}
