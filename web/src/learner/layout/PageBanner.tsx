import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Container } from "../../shared/ui/Container.tsx";
import { ChevronRightIcon } from "../../shared/ui/icons.tsx";
import styles from "./PageBanner.module.css";

export interface Crumb {
  label: string;
  /** Leave out for the current page (the last crumb). */
  to?: string;
}

interface PageBannerProps {
  /** The page's one h1; also the document title. */
  title: string;
  description?: ReactNode;
  breadcrumbs?: Crumb[];
  /** Extra lines under the description (ratings, instructor...). */
  children?: ReactNode;
}

/** The coloured header band of the catalogue pages, with breadcrumbs above the title. */
export function PageBanner({ title, description, breadcrumbs, children }: PageBannerProps) {
  return (
    <header className={styles.banner}>
      <title>{`${title} · LearnHub`}</title>
      <Container className={styles.inner}>
        {breadcrumbs && (
          <nav aria-label="Breadcrumb">
            <ol className={styles.crumbs}>
              {breadcrumbs.map((crumb, i) => (
                <li key={crumb.label}>
                  {i > 0 && <ChevronRightIcon size={14} className={styles.separator} />}
                  {crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
                </li>
              ))}
            </ol>
          </nav>
        )}
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
        {children}
      </Container>
    </header>
  );
}
