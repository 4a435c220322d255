import type { ReportRange } from "../reportRange.ts";

/**
 * Fetches the report as CSV with the admin's bearer token (a plain link could not send it) and hands it to the
 * browser as a file download.
 */
export async function downloadReportCsv({ from, to }: ReportRange): Promise<void> {
  const token = localStorage.getItem("token");
  if (!token) throw new Error("Authentication token not found.");
  const params = new URLSearchParams({ from, to });
  const response = await fetch(`/api/reports/export.csv?${params}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Server returned ${response.status} error`);
  }
  const blob = await response.blob();
  const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `report-${from}-to-${to}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the file only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
