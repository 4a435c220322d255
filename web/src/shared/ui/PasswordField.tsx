import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { passwordStrength } from "../format/passwordStrength.ts";
import { cx } from "./cx.ts";
import { FieldShell } from "./Field.tsx";
import { EyeIcon } from "./icons.tsx";
import styles from "./PasswordField.module.css";

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "children"> {
  label: ReactNode;
  required?: boolean;
  error?: string | null;
  /** The rule, shown under the field (beside an error too). */
  hint?: ReactNode;
  /** Shows a strength meter under a new password. */
  meter?: boolean;
}

/**
 * A password input with a show/hide toggle (a button named "Show password" whose aria-pressed says whether the
 * password is shown; focus stays in the form) and, for a new password, a strength meter read with the field.
 */
export function PasswordField({ label, error, hint, id, className, required, meter = false, ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const strengthId = useId();
  const value = typeof input.value === "string" ? input.value : "";
  const strength = meter && value ? passwordStrength(value) : null;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <>
          <div className={styles.wrap}>
            <input
              {...control}
              className={cx(control.className, styles.input)}
              aria-required={required || undefined}
              aria-describedby={[control["aria-describedby"], strength && strengthId].filter(Boolean).join(" ") || undefined}
              {...input}
              type={shown ? "text" : "password"}
            />
            <button
              type="button"
              className={styles.toggle}
              aria-pressed={shown}
              aria-controls={control.id}
              onClick={() => setShown((s) => !s)}
            >
              <EyeIcon size={18} className={shown ? styles.on : undefined} />
              {/* Its name as text, not aria-label, so that looking the field up by its label finds only the input. */}
              <span className="visually-hidden">Show password</span>
            </button>
          </div>
          {strength && (
            <div className={styles.strength} data-score={strength.score}>
              <span className={styles.bar} aria-hidden="true">
                <span className={styles.fill} style={{ width: `${(strength.score + 1) * 20}%` }} />
              </span>
              <span id={strengthId} className={styles.label}>
                Password strength: {strength.label}
              </span>
            </div>
          )}
        </>
      )}
    </FieldShell>
  );
}
