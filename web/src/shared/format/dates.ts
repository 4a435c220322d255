const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const localDateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

const mediumDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Nov 21, 2026" from an ISO date or date-time (the learner site shows dates as the server's UTC calendar day). */
export function formatDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? iso : mediumDate.format(date);
}

/** "Mar 4, 2026" for a calendar date "2026-03-04" (no time zone shift). */
export function formatCalendarDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** "Mar 4, 2026" for an instant, in the viewer's time zone. */
export function formatInstant(instant: string): string {
  return localDateFormat.format(new Date(instant));
}

const localTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
});

/** "Mar 4, 2026, 14:05:09" for an instant, in the viewer's time zone (the audit log, where order within a day matters). */
export function formatInstantWithTime(instant: string): string {
  return localTimeFormat.format(new Date(instant));
}

/** YYYY-MM-DD of a local date, for `<input type="date">` and the Date scalar. */
export function toDateInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
