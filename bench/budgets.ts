/**
 * The budget each figure of `npm run bench` is held to (report.ts prints them beside the figures). Its own module:
 * the load run reads one of them while it runs, and the report imports the load run's result types.
 */
export const BUDGETS = {
  /** Load on PostgreSQL at 50 connections, per kind of operation (bench/operations.ts). */
  load: {
    anonymous: { floorRatio: 0.5, p99Ms: 50 },
    signedIn: { floorRatio: 0.6, p99Ms: 100 },
    // A 66 kB answer: no server here can be measured faster than autocannon reads it, so its p99 is held against a
    // bare server sending the same bytes in the same run (the wire), within 10 %; the absolute p99 stays printed.
    wire: { floorRatio: 0.5, p99VsWire: 1.1 },
  },
  rssMb: 300,
  /** The embedded server holds the database in its own process. */
  pgliteRssMb: 350,
  sqlMax: 4,
  learnerJsBytes: 150_000,
  adminJsBytes: 250_000,
  performance: 95,
  accessibility: 95,
  cls: 0.05,
  startupS: 10,
  /** Lesson video ranges through the access-checked route, against a bare static file server. */
  mediaRatio: 0.8,
};
