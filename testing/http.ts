import { request } from "node:http";

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

/** Creates a track with `image` (PNG) through the REST API at `url` as `token`; answers the status and stored image path. */
export async function uploadTrack(url: string, token: string, image: Uint8Array<ArrayBuffer>): Promise<{ status: number; image: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: "Stored image", price: "10", duration: "1 week", instructor: "I", description: "D" })) {
    form.append(k, v);
  }
  form.append("image", new Blob([image], { type: "image/png" }), "cover.png");
  const created = await fetch(`${url}/api/tracks`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await created.json()) as { track?: { image?: string } };
  return { status: created.status, image: body.track?.image ?? "" };
}
