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
  /** Signed up again with another password before verifying: the verification keeps neither (accounts/signup.ts). */
  signupContested: boolean;
  disabled: boolean;
  /** The whole admin or learner row, for answers that show the account (a login's) without reading it again. */
  row: Prisma.AdminModel | Prisma.LearnerModel;
}

/** E-mail addresses are unique across admins and learners, so an e-mail names at most one account. */
export async function findAccountByEmail(prisma: PrismaClient | Prisma.TransactionClient, email: string): Promise<AccountRecord | null> {
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

/**
 * The name to greet an account by in a mail: none until its e-mail is verified. Until then the name is whatever the
 * latest sign-up typed, and anyone can have a mail sent to any address, so it must not carry their words into it.
 */
export const mailName = (account: Pick<AccountRecord, "firstName" | "emailVerifiedAt">): string =>
  account.emailVerifiedAt ? account.firstName : "";

/**
 * Serialises the sign-ups and verifications of one e-mail address until the transaction ends, across instances: a
 * sign-up that read the account as unverified cannot change its password after a verification committed, and two
 * sign-ups of a new address cannot both create it. Addresses are unique across the admin and learner tables, which
 * no index can say, so the lock is on the address rather than a row.
 */
export async function lockEmail(tx: Prisma.TransactionClient, email: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`account-email:${email}`}, 0))`;
}

/** The foreign-key column that points at an account of this role, in Session and EmailCode. */
export function ownerColumn(role: Role): "adminId" | "learnerId" {
  return role === "ADMIN" ? "adminId" : "learnerId";
}
