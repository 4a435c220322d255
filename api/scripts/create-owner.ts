import "dotenv/config";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../src/config.ts";
import { AppError, ValidationError } from "../src/domain/errors.ts";
import { createOwner } from "../src/domain/staff/staff.ts";
import { createLogger } from "../src/logger.ts";
import { createServices } from "../src/services.ts";

/**
 * `npm run create-owner -- --email ada@example.com --first-name Ada --last-name Obi --contact "+234 801 000 0000"`:
 * makes the installation's owner (README, "Staff and roles"). The password is read from OWNER_PASSWORD or asked for.
 * Uses the same settings as the API (DATABASE_URL or DATA_DIR).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      contact: { type: "string" },
    },
  });
  let password = process.env.OWNER_PASSWORD;
  if (!password) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    password = await prompt.question("Password for the owner: ");
    prompt.close();
  }
  const config = loadConfig({ ...process.env, SEED_DEMO: "false" });
  const services = await createServices(config, createLogger("warn", "create-owner"), { role: "api", sweeper: false });
  try {
    const owner = await createOwner(services, {
      email: values.email,
      firstName: values["first-name"],
      lastName: values["last-name"],
      contact: values.contact,
      password,
    });
    await services.jobs.dispatchPending();
    console.log(`Owner ready: ${owner.email}. Log in on the admin console.`);
  } finally {
    await services.close();
  }
}

main().catch((error) => {
  if (error instanceof ValidationError) console.error(error.fieldErrors.map((e) => `${e.field}: ${e.message}`).join("\n") || error.message);
  else if (error instanceof AppError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
