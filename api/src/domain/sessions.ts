import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "../db/client.ts";
import type { StaffRole } from "./staff/permissions.ts";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Who is asking: the session of an admin (staff) or a learner account. */
export interface Viewer {
  sessionId: string;
  role: "ADMIN" | "LEARNER";
  /** Admin or learner id, per role. */
  accountId: string;
  /** Staff sessions: the account's role, null while the account waits for approval. Learners: null. */
  staffRole: StaffRole | null;
  /** Staff sessions: the account's e-mail, for the audit log. */
  email?: string;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim()) : null;
  return match ? (match[1] as string) : null;
}

/**
 * The live session a bearer token names, or null. One statement: a staff session reads its account's role and
 * state with it, so a role change or a deactivation applies to the very next request.
 */
export async function viewerFromToken(prisma: PrismaClient, token: string | null): Promise<Viewer | null> {
  if (!token) return null;
  const session = await prisma.session.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      role: true,
      adminId: true,
      learnerId: true,
      expiresAt: true,
      revokedAt: true,
      admin: { select: { staffRole: true, disabled: true, email: true } },
    },
  });
  if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
  if (session.role === "ADMIN") {
    if (!session.adminId || !session.admin || session.admin.disabled) return null;
    return {
      sessionId: session.id,
      role: "ADMIN",
      accountId: session.adminId,
      staffRole: session.admin.staffRole,
      email: session.admin.email,
    };
  }
  if (!session.learnerId) return null;
  return { sessionId: session.id, role: "LEARNER", accountId: session.learnerId, staffRole: null };
}

/** Reads an `Authorization: Bearer <token>` header into the live session it names, or null. */
export function viewerFromAuthorization(prisma: PrismaClient, header: string | undefined): Promise<Viewer | null> {
  return viewerFromToken(prisma, bearerToken(header));
}
