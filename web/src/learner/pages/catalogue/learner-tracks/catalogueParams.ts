/**
 * The catalogue's URL search params (`?q=words&sort=price-low`), so a search is shareable, and their GraphQL
 * variables. The default (no search, newest first) sends no variables at all: every visitor's first view is one
 * request, which the server's public cache answers for all of them. The route loads it with its query.
 */
const API_SORTS = { newest: "NEWEST", "price-low": "PRICE_LOW", "price-high": "PRICE_HIGH", rating: "RATING" } as const;

export type CatalogueSortValue = keyof typeof API_SORTS;

/** What the page shows: the search words (trimmed, at most 100 characters) and the sort; unknown sorts are the default. */
export function readCatalogueParams(params: URLSearchParams): { q: string; sort: CatalogueSortValue } {
  const sort = params.get("sort") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    sort: Object.hasOwn(API_SORTS, sort) ? (sort as CatalogueSortValue) : "newest",
  };
}

/** The query variables: only what differs from the default. */
export function catalogueVariables(params: URLSearchParams): { search?: string; sort?: (typeof API_SORTS)[CatalogueSortValue] } {
  const { q, sort } = readCatalogueParams(params);
  return { ...(q ? { search: q } : {}), ...(sort !== "newest" ? { sort: API_SORTS[sort] } : {}) };
}

/** The URL search params for a search and sort, without the defaults (so the plain catalogue keeps its plain URL). */
export function catalogueSearch(q: string, sort: CatalogueSortValue): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (sort !== "newest") params.set("sort", sort);
  return params;
}
