import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { VIDEO_EMBED_ORIGINS } from "../../../common/video.ts";
import type { StorageConfig } from "../config.ts";

/**
 * Where a browser fetches private objects from after a media route redirects it (S3 presigned URLs): the endpoint's
 * origin (and its subdomains when buckets are addressed by host name), or AWS's S3 hosts. Nothing for local storage.
 */
export function storageOrigins(storage: StorageConfig): string[] {
  if (storage.kind !== "s3") return [];
  if (!storage.endpoint) return ["https://*.amazonaws.com"];
  const url = new URL(storage.endpoint);
  return storage.forcePathStyle ? [url.origin] : [url.origin, `${url.protocol}//*.${url.host}`];
}

/**
 * Security headers for every response: a CSP without inline scripts, nosniff, no framing, a strict referrer policy,
 * and HSTS when the public URL is HTTPS. CORS is not enabled: browsers only reach the API from its own origin.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; production: boolean; storage?: StorageConfig },
) {
  const https = options.publicUrl.startsWith("https://");
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        // Radix injects small <style> tags (scroll lock, measured at run time); styles cannot run code, scripts stay strict.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        // Video lessons linked from YouTube or Vimeo play in their privacy-friendly embeds (common/video.ts).
        "frame-src": [...VIDEO_EMBED_ORIGINS],
        // Uploaded lesson videos: from the API, or (S3) from the bucket a media route redirects to.
        "media-src": ["'self'", ...(options.storage ? storageOrigins(options.storage) : [])],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        // Checkout sends the browser to Paystack by navigation, not by a form post.
        "form-action": ["'self'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  // GraphiQL (development only, its files served by us) keeps the policy; its editor's icon fonts are data: URLs.
  if (!options.production) {
    app.addHook("onSend", async (req, reply) => {
      if (!req.url.startsWith("/graphql") || req.method !== "GET") return;
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy === "string") reply.header("content-security-policy", policy.replace("font-src 'self'", "font-src 'self' data:"));
    });
  }
}

/**
 * The public answers to anonymous visitors: a REST route that opts into the public cache (the catalogue, the OpenAPI
 * document), or a GraphQL answer Yoga's response cache kept (it carries an ETag); as a 200 or as a 304 to a
 * revalidation. These may be cached by browsers and proxies; nothing else of the API may.
 */
const isPublicAnswer = (req: FastifyRequest, reply: FastifyReply) =>
  !req.headers.authorization &&
  (req.url.startsWith("/graphql")
    ? reply.hasHeader("etag")
    : req.routeOptions.config?.publicCache === true && (reply.statusCode === 200 || reply.statusCode === 304));

/**
 * Public answers may be kept by browsers and proxies, but checked with the server (their ETag) before each use: the
 * catalogue changes when an admin edits it, and a revalidation costs a 304 without a body.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * `Cache-Control: no-store` on every API answer except the public ones: answers to signed-in requests carry personal
 * data, and auth answers (login, sign-up, codes, resets) carry tokens, signed in or not. No browser, proxy or CDN may
 * keep them. The public answers get PUBLIC_CACHE_CONTROL.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook("onSend", async (req, reply, payload) => {
    const api = req.url.startsWith("/graphql") || req.url.startsWith("/api/");
    if (!api && !req.headers.authorization) return payload;
    if (!isPublicAnswer(req, reply)) reply.header("cache-control", "no-store");
    else if (api) reply.header("cache-control", PUBLIC_CACHE_CONTROL);
    return payload;
  });
}
