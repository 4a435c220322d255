import { defineConfig } from "vitest/config";

// Unit and integration tests; browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
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
