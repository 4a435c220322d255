import { Select } from "../../../../../shared/ui/Field.tsx";
import styles from "../../../../components/ListLayout.module.css";

/** Which plans the list shows (GraphQL `PaymentPlanFilter`). */
export const PLAN_FILTER_CHOICES = [
  { value: "ALL", label: "All plans" },
  { value: "ACTIVE", label: "Active" },
  { value: "OVERDUE", label: "Overdue" },
  { value: "PAUSED", label: "Paused" },
] as const;

export type PlanFilterChoice = (typeof PLAN_FILTER_CHOICES)[number]["value"];

export function PaymentPlanFilter({ value, onChange }: { value: PlanFilterChoice; onChange: (next: PlanFilterChoice) => void }) {
  return (
    <Select
      label="Plans shown"
      className={styles.listFilter}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as PlanFilterChoice)}
    >
      {PLAN_FILTER_CHOICES.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </Select>
  );
}
