import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isSitePage } from "../../../common/site-paths.ts";
import { fromRoot } from "../paths.ts";
import { siteForHost } from "./hosts.ts";

export const WEB_DIST = fromRoot("web", "dist");

/**
 * Serves the built web app: hashed assets with long cache, and for any other GET the index page of the site the
 * host selects. A path that is none of that site's pages (the list the client router is built from,
 * common/site-paths.ts) gets the same page with status 404: the client router shows its Not found page,
 * and crawlers and monitors see the status.
 */
export async function registerWeb(app: FastifyInstance, options: { adminHostPrefix: string; distDir?: string }) {
  const dist = options.distDir ?? WEB_DIST;
  const pages = {
    admin: join(dist, "admin", "index.html"),
    learner: join(dist, "learner", "index.html"),
  };
  const built = existsSync(pages.admin) && existsSync(pages.learner);
  const cache = new Map<string, string>();
  const page = (site: "admin" | "learner") => {
    let html = cache.get(site);
    if (html === undefined) {
      html = built ? readFileSync(pages[site], "utf8") : notBuiltPage;
      cache.set(site, html);
    }
    return html;
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: join(dist, "assets"),
      prefix: "/assets/",
      immutable: true,
      maxAge: "365d",
      index: false,
      // The build writes .br and .gz copies of text assets (web/vite.config.ts): sent to browsers that accept them.
      preCompressed: true,
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    if (req.method !== "GET" && req.method !== "HEAD") return reply.code(404).send({ message: "Not found." });
    if (/^\/(api|graphql|uploads|assets)(\/|$)/.test(path)) return reply.code(404).send({ message: "Not found." });
    // A missing file (a name with an extension, e.g. /favicon.ico or /dev/mailbox.json in production) is not a page.
    if (/\.[A-Za-z0-9]+$/.test(path)) return reply.code(404).send({ message: "Not found." });
    const site = siteForHost(req.headers.host, options.adminHostPrefix);
    return reply
      .code(isSitePage(site, path) ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(page(site));
  });
}

const notBuiltPage = `<!doctype html><meta charset="utf-8"><title>Not built</title>
<p>The web app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>`;
