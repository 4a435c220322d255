import { randomBytes } from "node:crypto";
import { createSession } from "../domain/accounts/login.ts";
import { hashPassword } from "../domain/passwords.ts";
import type { StaffRole } from "../domain/staff/permissions.ts";
import type { TestApp } from "./app.ts";

let passwordHash: Promise<string> | undefined;
export const TEST_PASSWORD = "Test#Pass2026";

/** A verified learner with a live session, made directly in the database (sign-up itself is tested elsewhere). */
export async function learnerWithToken(app: TestApp, overrides: { firstName?: string; lastName?: string } = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const learner = await app.services.db.prisma.learner.create({
    data: {
      firstName: overrides.firstName ?? "Test",
      lastName: overrides.lastName ?? "Learner",
      email: `learner-${randomBytes(5).toString("hex")}@example.com`,
      contact: "+234 801 000 0000",
      passwordHash: await passwordHash,
      emailVerifiedAt: new Date(),
    },
  });
  return { learner, token: await createSession(app.services.db.prisma, "LEARNER", learner.id) };
}

/**
 * A verified staff account with a live session; an owner unless another role is asked for (null: pending approval).
 */
export async function adminWithToken(app: TestApp, staffRole: StaffRole | null = "OWNER") {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const admin = await app.services.db.prisma.admin.create({
    data: {
      firstName: "Test",
      lastName: "Admin",
      email: `admin-${randomBytes(5).toString("hex")}@example.com`,
      contact: "+234 801 000 0001",
      passwordHash: await passwordHash,
      emailVerifiedAt: new Date(),
      staffRole,
      approvedAt: staffRole ? new Date() : null,
    },
  });
  return { admin, token: await createSession(app.services.db.prisma, "ADMIN", admin.id) };
}
