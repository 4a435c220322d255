import type { PrismaClient } from "../../db/client.ts";

export type Role = "ADMIN" | "LEARNER";

/** The fields every account has, whichever table it lives in. */
export interface AccountRecord {
  role: Role;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  emailVerifiedAt: Date | null;
  disabled: boolean;
}

const select = { id: true, firstName: true, lastName: true, email: true, passwordHash: true, emailVerifiedAt: true } as const;

/** E-mail addresses are unique across admins and learners, so an e-mail names at most one account. */
export async function findAccountByEmail(prisma: PrismaClient, email: string): Promise<AccountRecord | null> {
  const [admin, learner] = await Promise.all([
    prisma.admin.findUnique({ where: { email }, select }),
    prisma.learner.findUnique({ where: { email }, select: { ...select, disabled: true } }),
  ]);
  if (admin) return { ...admin, role: "ADMIN", disabled: false };
  if (learner) return { ...learner, role: "LEARNER" };
  return null;
}

export async function findAccount(prisma: PrismaClient, role: Role, id: string): Promise<AccountRecord | null> {
  if (role === "ADMIN") {
    const admin = await prisma.admin.findUnique({ where: { id }, select });
    return admin && { ...admin, role, disabled: false };
  }
  const learner = await prisma.learner.findUnique({ where: { id }, select: { ...select, disabled: true } });
  return learner && { ...learner, role };
}

/** The foreign-key column that points at an account of this role, in Session and EmailCode. */
export function ownerColumn(role: Role): "adminId" | "learnerId" {
  return role === "ADMIN" ? "adminId" : "learnerId";
}
