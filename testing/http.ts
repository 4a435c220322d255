import { request } from "node:http";
import type { TestApp } from "./app.ts";

/**
 * A request over node:http, answered as a Response with the bytes as sent: unlike fetch(), it may set Host (a
 * forbidden header there) and never decompresses the body, so tests see the answer's real encoding and length. It may
 * also come from another loopback address (`localAddress`, e.g. 127.0.0.2): another client address to the server.
 */
export function rawRequest(url: string, init: RequestInit & { host?: string; localAddress?: string } = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    if (init.host) headers.host = init.host;
    const req = request(url, { method: init.method ?? "GET", headers, localAddress: init.localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const responseHeaders = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) responseHeaders.set(k, String(v));
        const status = res.statusCode ?? 500;
        resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
      });
    });
    req.on("error", reject);
    if (typeof init.body === "string") req.write(init.body);
    req.end();
  });
}

export interface RestAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls the REST facade; a plain object body is sent as JSON, anything else (FormData, string) as is. `from` is the
 * client address (another loopback address, e.g. 127.0.0.2; string bodies only with it).
 */
export async function rest<T = any>(
  app: TestApp,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<RestAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === "string" || options.body instanceof Uint8Array) {
    body = options.body as BodyInit;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await app.fetch(path, { method, headers, body, localAddress: options.from });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON; keep the text.
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}
