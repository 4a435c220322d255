import { availableParallelism } from "node:os";
import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";

// Unit and integration tests; browser tests have their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which on a 2-core CI machine runs every file in one
    // worker while the main process idles; the api files spend much of their time waiting on PGlite, sockets and
    // child processes, so every core gets a worker.
    maxWorkers: availableParallelism(),
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
          // One module graph per worker instead of one per file: importing the app (schema, Prisma, Fastify) took
          // a third of the run when every file paid for it. Files share no state through it: each builds its own
          // app and database (testing/ helpers), and none mocks modules or mutates process.env for later files.
          isolate: false,
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
          // A page test renders lazy routes that vitest transforms on first use: beside the api files on two cores,
          // a few took more than the default 5 s while passing in one or two alone.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
