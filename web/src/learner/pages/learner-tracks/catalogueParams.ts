/**
 * The catalogue's URL search params (`?q=words&sort=price-low`), so a search is shareable, and their GraphQL
 * variables. The default (no search, newest first) sends no variables at all: every visitor's first view is one
 * request, which the server's public cache answers for all of them.
 */
export const CATALOGUE_SORTS = [
  { value: "newest", label: "Newest", api: "NEWEST" },
  { value: "price-low", label: "Price: low to high", api: "PRICE_LOW" },
  { value: "price-high", label: "Price: high to low", api: "PRICE_HIGH" },
  { value: "rating", label: "Best rated", api: "RATING" },
] as const;

export type CatalogueSortValue = (typeof CATALOGUE_SORTS)[number]["value"];
type ApiSort = (typeof CATALOGUE_SORTS)[number]["api"];

/** What the page shows: the search words (trimmed, at most 100 characters) and the sort; unknown sorts are the default. */
export function readCatalogueParams(params: URLSearchParams): { q: string; sort: CatalogueSortValue } {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const sort = CATALOGUE_SORTS.find((s) => s.value === params.get("sort"))?.value ?? "newest";
  return { q, sort };
}

/** The query variables: only what differs from the default. */
export function catalogueVariables(params: URLSearchParams): { search?: string; sort?: ApiSort } {
  const { q, sort } = readCatalogueParams(params);
  const api = CATALOGUE_SORTS.find((s) => s.value === sort)?.api ?? "NEWEST";
  return { ...(q ? { search: q } : {}), ...(api !== "NEWEST" ? { sort: api } : {}) };
}

/** The URL search params for a search and sort, without the defaults (so the plain catalogue keeps its plain URL). */
export function catalogueSearch(q: string, sort: CatalogueSortValue): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (sort !== "newest") params.set("sort", sort);
  return params;
}
