import type { ReactNode } from "react";

interface FactProps {
  /** A small icon before the label, e.g. `<ClockIcon size={16} />`. */
  icon?: ReactNode;
  label: string;
  /** The value, as the `<dd>`. */
  children: ReactNode;
  valueClassName?: string;
}

/**
 * One label and value of a facts list (`<dl>`), such as a track's duration. The list's own styles lay the rows out
 * (`.facts > div`, `.facts dt`, `.facts dd`), so each page keeps its layout.
 */
export function Fact({ icon, label, children, valueClassName }: FactProps) {
  return (
    <div>
      <dt>
        {icon}
        {label}
      </dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
