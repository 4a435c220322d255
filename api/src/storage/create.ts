import type { StorageConfig } from "../config.ts";
import { s3Storage } from "./s3.ts";
import { type FileStorage, localStorage } from "./storage.ts";

/** The storage the configuration names (the API and the worker both build theirs here). */
export function createStorage(config: StorageConfig): Promise<FileStorage> | FileStorage {
  return config.kind === "local" ? localStorage(config.dataDir) : s3Storage(config);
}
