export type Site = "admin" | "learner";

/** The admin console is served when the host name starts with the admin prefix, the learner site otherwise. */
export function siteForHost(host: string | undefined, adminPrefix: string): Site {
  return (host ?? "").toLowerCase().startsWith(adminPrefix.toLowerCase()) ? "admin" : "learner";
}

/** The base URL of a site: the admin console lives on the learner site's host with the admin prefix. */
export function siteUrl(publicUrl: string, adminPrefix: string, site: Site): string {
  if (site === "learner") return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = `${adminPrefix}${url.hostname}`;
  return url.toString().replace(/\/$/, "");
}
