import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { cx } from "./cx.ts";
import styles from "./Field.module.css";

interface FieldProps {
  label: ReactNode;
  /** Marks the field required with an asterisk and `aria-required`; the form's own validation shows the message. */
  required?: boolean;
  /** Shown under the field; marks the control invalid and is read out with it. */
  error?: string | null;
  /** Help text under the field (kept under an error too: it is usually the rule the error is about). */
  hint?: ReactNode;
}

interface ControlProps {
  id: string;
  className: string | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** Label above, message below, and the ids that tie them to the control for screen readers. */
export function FieldShell({
  id: givenId,
  label,
  error,
  hint,
  required,
  className,
  children,
}: FieldProps & { id?: string; className?: string; children: (control: ControlProps) => ReactNode }) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const messageId = `${id}-message`;
  // The hint stays beside an error (the rule the error is about), each with its own id, both describing the control.
  const hintId = error && hint ? `${id}-hint` : messageId;
  const describedBy = [error && messageId, hint && hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({
        id,
        className: styles.control,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {error && (
        <p id={messageId} className={styles.error}>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "children">;

export function TextField({ label, error, hint, id, className, required, ...input }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <input {...control} aria-required={required || undefined} {...input} />}
    </FieldShell>
  );
}

type TextAreaProps = FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextArea({ label, error, hint, id, className, required, ...textarea }: TextAreaProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <textarea {...control} aria-required={required || undefined} {...textarea} />}
    </FieldShell>
  );
}

type SelectProps = FieldProps & SelectHTMLAttributes<HTMLSelectElement>;

/** A native select: keyboard and screen-reader behaviour come from the platform, and it submits with the form. */
export function Select({ label, error, hint, id, className, required, children, ...select }: SelectProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <select {...control} aria-required={required || undefined} {...select}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}
