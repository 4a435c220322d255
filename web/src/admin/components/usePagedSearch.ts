import { useCallback, useEffect, useState, useTransition } from "react";
import type { FetchPolicy } from "relay-runtime";
import { PAGE_SIZE } from "./pageSizes.ts";
import { useDebouncedValue } from "./useDebouncedValue.ts";

export interface PageVariables {
  search: string;
  page: number;
}

type Refetch = (variables: PageVariables, options: { fetchPolicy: FetchPolicy }) => unknown;

/** The page of an offset-paged connection a list shows, and the count of all that match. */
interface PagedConnection<Node> {
  readonly totalCount: number;
  readonly edges: ReadonlyArray<{ readonly node: Node }>;
}

/**
 * Search-as-you-type and page-number buttons over an offset-paged connection read with `useRefetchableFragment`
 * (`refetch`, and the `connection` its data holds). Each change refetches only that page, inside a transition: the
 * table stays on screen (dimmed via `isPending`) instead of falling back to a spinner while the next rows load.
 */
export function usePagedSearch<Node>(refetch: Refetch, connection: PagedConnection<Node>) {
  const [search, setSearch] = useState("");
  const settledSearch = useDebouncedValue(search.trim());
  const [shown, setShown] = useState<PageVariables>({ search: "", page: 1 });
  const [isPending, startTransition] = useTransition();

  const load = useCallback(
    (next: PageVariables, fetchPolicy: FetchPolicy = "store-and-network") => {
      startTransition(() => {
        setShown(next);
        refetch(next, { fetchPolicy });
      });
    },
    [refetch],
  );

  useEffect(() => {
    if (settledSearch !== shown.search) load({ search: settledSearch, page: 1 });
  }, [settledSearch, shown.search, load]);

  return {
    /** The rows on the page shown, and the count of all that match. */
    rows: connection.edges.map((edge) => edge.node),
    totalCount: connection.totalCount,
    /** What is typed in the search box. */
    search,
    setSearch,
    /** The page and search the table shows. */
    shown,
    isPending,
    goToPage: (page: number) => load({ search: shown.search, page }),
    /** Reloads a page from the server after a change (defaults to the current one). */
    reload: (page = shown.page) => load({ search: shown.search, page }, "network-only"),
  };
}

export type PagedSearch<Node = unknown> = ReturnType<typeof usePagedSearch<Node>>;

export const pageCount = (totalCount: number) => Math.max(1, Math.ceil(totalCount / PAGE_SIZE));

/** "Showing 11–20 of 34 invoices" under a paged table; nothing when the table shows its empty message. */
export function rangeText(page: number, rowsOnPage: number, totalCount: number, noun: string): string | null {
  if (totalCount === 0 || rowsOnPage === 0) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  return `Showing ${first}–${first + rowsOnPage - 1} of ${totalCount} ${noun}`;
}
