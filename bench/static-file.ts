/**
 * The static file server the video range bench compares ours with: a bare `node:http` server sending one file from
 * disk, whole or the one byte range asked for (`bytes=a-b`), streamed with `fs.createReadStream`. No access check, no
 * session, no database: what serving those bytes costs here at least. Run as a process (`node --import tsx
 * bench/static-file.ts`) with STATIC_PORT, STATIC_FILE and STATIC_CONTENT_TYPE.
 */
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";

const file = process.env.STATIC_FILE as string;
const size = statSync(file).size;
const type = process.env.STATIC_CONTENT_TYPE ?? "application/octet-stream";
createServer((req, res) => {
  if (req.url === "/healthz") return res.end("ok");
  const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
  const start = match ? Number(match[1]) : 0;
  const end = match?.[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  const headers: Record<string, string> = { "content-type": type, "content-length": String(end - start + 1), "accept-ranges": "bytes" };
  if (match) headers["content-range"] = `bytes ${start}-${end}/${size}`;
  res.writeHead(match ? 206 : 200, headers);
  createReadStream(file, { start, end }).pipe(res);
}).listen(Number(process.env.STATIC_PORT), "127.0.0.1");
