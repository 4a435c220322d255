/** Rows per page of the invoices, learners and courses tables (docs/product.md, Limits). */
export const PAGE_SIZE = 10;

/** Tracks are not paged (docs/product.md, Limits): the grid and the course form's track list show up to the API's maximum. */
export const ALL_TRACKS = 100;

/** Learners offered in the invoice form's learner list (the API's maximum page). */
export const LEARNER_OPTIONS = 100;
