/**
 * A storage failure that passes with time, told apart from a bug: the disk holding DATA_DIR (resumable uploads, local
 * files) is full, or the S3-compatible bucket cannot be reached or answers with a server error. The HTTP layers answer
 * it with its status, message and Retry-After, so a client (tus-js-client among them) knows to try again, instead of a
 * 500 that says nothing (README, reliability 30.12e-f).
 */
export interface StorageFailure {
  /** 507 Insufficient Storage (the disk is full), 503 Service Unavailable (the bucket is unreachable). */
  status: 503 | 507;
  message: string;
  retryAfterSeconds: number;
}

export const STORAGE_MESSAGES = {
  full: "There is no room to store the upload right now. Please try again later.",
  unavailable: "File storage is unavailable right now. Please try again in a minute.",
} as const;

const DISK_FULL = new Set(["ENOSPC", "EDQUOT"]);

/** How long a client is asked to wait (Retry-After) after each kind of failure. */
export const STORAGE_RETRY_AFTER_SECONDS: Record<StorageFailure["status"], number> = { 503: 30, 507: 60 };

export function storageFailure(error: unknown): StorageFailure | null {
  if (typeof error !== "object" || error === null) return null;
  const e = error as { code?: unknown; $metadata?: { httpStatusCode?: number } };
  if (typeof e.code === "string" && DISK_FULL.has(e.code))
    return { status: 507, message: STORAGE_MESSAGES.full, retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS[507] };
  // The AWS SDK marks every error of a request it made with $metadata: a network failure has no HTTP status.
  if (e.$metadata && typeof e.$metadata === "object") {
    const status = e.$metadata.httpStatusCode;
    if (status === undefined || status >= 500)
      return { status: 503, message: STORAGE_MESSAGES.unavailable, retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS[503] };
  }
  return null;
}
