import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Card } from "../../../../../shared/ui/Card.tsx";
import { ArrowRightIcon } from "../../../../../shared/ui/icons.tsx";
import styles from "./DashboardSection.module.css";

interface DashboardSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  subtitle?: ReactNode;
  /** The "View all" link to the full list; `noun` completes its name for screen readers ("View all tracks"). */
  viewAll?: { to: string; noun: string };
  /** Shown instead of the content when there is nothing to list, e.g. "No tracks found.". */
  empty?: string | false;
  children?: ReactNode;
}

/** One card of the dashboard: its heading, an optional subtitle or "View all" link, then the content or the empty text. */
export function DashboardSection({ id, title, subtitle, viewAll, empty, children }: DashboardSectionProps) {
  const heading = (
    <h2 id={id} className={styles.title}>
      {title}
    </h2>
  );
  return (
    <Card as="section" className={styles.section} aria-labelledby={id}>
      <header className={styles.header}>
        {subtitle ? (
          <div>
            {heading}
            <p className={styles.subtitle}>{subtitle}</p>
          </div>
        ) : (
          heading
        )}
        {viewAll && (
          <Link to={viewAll.to} className={styles.viewAll}>
            View all
            <span className="visually-hidden"> {viewAll.noun}</span>
            <ArrowRightIcon size={16} />
          </Link>
        )}
      </header>
      {empty ? <p className={styles.empty}>{empty}</p> : children}
    </Card>
  );
}
