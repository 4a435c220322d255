import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "../db/client.ts";
import type { Viewer } from "../graphql/context.ts";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Reads an `Authorization: Bearer <token>` header into the live session it names, or null. */
export async function viewerFromAuthorization(prisma: PrismaClient, header: string | undefined): Promise<Viewer | null> {
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim()) : null;
  if (!match) return null;
  const session = await prisma.session.findUnique({
    where: { tokenHash: hashToken(match[1] as string) },
    select: { id: true, role: true, adminId: true, learnerId: true, expiresAt: true, revokedAt: true },
  });
  if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
  const accountId = session.role === "ADMIN" ? session.adminId : session.learnerId;
  if (!accountId) return null;
  return { sessionId: session.id, role: session.role, accountId };
}
