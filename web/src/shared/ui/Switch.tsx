import { Switch as RadixSwitch } from "radix-ui";
import { type ReactNode, useId } from "react";
import styles from "./Switch.module.css";

interface SwitchProps {
  label: ReactNode;
  /** Read out with the switch, e.g. what turning it on means. */
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
}

/** An on/off setting that takes effect as a form value (Space toggles it); the label is clickable too. */
export function Switch({ label, description, checked, onCheckedChange, name, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className={styles.description}>
            {description}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        id={id}
        name={name}
        className={styles.root}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
    </div>
  );
}
