import "dotenv/config";
import { loadConfigOrExit } from "./config.ts";
import { limitConcurrentHashes } from "./domain/accounts/passwords.ts";
import { CREATE_OWNER_COMMAND, hasActiveOwner } from "./domain/staff/staff.ts";
import { createLogger } from "./logger.ts";
import { DEMO_STAFF, seedDemoDataOnce } from "./seed/demo.ts";
import { buildServer } from "./server.ts";
import { createServices } from "./services.ts";
import { siteUrl } from "./sites.ts";

/** The API process: both sites, GraphQL, REST, and (without Redis) the job processors. */
async function main() {
  const started = performance.now();
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  if (!config.databaseUrl) limitConcurrentHashes(1);
  const services = await createServices(config, logger, { role: "api" });
  // The published demo logins are for a developer's machine; a production demo gets passwords nobody else knows.
  const production = config.env === "production";
  const demo = config.seedDemo ? await seedDemoDataOnce(services.db, services.storage, new Date(), { randomPasswords: production }) : null;
  const { app } = await buildServer(services);
  // A deep accept queue: a burst of new connections waits to be accepted (and perhaps told 503) instead of having its
  // connection attempts dropped and retried seconds later (Node's default backlog is 511; the kernel caps it).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  await services.jobs.dispatchPending();

  const learnerUrl = config.publicUrl;
  const adminUrl = siteUrl(config.publicUrl, config.adminHostPrefix, "admin");
  logger.info({ learnerUrl, adminUrl, startupMs: Math.round(performance.now() - started) }, "ready");
  const lines = ["", `  Learner site:  ${learnerUrl}`, `  Admin console: ${adminUrl}`, `  GraphQL:       ${learnerUrl}/graphql`];
  lines.push(production ? `  OpenAPI:       ${learnerUrl}/api/openapi.json` : `  REST API docs: ${learnerUrl}/api/docs`);
  // Random passwords are shown once, when they are made: they are stored nowhere else.
  if (demo && (demo.seeded || !production))
    lines.push(
      `  Demo admin:    ${demo.admin.email} / ${demo.admin.password}  (owner)`,
      `  Demo staff:    ${DEMO_STAFF.map((m) => m.email.split("@")[0]).join(", ")} @learnhub.test, the admin's password`,
      `  Demo learner:  ${demo.learner.email} / ${demo.learner.password}`,
    );
  if (demo?.seeded && production) lines.push("                 (random passwords, shown only this once)");
  if (!production && services.mail.kind === "outbox") lines.push(`  Dev mailbox:   ${learnerUrl}/dev/mailbox`);
  if (config.paystack.sandbox) lines.push("  Payments:      built-in Paystack sandbox (test payments, no real money)");
  if (!(await hasActiveOwner(services.db.prisma))) {
    // Printed at every start until an owner exists (and named by /readyz): in production no sign-up claims ownership.
    const how = production
      ? [
          "  Owner:         none yet; admin sign-ups stay pending until one exists. Make it with:",
          `                 ${CREATE_OWNER_COMMAND}`,
        ]
      : ["  Owner:         none yet; the first admin to sign up and verify becomes the owner"];
    lines.push(...how);
    logger.warn({ next: production ? CREATE_OWNER_COMMAND : "sign up on the admin console" }, "the installation has no owner yet");
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 25_000).unref();
    await app.close();
    await services.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
