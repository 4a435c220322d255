import type { Services } from "../services.ts";

export interface Viewer {
  sessionId: string;
  role: "ADMIN" | "LEARNER";
  /** Admin or learner id, per role. */
  accountId: string;
}

export interface RequestInfo {
  ip: string;
  userAgent?: string;
}

/** What every resolver gets: the app's services, who is asking, and where from. Kept small on purpose. */
export interface Context {
  services: Services;
  viewer: Viewer | null;
  request: RequestInfo;
}
