import "dotenv/config";
import { loadConfigOrExit } from "../../api/src/config.ts";
import { startBullmqWorker } from "../../api/src/jobs/bullmq.ts";
import { createProcessors } from "../../api/src/jobs/processors.ts";
import { createLogger } from "../../api/src/logger.ts";
import { createServices } from "../../api/src/services.ts";

/** A worker process: consumes the BullMQ queue with the same processors the API runs in-process without Redis. */
async function main() {
  const config = loadConfigOrExit();
  if (!config.redisUrl) {
    console.error("REDIS_URL is not set: without Redis the API runs jobs itself and no worker is needed.");
    process.exit(1);
  }
  const logger = createLogger(config.logLevel, "worker");
  const services = await createServices(config, logger, { role: "worker" });
  const worker = startBullmqWorker({
    url: config.redisUrl,
    processors: createProcessors(services),
    logger,
    concurrency: config.worker.concurrency,
    lockDurationMs: config.worker.lockMs,
    prefix: config.queuePrefix,
  });
  await worker.waitUntilReady();
  logger.info("worker ready");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "worker draining");
    // close() stops fetching new jobs and waits for the active ones to finish.
    await worker.close();
    await services.close();
    logger.info("worker stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
