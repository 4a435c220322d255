import { createPublicCache, type PublicCache } from "./cache/public-cache.ts";
import { createSessionCache } from "./cache/sessions.ts";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { migrate, readMigrations } from "./db/migrate.ts";
import { findPgliteTemplate, keepPgliteTemplate } from "./db/pglite-template.ts";
import type { Viewer } from "./domain/accounts/sessions.ts";
import type { DomainServices } from "./domain/deps.ts";
import { HOUSEKEEPING_INTERVAL_MS, housekeeping } from "./domain/housekeeping.ts";
import { type AppPubSub, createAppPubSub } from "./events/pubsub.ts";
import { BullmqQueue } from "./jobs/bullmq.ts";
import { InProcessQueue } from "./jobs/in-process.ts";
import { JobDispatcher } from "./jobs/outbox.ts";
import { createProcessors } from "./jobs/processors.ts";
import type { JobQueue, Processors, RetryPolicy } from "./jobs/queue.ts";
import type { Logger } from "./logger.ts";
import { type MailTransport, outboxTransport, smtpTransport } from "./mail/transport.ts";
import { sandboxSecretKey } from "./paystack/sandbox/secret.ts";
import { createStorage } from "./storage/create.ts";
import type { FileStorage } from "./storage/storage.ts";

/** Everything the API and the worker share, built once per process from the configuration. */
export interface Services extends DomainServices {
  config: Config;
  logger: Logger;
  db: Database;
  mail: MailTransport;
  queue: JobQueue;
  jobs: JobDispatcher;
  storage: FileStorage;
  pubsub: AppPubSub;
  /** Answers shared by all anonymous visitors, invalidated by writes to public data. */
  publicCache: PublicCache;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** "api": enqueue to Redis when configured, else run jobs in-process. "worker": never consume here (the worker does). */
  role: "api" | "worker";
  retry?: RetryPolicy;
  onQuery?: (sql: string) => void;
  /** Periodically dispatch recorded jobs that were not dispatched after their commit (default: on in the API). */
  sweeper?: boolean;
}

export async function createServices(config: Config, logger: Logger, options: ServiceOptions): Promise<Services> {
  if (config.paystack.sandbox) config.paystack.secretKey = sandboxSecretKey(config.dataDir);
  const migrations = readMigrations();
  const template = config.databaseUrl ? null : findPgliteTemplate(migrations);
  const db = await openDatabase({
    url: config.databaseUrl,
    poolMax: config.databasePoolMax,
    dataDir: config.dataDir,
    initialData: template?.exists ? template.read : undefined,
    onQuery: options.onQuery,
    onError: (error) => logger.warn({ err: error }, "an idle database connection was closed"),
  });
  const applied = await migrate(db.sql, migrations);
  if (applied.length) logger.info({ applied }, "migrations applied");
  // A database just made the slow way leaves its migrated, still empty state for the next new one.
  if (template) await keepPgliteTemplate(template, db);
  const mail = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : outboxTransport(db.prisma, logger, {
        // Codes and reset links in a log are as good as the mailbox: only on a developer's machine.
        logContent: config.env !== "production",
      });
  const pubsub = createAppPubSub(config.redisUrl, config.queuePrefix);
  const publicCache = createPublicCache(pubsub, { maxBytes: config.publicCacheMaxBytes });
  const sessions = createSessionCache<Viewer>(pubsub, { ttlMs: config.sessionCacheMs });
  // The in-process queue runs the processors, which need the finished services: they are bound just below.
  let processors: Processors | undefined;
  const queue: JobQueue = config.redisUrl
    ? new BullmqQueue(config.redisUrl, options.retry, config.queuePrefix)
    : new InProcessQueue(() => processors as Processors, logger, options.retry);
  const jobs = new JobDispatcher(db.prisma, queue, logger);
  const storage = await createStorage(config.storage);
  const services: Services = {
    config,
    logger,
    db,
    mail,
    queue,
    jobs,
    pubsub,
    publicCache,
    sessions,
    storage,
    async close() {
      await jobs.stop();
      await queue.close();
      await mail.close();
      publicCache.close();
      sessions.close();
      await pubsub.close();
      await db.close();
      storage.close();
    },
  };
  processors = createProcessors(services);
  if (options.sweeper ?? options.role === "api") {
    jobs.startSweeper();
    const timer = setInterval(() => {
      housekeeping(services).catch((error) => logger.warn({ err: error }, "housekeeping failed; it runs again later"));
    }, HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
    const close = services.close;
    services.close = async () => {
      clearInterval(timer);
      await close();
    };
  }
  return services;
}
