import { useMemo, useSyncExternalStore } from "react";

/** The local-storage keys (docs/product.md, Storage keys): the admin console and the learner site keep separate sessions. */
export interface SessionKeys {
  token: "token" | "learnerToken";
  user: "user" | "learnerUser";
}
export const adminSession = { token: "token", user: "user" } as const satisfies SessionKeys;
export const learnerSession = { token: "learnerToken", user: "learnerUser" } as const satisfies SessionKeys;

/** The user object stored at login (docs/product.md, Entities: firstName, lastName, email, image). */
export interface StoredUser {
  firstName: string;
  lastName: string;
  email: string;
  image?: string | null;
}

// `storage` events only reach other tabs; this one tells components in this tab that a session changed.
const SESSION_CHANGED = "learnhub:session-changed";

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser> | null;
    return value && typeof value.email === "string"
      ? { firstName: value.firstName ?? "", lastName: value.lastName ?? "", email: value.email, image: value.image ?? null }
      : null;
  } catch {
    return null;
  }
}

export function saveSession(keys: SessionKeys, token: string, user: StoredUser) {
  localStorage.setItem(keys.token, token);
  localStorage.setItem(keys.user, JSON.stringify(user));
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

/**
 * Ends the session locally at once and asks the server to revoke the token. The product (docs/product.md, States and flows) logs out even when that call
 * fails, so its outcome is not awaited.
 */
export function endSession(keys: SessionKeys, logoutPath: string) {
  const token = localStorage.getItem(keys.token);
  localStorage.removeItem(keys.token);
  localStorage.removeItem(keys.user);
  window.dispatchEvent(new Event(SESSION_CHANGED));
  if (token) {
    fetch(logoutPath, { method: "POST", headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(SESSION_CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(SESSION_CHANGED, onChange);
  };
}

/** The stored token and user, re-read whenever a session starts or ends (in this tab or another). */
export function useSession(keys: SessionKeys): { token: string | null; user: StoredUser | null } {
  const token = useSyncExternalStore(subscribe, () => localStorage.getItem(keys.token));
  const rawUser = useSyncExternalStore(subscribe, () => localStorage.getItem(keys.user));
  const user = useMemo(() => parseUser(rawUser), [rawUser]);
  return { token, user };
}
