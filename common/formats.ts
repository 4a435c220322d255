/**
 * Formats that the server and the browser both check, written once. This folder is the lowest layer: it imports
 * nothing, and anything may import it (docs/ARCHITECTURE.md, "Layers"); it holds plain values only, since the web
 * bundle includes what it imports.
 */

/** A record id: every row's id is a UUID (any version, any case). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A phone number: digits, spaces, hyphens and parentheses with an optional leading plus (docs/product.md,
 * Validation: profile and checkout). The server also wants at least 7 digits and at most 30 characters.
 */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;
