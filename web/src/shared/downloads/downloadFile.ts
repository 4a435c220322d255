import type { SessionKeys } from "../session/session.ts";

/**
 * Fetches a file of the API (`path` with its query string) with the session's bearer token (a plain link could not
 * send it) and hands it to the browser as a download named as the server says, else `fallbackName`. A refusal throws
 * the server's message.
 */
export async function downloadFile(keys: SessionKeys, path: string, fallbackName: string): Promise<void> {
  const token = localStorage.getItem(keys.token);
  if (!token) throw new Error("Authentication token not found.");
  const response = await fetch(path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Server returned ${response.status} error`);
  }
  const blob = await response.blob();
  const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
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
