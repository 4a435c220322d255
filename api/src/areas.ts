/**
 * The product's areas, named once (CONTRIBUTING.md, "Areas"). Each has its folder in the domain (`domain/<area>/`),
 * and in `graphql/` and `rest/` where it has GraphQL types or REST routes; a newcomer who knows the area knows every
 * folder to open. `areas.test.ts` holds the folders to this list.
 */
export const AREAS = [
  "accounts",
  "staff",
  "catalogue",
  "learning",
  "payments",
  "invoices",
  "coupons",
  "reports",
  "settings",
  "cohorts",
] as const;

export type Area = (typeof AREAS)[number];

/** Areas to come: each joins AREAS, with its folders, when its first change lands. */
export const AREAS_TO_COME = ["community", "organisations", "integrations"] as const;

/**
 * The folders of `domain/`, `graphql/` and `rest/` that belong to no area: the mails every area sends
 * (`domain/mails/`), and the GraphQL schema's own parts (`graphql/schema/`: errors, scalars, node, paging, payloads,
 * and `index.ts`, which imports every area and builds the schema). REST's shared parts are files at `rest/`'s root.
 */
export const NON_AREA_FOLDERS = { domain: ["mails"], graphql: ["schema"], rest: [] } as const satisfies Record<
  "domain" | "graphql" | "rest",
  readonly string[]
>;
