import type { InputHTMLAttributes } from "react";
import { cx } from "./cx.ts";
import { SearchIcon } from "./icons.tsx";
import styles from "./SearchField.module.css";
import { Spinner } from "./Spinner.tsx";

interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange" | "value"> {
  /** Names the field for screen readers, e.g. 'Search invoices by learner name'. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shows a small spinner while results for the typed text load. */
  pending?: boolean;
}

/** A search box with a magnifier; the list it filters stays on screen while new results load. */
export function SearchField({ label, value, onValueChange, pending = false, className, ...input }: SearchFieldProps) {
  return (
    <div className={cx(styles.field, className)}>
      <SearchIcon className={styles.icon} size={18} />
      <input
        type="search"
        className={styles.input}
        aria-label={label}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        {...input}
      />
      {pending && <Spinner size="sm" label="Searching..." className={styles.spinner} />}
    </div>
  );
}
