import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "../db/client.ts";
import type { Viewer } from "./staff/permissions.ts";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// The viewer type sits with the roles it carries (importing it from here keeps one edge: sessions -> permissions).
export type { Viewer } from "./staff/permissions.ts";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The live session a bearer token names, or null. One statement: a staff session reads its account's role and
 * state with it, so a role change or a deactivation applies to the very next request.
 */
export async function viewerFromToken(prisma: PrismaClient, token: string | null): Promise<Viewer | null> {
  if (!token) return null;
  return liveViewer(prisma, { tokenHash: hashToken(token) });
}

/**
 * The live session of a session id, or null: what a signed media URL names (the URL carries the session's id, never its
 * token), read afresh on every request like a token.
 */
export function viewerFromSessionId(prisma: PrismaClient, sessionId: string): Promise<Viewer | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return Promise.resolve(null);
  return liveViewer(prisma, { id: sessionId });
}

async function liveViewer(prisma: PrismaClient, where: { tokenHash: string } | { id: string }): Promise<Viewer | null> {
  const session = await prisma.session.findUnique({
    where,
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
