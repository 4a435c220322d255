/**
 * The order every list shows unless its screen says otherwise (docs/product.md): the newest first, with the id
 * breaking ties so that pages never overlap or skip a row.
 */
export const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "asc" as const }];
