import { downloadFile } from "../../shared/downloads/downloadFile.ts";
import { adminSession } from "../../shared/session/session.ts";

/**
 * Fetches a CSV export of the API (`path` with its query string) with the admin's bearer token (a plain link could
 * not send it) and hands it to the browser as a file download named as the server says, else `fallbackName`. A
 * refusal throws the server's message.
 */
export function downloadCsv(path: string, fallbackName: string): Promise<void> {
  return downloadFile(adminSession, path, fallbackName);
}
