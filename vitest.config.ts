import { defineConfig } from "vitest/config";

// Unit and integration tests; browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        // graphql ships both index.js and index.mjs; Node loads the CommonJS one for Pothos and Yoga, so tests must
        // too, or two copies of graphql meet at runtime.
        resolve: { alias: { graphql: "graphql/index.js" } },
        test: {
          name: "api",
          include: ["api/**/*.test.ts", "worker/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
    ],
  },
});
