import { ChevronLeftIcon, ChevronRightIcon } from "./icons.tsx";
import styles from "./Pagination.module.css";

interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Invoice pages'. */
  label?: string;
}

/** The pages to offer: first, last, and the current one with its neighbours; `null` marks a gap. */
function visiblePages(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const pages = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [i, p] of pages.entries()) {
    const previous = pages[i - 1];
    if (previous !== undefined && p - previous === 2) result.push(p - 1);
    else if (previous !== undefined && p - previous > 2) result.push(null);
    result.push(p);
  }
  return result;
}

/** Page-number buttons; hidden when everything fits on one page (docs/product.md, Admin pages). */
export function Pagination({ page, pageCount, onPageChange, label = "Pagination" }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <ul>
        <li>
          <button
            type="button"
            className={styles.page}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            aria-label="Previous page"
          >
            <ChevronLeftIcon size={16} />
          </button>
        </li>
        {visiblePages(page, pageCount).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity beyond its place in the list.
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={styles.page}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Page ${p}`}
                onClick={() => onPageChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.page}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
            aria-label="Next page"
          >
            <ChevronRightIcon size={16} />
          </button>
        </li>
      </ul>
    </nav>
  );
}
