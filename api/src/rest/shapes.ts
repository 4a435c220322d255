import { HttpError, toRawId } from "./graphql.ts";

/** GraphQL selections and their mapping to the JSON shapes the web clients read (docs/product.md, Entities). */

export const USER_FIELDS = `
  __typename id firstName lastName email image
  ... on Admin { contact createdAt }
  ... on Learner { contact location gender description: bio disabled createdAt }
`;

/** The same for a field typed Learner (an Admin fragment may not be spread there). */
export const LEARNER_FIELDS = "__typename id firstName lastName email image contact location gender description: bio disabled createdAt";

const GENDER_OUT: Record<string, "Male" | "Female"> = { MALE: "Male", FEMALE: "Female" };

export function userJson(account: Record<string, any>) {
  const base = {
    _id: toRawId(account.id),
    role: account.__typename === "Admin" ? ("admin" as const) : ("learner" as const),
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    image: account.image ?? null,
    contact: account.contact,
    createdAt: account.createdAt,
  };
  if (account.__typename !== "Learner") return base;
  return {
    ...base,
    location: account.location ?? null,
    gender: account.gender ? (GENDER_OUT[account.gender] ?? null) : null,
    description: account.description ?? null,
    disabled: account.disabled,
  };
}

/** "Male"/"Female" (any case) from forms to the GraphQL enum. */
export function genderIn(value: unknown): "MALE" | "FEMALE" | null | undefined {
  if (value === undefined || value === null || value === "") return value === "" ? null : value;
  const upper = typeof value === "string" ? value.toUpperCase() : "";
  if (upper === "MALE" || upper === "FEMALE") return upper;
  throw new HttpError(400, "Gender must be Male or Female.");
}

/** Multipart fields arrive as strings. */
export function booleanIn(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw new HttpError(400, "disabled must be true or false.");
}

/** Text fields: strings pass, numbers become strings, anything else is refused. */
export function textIn(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  throw new HttpError(400, `${field} must be text.`);
}
