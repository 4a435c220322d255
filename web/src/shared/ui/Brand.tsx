import { Link } from "react-router-dom";
import styles from "./Brand.module.css";
import { cx } from "./cx.ts";

interface BrandProps {
  /** A label after the name, e.g. "Admin". */
  tag?: string;
  /** Light text, for dark backgrounds such as the footer. */
  inverse?: boolean;
}

/** The LearnHub logo, linking to the site's home page. */
export function Brand({ tag, inverse = false }: BrandProps) {
  return (
    <Link to="/" className={cx(styles.brand, inverse && styles.inverse)} aria-label={tag ? `LearnHub ${tag} home` : "LearnHub home"}>
      <span className={styles.mark}>
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.6"
          strokeLinecap="round"
        >
          <path d="M7 5v14h10" />
        </svg>
      </span>
      <span aria-hidden="true">LearnHub</span>
      {/* The space keeps the visible words apart ("LearnHub Admin"), as in the link's name; flex layout hides it. */}
      {tag && " "}
      {tag && (
        <span className={styles.tag} aria-hidden="true">
          {tag}
        </span>
      )}
    </Link>
  );
}
