import { createHash, randomBytes } from "node:crypto";
import type { SessionCache } from "../../cache/sessions.ts";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../staff/permissions.ts";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// The viewer type sits with the roles it carries (importing it from here keeps one edge: sessions -> permissions).
export type { Viewer } from "../staff/permissions.ts";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What a session lookup needs: the database, and the short-lived copies of live sessions (cache/sessions.ts). */
export interface SessionDeps {
  db: Pick<Database, "prisma">;
  sessions: SessionCache<Viewer>;
}

/**
 * The live session a bearer token names, or null. One statement when it is not in memory: a staff session reads its
 * account's role and state with it. Every change to those (logout, revocation, a role or state change) drops the
 * copies in every instance when it commits (`forgetSessions`), so it applies to the very next request.
 */
export async function viewerFromToken(deps: SessionDeps, token: string | null): Promise<Viewer | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  return deps.sessions.read(`t:${tokenHash}`, () => liveViewer(deps.db.prisma, { tokenHash }));
}

/**
 * The live session of a session id, or null: what a signed media URL names (the URL carries the session's id, never its
 * token), checked like a token.
 */
export function viewerFromSessionId(deps: SessionDeps, sessionId: string): Promise<Viewer | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return Promise.resolve(null);
  return deps.sessions.read(`i:${sessionId.toLowerCase()}`, () => liveViewer(deps.db.prisma, { id: sessionId }));
}

/**
 * Drops the kept copies of one session or of all an account's sessions, in every instance. Call it after the commit
 * that ended the session(s) or changed what a staff viewer carries (role, state, e-mail).
 */
export function forgetSessions(deps: Pick<SessionDeps, "sessions">, change: { sessionId?: string; accountId?: string }): Promise<void> {
  return deps.sessions.forget(change);
}

async function liveViewer(prisma: Database["prisma"], where: { tokenHash: string } | { id: string }) {
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
  const kept = (value: Viewer) => ({
    value: Object.freeze(value),
    sessionId: session.id,
    accountId: value.accountId,
    expiresAt: session.expiresAt,
  });
  if (session.role === "ADMIN") {
    if (!session.adminId || !session.admin || session.admin.disabled) return null;
    return kept({
      sessionId: session.id,
      role: "ADMIN",
      accountId: session.adminId,
      staffRole: session.admin.staffRole,
      email: session.admin.email,
    });
  }
  if (!session.learnerId) return null;
  return kept({ sessionId: session.id, role: "LEARNER", accountId: session.learnerId, staffRole: null });
}
