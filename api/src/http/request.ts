import type { FastifyRequest } from "fastify";
import { type SessionDeps, type Viewer, viewerFromToken } from "../domain/accounts/sessions.ts";
import type { RequestInfo } from "../graphql/context.ts";
import { leaveInFlight } from "./overload.ts";

/** What GraphQL resolvers may know of the request they answer (the REST facade passes the same). */
export function requestInfo(req: FastifyRequest): RequestInfo {
  return { ip: req.ip, userAgent: req.headers["user-agent"], leaveInFlight: () => leaveInFlight(req), log: req.log };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim()) : null;
  return match ? (match[1] as string) : null;
}

/** Reads an `Authorization: Bearer <token>` header into the live session it names, or null. */
export function viewerFromAuthorization(deps: SessionDeps, header: string | undefined): Promise<Viewer | null> {
  return viewerFromToken(deps, bearerToken(header));
}
