/**
 * The wire: a bare `node:http` server that answers every request with the same bytes from memory (a reference answer
 * of the operation measured, as ours sent it). No database, no work: what it reaches is the most this load generator,
 * loopback and these cores can carry for an answer of that size at that concurrency, the ceiling any server could
 * be measured at here. Run as a process (`node --import tsx bench/wire.ts`) with WIRE_PORT, WIRE_BODY_FILE and
 * WIRE_CONTENT_TYPE (and WIRE_CONTENT_ENCODING when the bytes are compressed).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.env.WIRE_BODY_FILE as string);
const headers: Record<string, string> = {
  "content-type": process.env.WIRE_CONTENT_TYPE ?? "application/json",
  "content-length": String(body.length),
};
if (process.env.WIRE_CONTENT_ENCODING) headers["content-encoding"] = process.env.WIRE_CONTENT_ENCODING;
createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    if (req.url === "/healthz") return res.end("ok");
    res.writeHead(200, headers);
    res.end(body);
  });
}).listen(Number(process.env.WIRE_PORT), "127.0.0.1");
