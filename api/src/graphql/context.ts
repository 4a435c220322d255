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
  /** Stops counting this request against the server's in-flight limit, before a long wait that holds no resources. */
  leaveInFlight?: () => void;
}

/** What every resolver gets: the app's services, who is asking, and where from. Kept small on purpose. */
export interface Context {
  services: Services;
  viewer: Viewer | null;
  request: RequestInfo;
}
