import babel from "@rolldown/plugin-babel";
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
          include: ["api/**/*.test.ts", "worker/**/*.test.ts", "bench/**/*.test.ts", "testing/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      {
        // Components run in happy-dom; the Relay plugin compiles `graphql` tags as in the app build.
        plugins: [babel({ plugins: [["relay", { eagerEsModules: true }]] })],
        test: {
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["web/src/test/setup.ts"],
        },
      },
    ],
  },
});
