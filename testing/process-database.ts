import { randomBytes } from "node:crypto";
import { type Database, openDatabase } from "../api/src/db/client.ts";
import { migrate } from "../api/src/db/migrate.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { hashPassword } from "../api/src/domain/accounts/passwords.ts";
import { dropDatabase, testDatabaseUrl } from "./database.ts";

/** A throwaway PostgreSQL database for API or worker processes, open here too so the test can seed it. */
export interface ProcessDatabase {
  url: string;
  db: Database;
  /** Closes the test's connection and drops the database. */
  close(): Promise<void>;
}

/**
 * A new database on TEST_DATABASE_URL's server (the reliability suite's global setup sets it), migrated, for processes
 * started with DATABASE_URL set to its `url`.
 */
export async function processDatabase(): Promise<ProcessDatabase> {
  const created = await testDatabaseUrl();
  if (!created) throw new Error("TEST_DATABASE_URL is set by the reliability global setup");
  const db = await openDatabase({ url: created.url, dataDir: ":memory:" });
  await migrate(db.sql);
  return {
    url: created.url,
    db,
    close: async () => {
      await db.close();
      await dropDatabase(created.url);
    },
  };
}

/**
 * `count` verified learners with `password`, named `<firstName> L<i>` with addresses `<firstname>-<i>-<random>@example.com`;
 * answers the addresses, in order.
 */
export async function verifiedLearners(db: Database, firstName: string, count: number, password: string): Promise<string[]> {
  const passwordHash = await hashPassword(password);
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${firstName.toLowerCase()}-${i}-${randomBytes(3).toString("hex")}@example.com`;
    await db.prisma.learner.create({
      data: { firstName, lastName: `L${i}`, email, contact: "+234 801 000 0000", passwordHash, emailVerifiedAt: new Date() },
    });
    emails.push(email);
  }
  return emails;
}

/** An owner's session token, made straight in the database that API processes use (the owner cannot log in). */
export async function ownerSession(db: Database): Promise<string> {
  const admin = await db.prisma.admin.create({
    data: {
      firstName: "Test",
      lastName: "Owner",
      email: `owner-${randomBytes(4).toString("hex")}@example.com`,
      contact: "+234 801 000 0001",
      passwordHash: "not-a-login",
      emailVerifiedAt: new Date(),
      staffRole: "OWNER",
      approvedAt: new Date(),
    },
  });
  return createSession(db.prisma, "ADMIN", admin.id);
}
