import { defineConfig } from "vitest/config";

// Browser tests: each file starts the real server and Chromium (web/e2e/harness.ts); run them one at a time.
// They test the built app: `npm run build && npm run test:e2e`.
export default defineConfig({
  test: {
    include: ["web/e2e/**/*.e2e.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
