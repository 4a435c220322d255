import { randomBytes } from "node:crypto";
import type { TestApp } from "./app.ts";

/**
 * A track written straight to the database, for the tests that sell, settle, refund or certify one: a name made unique
 * with a random suffix (unless one is given), its price in cents, 4 weeks long unless `duration` says otherwise.
 */
export function createTrack(app: TestApp, priceCents: number, options: { name?: string; duration?: string } = {}) {
  const { name = `Track ${randomBytes(3).toString("hex")}`, duration = "4 weeks" } = options;
  return app.services.db.prisma.track.create({ data: { name, priceCents, duration, instructor: "I", description: "D" } });
}
