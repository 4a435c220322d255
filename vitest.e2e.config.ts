import { defineConfig } from "vitest/config";

// Browser tests: each file starts the real server and Chromium (web/e2e/harness.ts).
// They test the built app: `npm run build && npm run test:e2e`.
export default defineConfig({
  test: {
    include: ["web/e2e/**/*.e2e.ts"],
    environment: "node",
    pool: "forks",
    // One file at a time by default; E2E_WORKERS=2 (CI, two cores) runs two files side by side, each with its own server.
    fileParallelism: Number(process.env.E2E_WORKERS || 1) > 1,
    maxWorkers: Number(process.env.E2E_WORKERS || 1),
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
