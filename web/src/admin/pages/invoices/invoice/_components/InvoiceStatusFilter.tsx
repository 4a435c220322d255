import { Select } from "../../../../../shared/ui/Field.tsx";
import styles from "../../../../components/ListLayout.module.css";

/** The invoice list's status choice: "" is every status but abandoned checkouts (the default), else one status. */
export const INVOICE_STATUS_CHOICES = [
  { value: "", label: "All but abandoned" },
  { value: "PENDING", label: "Pending" },
  { value: "PAID", label: "Paid" },
  { value: "FAILED", label: "Failed" },
  { value: "PARTIALLY_REFUNDED", label: "Partially refunded" },
  { value: "REFUNDED", label: "Refunded" },
  { value: "VOID", label: "Void" },
  { value: "ABANDONED", label: "Abandoned" },
] as const;

export type InvoiceStatusChoice = (typeof INVOICE_STATUS_CHOICES)[number]["value"];

export function InvoiceStatusFilter({ value, onChange }: { value: InvoiceStatusChoice; onChange: (next: InvoiceStatusChoice) => void }) {
  return (
    <Select
      label="Invoice status"
      className={styles.listFilter}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as InvoiceStatusChoice)}
    >
      {INVOICE_STATUS_CHOICES.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </Select>
  );
}
