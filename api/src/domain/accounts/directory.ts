import type { Prisma, PrismaClient } from "../../db/client.ts";

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
  /** The whole admin or learner row, for answers that show the account (a login's) without reading it again. */
  row: Prisma.AdminModel | Prisma.LearnerModel;
}

/** E-mail addresses are unique across admins and learners, so an e-mail names at most one account. */
export async function findAccountByEmail(prisma: PrismaClient, email: string): Promise<AccountRecord | null> {
  const [admin, learner] = await Promise.all([
    prisma.admin.findUnique({ where: { email } }),
    prisma.learner.findUnique({ where: { email } }),
  ]);
  if (admin) return { ...admin, role: "ADMIN", row: admin };
  if (learner) return { ...learner, role: "LEARNER", row: learner };
  return null;
}

export async function findAccount(prisma: PrismaClient, role: Role, id: string): Promise<AccountRecord | null> {
  if (role === "ADMIN") {
    const admin = await prisma.admin.findUnique({ where: { id } });
    return admin && { ...admin, role, row: admin };
  }
  const learner = await prisma.learner.findUnique({ where: { id } });
  return learner && { ...learner, role, row: learner };
}

/** The foreign-key column that points at an account of this role, in Session and EmailCode. */
export function ownerColumn(role: Role): "adminId" | "learnerId" {
  return role === "ADMIN" ? "adminId" : "learnerId";
}
