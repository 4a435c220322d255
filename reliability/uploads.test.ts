import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { MAX_IMAGE_BYTES } from "../api/src/domain/images.ts";
import { MAX_GRAPHQL_BODY_BYTES } from "../api/src/graphql/yoga.ts";
import { coverImage } from "../api/src/seed/images.ts";
import { record } from "./lib/report.ts";

/**
 * Item 6, uploads (OWASP File Upload cheat sheet). What is refused and what is stored-and-served-safely:
 * - the type is the one the first bytes say (file-type); only JPEG, PNG and WebP are taken, whatever the name or the
 *   declared type: SVG, HTML, GIF (so GIF/JS polyglots) and anything unknown are refused;
 * - a file that is a PNG by its bytes but carries HTML or script after them is stored: it is served as image/png with
 *   nosniff and the site's CSP, so no browser renders it as a page (and the client's name is never used);
 * - names are thrown away: files are stored as <32 random hex>.<sniffed extension>, so double extensions, NUL bytes
 *   and path tricks in names have nothing to act on;
 * - size: REST streams parts with a 5 MB file limit; GraphQL (Yoga buffers multipart) reads at most
 *   MAX_GRAPHQL_BODY_BYTES and stops reading there.
 */

const PNG = new Uint8Array(coverImage([20, 30, 40], [200, 180, 160], 16, 16));
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1"),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
const WEBP = (() => {
  const payload = Buffer.concat([Buffer.from("WEBPVP8 ", "latin1"), Buffer.alloc(4), Buffer.alloc(32, 7)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(payload.length);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), size, payload]);
})();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>');
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
const GIF_JS = Buffer.from("GIF89a/*\x01\x00\x01\x00\x00\xff\x00,*/=alert(document.domain);//", "latin1");
const PNG_HTML = Buffer.concat([PNG, Buffer.from("<html><script>alert(document.domain)</script></html>")]);

interface Part {
  name: string;
  value?: string;
  file?: { filename: string; type: string; bytes: Uint8Array };
}

