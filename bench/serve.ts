/**
 * The API server as api/src/main.ts starts it, but serving the web app from BENCH_WEB_DIST: the bench builds into
 * its own folder so that a run never empties web/dist under a server or test that is using it.
 */
import { loadConfig } from "../api/src/config.ts";
import { createLogger } from "../api/src/logger.ts";
import { seedDemoData } from "../api/src/seed/demo.ts";
import { buildServer } from "../api/src/server.ts";
import { createServices } from "../api/src/services.ts";

const config = loadConfig();
const logger = createLogger(config.logLevel);
const services = await createServices(config, logger, { role: "api" });
if (config.seedDemo) await seedDemoData(services.db.prisma, services.storage);
const { app } = await buildServer(services, { webDist: process.env.BENCH_WEB_DIST });
await app.listen({ port: config.port, host: config.host });

const stop = async () => {
  await app.close();
  await services.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
