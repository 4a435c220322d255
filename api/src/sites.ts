/** The two sites one installation serves. */
export type Site = "admin" | "learner";

/**
 * The base URL of a site: the admin console lives on the learner site's host with the admin prefix. Below the domain
 * (which writes these URLs into mails) and the HTTP layer (which picks a site by host) alike.
 */
export function siteUrl(publicUrl: string, adminPrefix: string, site: Site): string {
  if (site === "learner") return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = `${adminPrefix}${url.hostname}`;
  return url.toString().replace(/\/$/, "");
}
