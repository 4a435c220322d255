import "dotenv/config";
import { ConfigError, loadConfig } from "../src/config.ts";
import { migrateUploads } from "../src/storage/migrate.ts";

/**
 * `npm run storage:migrate`: copies the uploads on the local disk (DATA_DIR/uploads) into the bucket STORAGE_URL names,
 * with the API's settings (README, "Production"). Safe to run again: objects already there with the same size are
 * skipped. Exit code 0 when every file is in the bucket, 1 when some could not be copied, 2 for a configuration
 * problem (STORAGE_URL unset or not s3://).
 */
async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, SEED_DEMO: "false" });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  if (config.storage.kind !== "s3") {
    console.error("STORAGE_URL must name the bucket to copy into (s3://bucket or s3://bucket/prefix); the uploads stay where they are.");
    return 2;
  }
  const target = `s3://${config.storage.bucket}/${config.storage.prefix}uploads/`;
  console.log(`Copying ${config.dataDir}/uploads to ${target}`);
  const result = await migrateUploads(config.dataDir, config.storage);
  for (const { name, error } of result.failed) console.error(`failed: ${name}: ${error}`);
  console.log(`copied ${result.copied}, skipped ${result.skipped} (already there with the same size), failed ${result.failed.length}`);
  return result.failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
