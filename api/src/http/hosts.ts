import type { Site } from "../sites.ts";

/** The admin console is served when the host name starts with the admin prefix, the learner site otherwise. */
export function siteForHost(host: string | undefined, adminPrefix: string): Site {
  return (host ?? "").toLowerCase().startsWith(adminPrefix.toLowerCase()) ? "admin" : "learner";
}
