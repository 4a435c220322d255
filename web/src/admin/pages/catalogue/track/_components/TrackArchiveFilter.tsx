import { Select } from "../../../../../shared/ui/Field.tsx";
import styles from "../../../../components/ListLayout.module.css";

/** Which tracks the Manage Tracks grid shows: all (archived ones carry a badge), active ones, or archived ones. */
export type ArchiveFilter = "all" | "active" | "archived";

/** The `tracks(archived:)` argument of a choice: null lists both. */
export const archivedOf = (filter: ArchiveFilter): boolean | null => (filter === "all" ? null : filter === "archived");

export function TrackArchiveFilter({ value, onChange }: { value: ArchiveFilter; onChange: (next: ArchiveFilter) => void }) {
  return (
    <Select
      label="Show tracks"
      className={styles.listFilter}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as ArchiveFilter)}
    >
      <option value="all">All tracks</option>
      <option value="active">Active tracks</option>
      <option value="archived">Archived tracks</option>
    </Select>
  );
}