/** A multipart body built byte by byte (names with NUL bytes and the like, as a hostile client sends them). */
function multipart(parts: Part[]): { body: Buffer; type: string } {
  const boundary = `----reliability${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`, "latin1"));
    if (part.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.filename}"\r\nContent-Type: ${part.file.type}\r\n\r\n`,
          "latin1",
        ),
      );
      chunks.push(Buffer.from(part.file.bytes));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`, "utf8"));
    }
    chunks.push(Buffer.from("\r\n", "latin1"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, "latin1"));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const TRACK_FIELDS = { name: "Upload track", price: "10", duration: "1 week", instructor: "I", description: "D" };
const CREATE_TRACK = `mutation($input: TrackInput!) { r: createTrack(input: $input) {
  __typename ... on TrackPayload { track { image } } ... on Error { message } } }`;

describe("6. uploads", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = (await adminWithToken(app)).token;
  });
  afterAll(() => app.close());

  /** Uploads through REST (POST /api/tracks). Returns the stored path or the refusal. */
  async function viaRest(file: Part["file"]): Promise<{ status: number; path?: string; message?: string }> {
    const { body, type } = multipart([...Object.entries(TRACK_FIELDS).map(([name, value]) => ({ name, value })), { name: "image", file }]);
    const res = await app.fetch("/api/tracks", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": type },
      body: new Uint8Array(body),
    });
    const json = (await res.json()) as { track?: { image?: string }; message?: string };
    return { status: res.status, path: json.track?.image ?? undefined, message: json.message };
  }

  /** Uploads through GraphQL multipart (createTrack). */
  async function viaGraphql(file: Part["file"]): Promise<{ status: number; path?: string; message?: string }> {
    const operations = JSON.stringify({ query: CREATE_TRACK, variables: { input: { ...TRACK_FIELDS, price: 10, image: null } } });
    const { body, type } = multipart([
      { name: "operations", value: operations },
      { name: "map", value: JSON.stringify({ 0: ["variables.input.image"] }) },
      { name: "0", file },
    ]);
    const res = await app.fetch("/graphql", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": type, "x-graphql-yoga-csrf": "1" },
      body: new Uint8Array(body),
    });
    const json = (await res.json()) as { data?: { r?: { track?: { image?: string }; message?: string } }; errors?: { message: string }[] };
    return {
      status: res.status,
      path: json.data?.r?.track?.image ?? undefined,
      message: json.data?.r?.message ?? json.errors?.[0]?.message,
    };
  }

  const via = { REST: viaRest, GraphQL: viaGraphql };
  const RANDOM_NAME = /^\/uploads\/[a-f0-9]{32}\.(png|jpg|webp)$/;

  it("6.1 only JPEG, PNG and WebP by their bytes; SVG, HTML and GIF/JS polyglots refused; PNG+HTML served as an image", async () => {
    const accepted: [string, Uint8Array, string][] = [
      ["PNG", PNG, "png"],
      ["JPEG", JPEG, "jpg"],
      ["WebP", WEBP, "webp"],
    ];
    const refused: [string, Part["file"]][] = [
      ["SVG", { filename: "x.svg", type: "image/svg+xml", bytes: SVG }],
      ["SVG named .png, declared image/png", { filename: "x.png", type: "image/png", bytes: SVG }],
      ["HTML", { filename: "x.html", type: "text/html", bytes: HTML }],
      ["HTML named .jpg, declared image/jpeg", { filename: "x.jpg", type: "image/jpeg", bytes: HTML }],
      ["GIF/JS polyglot", { filename: "x.gif", type: "image/gif", bytes: GIF_JS }],
      ["empty-looking text", { filename: "x.webp", type: "image/webp", bytes: Buffer.from("RIFF") }],
    ];
    const problems: string[] = [];
    let okCount = 0;
    let refusedCount = 0;
    const served: string[] = [];
    for (const [api, upload] of Object.entries(via)) {
      for (const [name, bytes, extension] of accepted) {
        const r = await upload({ filename: `photo.${extension}`, type: "application/octet-stream", bytes });
        if (r.path && RANDOM_NAME.test(r.path) && r.path.endsWith(`.${extension}`)) okCount++;
        else problems.push(`${api} ${name} not stored: ${JSON.stringify(r)}`);
      }
      for (const [name, file] of refused) {
        const r = await upload(file);
        if (!r.path && r.message === "Image must be a JPEG, PNG or WebP file.") refusedCount++;
        else problems.push(`${api} ${name} not refused: ${JSON.stringify(r)}`);
      }
      const polyglot = await upload({ filename: "x.png", type: "image/png", bytes: PNG_HTML });
      if (!polyglot.path) problems.push(`${api} PNG+HTML: ${JSON.stringify(polyglot)}`);
      else {
        const res = await app.fetch(polyglot.path);
        const ok =
          res.headers.get("content-type") === "image/png" &&
          res.headers.get("x-content-type-options") === "nosniff" &&
          /script-src 'self'/.test(res.headers.get("content-security-policy") ?? "");
        if (ok) served.push(api);
        else problems.push(`${api} PNG+HTML served as ${res.headers.get("content-type")}`);
        await res.arrayBuffer();
      }
    }
    const met = problems.length === 0;
    record({
      item: "6.1",
      check: "file types by magic bytes, REST and GraphQL multipart",
      figure: `stored ${okCount}/6 (PNG, JPEG, WebP); refused ${refusedCount}/${refused.length * 2} (SVG, HTML, GIF/JS polyglot, lying names/types); PNG+HTML polyglot stored as .png, served image/png + nosniff + CSP (${served.join(", ")})`,
      target: "only JPEG/PNG/WebP stored; the rest refused or served inert",
      met,
      note: problems.join("; ") || undefined,
    });
    expect(problems).toEqual([]);
  });

  it("6.2 names: double extensions, NUL bytes and paths are neutralised (random names, sniffed extension)", async () => {
    const names = [
      "x.png.html",
      "x.html.png",
      "x.png\u0000.html",
      "../../../../tmp/evil.png",
      "..\\..\\evil.png",
      "a".repeat(300),
      "<script>.png",
    ];
    const stored: string[] = [];
    const problems: string[] = [];
    for (const [api, upload] of Object.entries(via)) {
      for (const filename of names) {
        const r = await upload({ filename, type: "text/html", bytes: PNG });
        if (r.path && RANDOM_NAME.test(r.path) && r.path.endsWith(".png")) stored.push(r.path);
        else if (r.status >= 400 && r.status < 500 && !r.path) stored.push("refused");
        else problems.push(`${api} ${JSON.stringify(filename)}: ${JSON.stringify(r)}`);
      }
      // HTML bytes under a double extension that ends in .png: refused for its bytes.
      const html = await upload({ filename: "x.html.png", type: "image/png", bytes: HTML });
      if (html.path) problems.push(`${api} HTML as x.html.png stored at ${html.path}`);
    }
    const randomNames = stored.filter((s) => s !== "refused").length;
    record({
      item: "6.2",
      check: "hostile file names (x.png.html, NUL byte, ../ paths, 300 chars, markup) with PNG bytes, REST and GraphQL",
      figure: `${randomNames} stored under random .png names, ${stored.length - randomNames} refused, ${problems.length} kept a client name`,
      target: "all neutralised or refused",
      met: problems.length === 0,
      note: problems.join("; ") || undefined,
    });
    expect(problems).toEqual([]);
  });

  /** Streams a huge multipart upload, 1 MB at a time, and reports how much had been sent when the server answered. */
  function streamHuge(path: string, headers: Record<string, string>, head: string, totalMb: number) {
    const url = new URL(app.url + path);
    const boundary = "hugeboundary";
    return new Promise<{ status: number; sentMb: number; body: string }>((resolve) => {
      let sent = 0;
      let answered = false;
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          answered = true;
          const sentAtAnswer = sent / 1024 / 1024;
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            resolve({ status: res.statusCode ?? 0, sentMb: sentAtAnswer, body: Buffer.concat(chunks).toString().slice(0, 200) });
            req.destroy();
          });
        },
      );
      req.on("error", () => {
        if (!answered) resolve({ status: -1, sentMb: sent / 1024 / 1024, body: "connection closed before an answer" });
      });
      req.write(head.replaceAll("BOUNDARY", boundary));
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      chunk.set(PNG.subarray(0, 8));
      let written = 0;
      const pump = () => {
        if (answered) return;
        if (written >= totalMb) {
          req.end(`\r\n--${boundary}--\r\n`);
          return;
        }
        written++;
        sent += chunk.length;
        if (req.write(chunk)) setImmediate(pump);
        else req.once("drain", pump);
      };
      pump();
    });
  }

  it("6.3 size: over 5 MB is refused, and a huge body is refused long before it has all arrived", async () => {
    const justOver = new Uint8Array(MAX_IMAGE_BYTES + 1);
    justOver.set(PNG.subarray(0, 64));
    const overRest = await viaRest({ filename: "big.png", type: "image/png", bytes: justOver });
    const overGraphql = await viaGraphql({ filename: "big.png", type: "image/png", bytes: justOver });
    const atLimit = new Uint8Array(MAX_IMAGE_BYTES - 1024);
    atLimit.set(PNG);
    const limitRest = await viaRest({ filename: "ok.png", type: "image/png", bytes: atLimit });

    const totalMb = 200;
    const fields = Object.entries(TRACK_FIELDS)
      .map(([k, v]) => `--BOUNDARY\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("");
    const hugeRest = await streamHuge(
      "/api/tracks",
      { authorization: `Bearer ${token}`, "transfer-encoding": "chunked" },
      `${fields}--BOUNDARY\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
      totalMb,
    );
    const operations = JSON.stringify({ query: CREATE_TRACK, variables: { input: { ...TRACK_FIELDS, price: 10, image: null } } });
    const hugeGraphql = await streamHuge(
      "/graphql",
      { authorization: `Bearer ${token}`, "x-graphql-yoga-csrf": "1", "transfer-encoding": "chunked" },
      `--BOUNDARY\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n--BOUNDARY\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.input.image"]}\r\n--BOUNDARY\r\nContent-Disposition: form-data; name="0"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
      totalMb,
    );
    const refusedEarly = (r: { status: number; sentMb: number }) => r.status >= 400 && r.status < 500 && r.sentMb < totalMb / 4;
    const met =
      overRest.status === 413 && !overGraphql.path && Boolean(limitRest.path) && refusedEarly(hugeRest) && refusedEarly(hugeGraphql);
    record({
      item: "6.3",
      check: `upload size: 5 MB + 1 byte; a ${totalMb} MB streamed body (chunked, no Content-Length)`,
      figure: `5 MB + 1: REST ${overRest.status}, GraphQL refused ("${overGraphql.message}"); ${totalMb} MB: REST ${hugeRest.status} after ${hugeRest.sentMb.toFixed(0)} MB sent, GraphQL ${hugeGraphql.status} after ${hugeGraphql.sentMb.toFixed(0)} MB sent (reads at most ${(MAX_GRAPHQL_BODY_BYTES / 1024 / 1024).toFixed(0)} MB)`,
      target: "refused; huge bodies refused before they are all read",
      met,
      note: `answers: ${hugeRest.body} / ${hugeGraphql.body}`,
    });
    expect(met).toBe(true);
  });

  it("6.4 stored files are served with their stored type and nosniff; nothing outside the uploads folder is", async () => {
    const problems: string[] = [];
    const types = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;
    for (const [extension, bytes] of [
      ["png", PNG],
      ["jpg", JPEG],
      ["webp", WEBP],
    ] as const) {
      const r = await viaRest({ filename: `x.${extension}`, type: "text/html", bytes });
      if (!r.path) {
        problems.push(`${extension} not stored`);
        continue;
      }
      const res = await app.fetch(r.path);
      const body = new Uint8Array(await res.arrayBuffer());
      if (res.headers.get("content-type") !== types[extension]) problems.push(`${extension} served as ${res.headers.get("content-type")}`);
      if (res.headers.get("x-content-type-options") !== "nosniff") problems.push(`${extension} without nosniff`);
      if (Buffer.compare(Buffer.from(body), Buffer.from(bytes)) !== 0) problems.push(`${extension} bytes differ`);
    }
    for (const path of [
      "/uploads/../package.json",
      "/uploads/%2e%2e/%2e%2e/package.json",
      "/uploads/..%2f..%2fpackage.json",
      "/uploads/",
    ]) {
      const res = await app.fetch(path);
      const text = await res.text();
      if (res.status < 400 || text.includes('"name": "learnhub"')) problems.push(`${path}: ${res.status}`);
    }
    record({
      item: "6.4",
      check: "serving stored uploads (PNG, JPEG, WebP) and path traversal under /uploads",
      figure: problems.length ? problems.join("; ") : "stored type + nosniff + same bytes for 3/3; 4/4 traversal attempts refused",
      target: "stored type, nosniff, nothing else served",
      met: problems.length === 0,
    });
    expect(problems).toEqual([]);
  });
});
