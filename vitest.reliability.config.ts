import { defineConfig } from "vitest/config";

// The reliability and security suite (reliability/): each test measures a figure and records it against its target;
// the global teardown prints the summary table and writes reliability/results/latest.json. Files run one at a time:
// several measure timings or load, which other files running alongside would distort. SOAK_SECONDS sets the soak.
export default defineConfig({
  // As in vitest.config.ts: one copy of graphql (the CommonJS one Pothos and Yoga load).
  resolve: { alias: { graphql: "graphql/index.js" } },
  test: {
    include: ["reliability/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    globalSetup: ["reliability/lib/global-setup.ts"],
  },
});
