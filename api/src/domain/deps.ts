import type { PublicCache } from "../cache/public-cache.ts";
import type { SessionCache } from "../cache/sessions.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { AppPubSub } from "../events/pubsub.ts";
import type { JobOutcome } from "../job-contract.ts";
import type { Logger } from "../logger.ts";
import type { MailTransport } from "../mail/transport.ts";
import type { FileStorage } from "../storage/storage.ts";
import type { Viewer } from "./staff/permissions.ts";

/**
 * What the domain needs of the process's services (api/src/services.ts builds them; its `Services` is one of these).
 * Only the layers below the domain appear here: of the job machinery, the domain sees two calls.
 */
export interface DomainServices {
  config: Config;
  logger: Logger;
  db: Database;
  mail: MailTransport;
  /** Waits for a recorded job to finish (see JobQueue.waitFor). */
  queue: { waitFor(jobId: string, timeoutMs: number): Promise<JobOutcome> };
  /** Dispatches the jobs just recorded, after their transaction committed (see JobDispatcher.kick). */
  jobs: { kick(): void };
  storage: FileStorage;
  pubsub: AppPubSub;
  /** Answers shared by all anonymous visitors, invalidated by writes to public data. */
  publicCache: PublicCache;
  /** Live sessions kept for a moment, dropped everywhere when one ends or changes (domain/accounts/sessions.ts). */
  sessions: SessionCache<Viewer>;
}
