import { mkdir, readdir, rm, stat, statfs } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { UnfinishedUploadLimits } from "../config.ts";
import { localUploadsDir } from "./storage.ts";

/** How long an unfinished resumable upload is kept before housekeeping removes it. */
export const UNFINISHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The private folder where resumable uploads (tus) collect their bytes until they finish: beside the uploads folder,
 * never served. Finished uploads move into the configured storage and are removed from here.
 */
export function uploadTempDir(dataDir: string): string {
  return join(dirname(localUploadsDir(dataDir)), "resumable-uploads");
}

/**
 * Removes the files of resumable uploads untouched for `maxAgeMs` (an upload whose client never came back): both the
 * bytes and their `.json` description. Returns how many files were removed. A folder that does not exist is empty.
 */
export async function sweepUnfinishedUploads(dir: string, maxAgeMs = UNFINISHED_UPLOAD_MAX_AGE_MS, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    try {
      const info = await stat(path);
      if (info.isFile() && now - info.mtimeMs > maxAgeMs) {
        await rm(path, { force: true });
        removed++;
      }
    } catch {
      // Gone meanwhile (finished or removed by another instance).
    }
  }
  return removed;
}

/** Bytes an unprivileged process may still write on the disk holding `dir` (made when missing). */
export async function freeDiskBytes(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  const info = await statfs(dir);
  return info.bavail * info.bsize;
}

/**
 * Why a new upload was refused: the account's count or bytes, the instance's count or bytes, or the disk's free space
 * (UnfinishedUploadLimits).
 */
export type UploadRefusalReason = "accountUploads" | "accountBytes" | "instanceUploads" | "instanceBytes" | "disk";

export class UploadRefused extends Error {
  override name = "UploadRefused";
  constructor(
    readonly reason: UploadRefusalReason,
    /** The cap that was reached (uploads or bytes; for "disk", the bytes that must stay free). */
    readonly limit: number,
  ) {
    super(`upload refused: ${reason}`);
  }
}

interface OpenUpload {
  owner: string;
  /** Announced length. */
  size: number;
  /** Bytes on disk when last looked at. */
  written: number;
  /** Its creation request has ended: from now on, no file means the upload is gone. */
  settled: boolean;
}

/**
 * The unfinished resumable uploads of this instance, counted against UnfinishedUploadLimits before a new one is
 * accepted: per account (uploads, announced bytes), for the instance, and the free space of the disk they collect on
 * (it must still have `minFreeBytes` once every open upload and the new one have all their bytes). `reserve` counts
 * and records in one synchronous step after its awaits, so uploads announced at once cannot all slip under a cap.
 * A share is freed by `release` (the upload finished, was refused or cancelled) and, for anything that ended another
 * way (housekeeping removed it after a day, another instance on the same folder finished it, its creation failed),
 * by the next `reserve`, which forgets uploads whose file has gone.
 */
export class UnfinishedUploads {
  private readonly open = new Map<string, OpenUpload>();

  constructor(
    private readonly dir: string,
    private readonly limits: UnfinishedUploadLimits,
    private readonly freeBytes: (dir: string) => Promise<number> = freeDiskBytes,
  ) {}

  /** Counts `owner`'s new upload `id` of `size` bytes in, or throws UploadRefused and changes nothing. */
  async reserve(id: string, owner: string, size: number): Promise<void> {
    await this.forgetGone();
    const free = await this.freeBytes(this.dir);
    // No await from here on: the counts and the record are one step, whatever other requests are doing.
    const { perAccount, perInstance, minFreeBytes } = this.limits;
    const mine = this.usage(owner);
    const all = this.usage();
    if (perAccount.uploads && mine.uploads + 1 > perAccount.uploads) throw new UploadRefused("accountUploads", perAccount.uploads);
    if (perAccount.bytes && mine.bytes + size > perAccount.bytes) throw new UploadRefused("accountBytes", perAccount.bytes);
    if (perInstance.uploads && all.uploads + 1 > perInstance.uploads) throw new UploadRefused("instanceUploads", perInstance.uploads);
    if (perInstance.bytes && all.bytes + size > perInstance.bytes) throw new UploadRefused("instanceBytes", perInstance.bytes);
    if (free - all.toCome - size < minFreeBytes) throw new UploadRefused("disk", minFreeBytes);
    this.open.set(id, { owner, size, written: 0, settled: false });
  }

  /** The creation request of `id` has ended (whether or not its file was made). */
  settle(id: string): void {
    const upload = this.open.get(id);
    if (upload) upload.settled = true;
  }

  /** `id` finished, was refused at its end, or was cancelled: its share is free. */
  release(id: string): void {
    this.open.delete(id);
  }

  /** Open uploads and their announced bytes, of one account or of all; `toCome`: bytes announced but not yet written. */
  usage(owner?: string): { uploads: number; bytes: number; toCome: number } {
    const out = { uploads: 0, bytes: 0, toCome: 0 };
    for (const upload of this.open.values()) {
      if (owner !== undefined && upload.owner !== owner) continue;
      out.uploads++;
      out.bytes += upload.size;
      out.toCome += Math.max(0, upload.size - upload.written);
    }
    return out;
  }

  /** Forgets settled uploads whose file has gone; notes how far the others got. */
  private async forgetGone(): Promise<void> {
    await Promise.all(
      [...this.open].map(async ([id, upload]) => {
        if (!upload.settled) return;
        try {
          upload.written = (await stat(join(this.dir, id))).size;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT" && this.open.get(id) === upload) this.open.delete(id);
        }
      }),
    );
  }
}
