const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
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
