import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { LINGER_MAX_BYTES, MAX_JSON_BODY_BYTES } from "../server.ts";

/** A raw connection: what the server sends, as text, and whether it has closed. */
function open(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  let received = "";
  let closed = false;
  let writeFailed = false;
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
  });
  socket.on("error", () => {
    writeFailed = true;
  });
  socket.on("close", () => {
    closed = true;
  });
  const ready = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return {
    socket,
    ready,
    received: () => received,
    closed: () => closed,
    writeFailed: () => writeFailed,
    write: (data: string | Buffer) =>
      new Promise<void>((resolve) => {
        if (socket.destroyed) resolve();
        else socket.write(data, () => resolve());
      }),
  };
}

/** Waits until `ready()` holds (polling), or fails after `ms`. */
async function until(what: string, ready: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The first complete answer in `text` (head and Content-Length body), or null while it is still arriving. */
function firstAnswer(text: string): { head: string; rest: string } | null {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const head = text.slice(0, end);
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
  if (text.length < end + 4 + length) return null;
  return { head, rest: text.slice(end + 4 + length) };
}

const headers = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("answers sent before the request body has arrived", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it.each([
    ["GraphQL", "/graphql"],
    ["REST", "/api/auth/login"],
  ])("%s: a body over the JSON cap still sending gets its 413, and the connection then serves the next request", async (_, path) => {
    const size = 900 * 1024;
    expect(size).toBeGreaterThan(MAX_JSON_BODY_BYTES);
    const c = open(app.url);
    await c.ready;
    await c.write(headers(path, size));
    // The body in 100 kB pieces, as a slow uplink sends it: the answer comes before most of it.
    const piece = Buffer.alloc(100 * 1024, "x");
    for (let sent = 0; sent < size; sent += piece.length) {
      await c.write(piece.subarray(0, Math.min(piece.length, size - sent)));
      await new Promise((r) => setTimeout(r, 15));
    }
    await until("the 413", () => firstAnswer(c.received()) !== null || c.closed());
    const answer = firstAnswer(c.received());
    expect(answer?.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer?.head).not.toMatch(/\r\nconnection: close/i);
    expect(c.writeFailed()).toBe(false);
    // The same connection, kept alive, answers the next request.
    const before = c.received().length;
    await c.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await until("the next answer", () => firstAnswer(c.received().slice(before)) !== null || c.closed());
    expect(c.received().slice(before)).toMatch(/^HTTP\/1\.1 200 /);
    c.socket.destroy();
  });

  it("a declared body over the linger bound is refused and its connection closed at once, without reading it", async () => {
    const c = open(app.url);
    await c.ready;
    await c.write(headers("/graphql", LINGER_MAX_BYTES + 1));
    await until("the connection to close", () => c.closed());
    const answer = firstAnswer(c.received());
    expect(answer?.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer?.head).toMatch(/\r\nconnection: close/i);
  });

  it("a refused body still sending a second after the answer has its connection closed", async () => {
    const c = open(app.url);
    await c.ready;
    await c.write(headers("/graphql", 1024 * 1024));
    await c.write(Buffer.alloc(70 * 1024, "x"));
    await until("the 413", () => firstAnswer(c.received()) !== null);
    // Nothing more is sent: the server, which kept the connection to read the rest, gives up after about a second.
    const answeredAt = Date.now();
    await until("the connection to close", () => c.closed(), 5000);
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(800);
  });
});
