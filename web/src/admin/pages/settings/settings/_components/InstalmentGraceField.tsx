import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from "../../../../../../../common/settings.ts";
import { TextField } from "../../../../../shared/ui/Field.tsx";
import styles from "../BusinessSettingsPage.module.css";

const { min, max } = SETTINGS_LIMITS.instalmentGraceDays;

/** The form's rule for the grace days (checked again by the API, common/settings.ts): a whole number in range. */
export function graceDaysError(text: string): string | undefined {
  return /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max ? undefined : SETTINGS_MESSAGES.graceDays;
}

/**
 * Instalments: how many days after a part's due date an unpaid part pauses the learner's access to the track
 * (docs/payments.md, "Instalments"). Its own section of the settings form.
 */
export function InstalmentGraceField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <section className={styles.section} aria-labelledby="instalments-title">
      <h2 id="instalments-title" className={styles.title}>
        Instalments
      </h2>
      <TextField
        label="Grace days before an unpaid instalment pauses access"
        hint={`${min} to ${max} days after the due date. The learner keeps their progress; paying resumes access at once.`}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
      />
    </section>
  );
}
