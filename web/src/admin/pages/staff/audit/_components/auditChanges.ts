const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?Z$/;

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "—";
  // Instants read as "2026-11-24 06:52 UTC" rather than as raw ISO strings.
  if (typeof value === "string") return value.replace(ISO_INSTANT, "$1 $2 UTC");
  return JSON.stringify(value);
};

/**
 * An audit entry's changes (JSON: each changed field with its value before and after) as lines of
 * "field: before → after"; a value that did not exist shows as "—". Text that is not such JSON is shown as is.
 */
export function changeLines(changes: string | null | undefined): string[] {
  if (!changes) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(changes);
  } catch {
    return [changes];
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [changes];
  return Object.entries(parsed as Record<string, unknown>).map(([field, value]) =>
    Array.isArray(value) && value.length === 2 ? `${field}: ${shown(value[0])} → ${shown(value[1])}` : `${field}: ${shown(value)}`,
  );
}
