import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

/**
 * A graceful stop behind a load balancer (SIGTERM, see main.ts). Closing the server stops new connections and closes
 * the idle kept-alive ones, but a connection that is serving a request at that moment would stay open, kept alive,
 * after its answer, and hold the process until the force-exit timer. So, once closing: every answer is sent with
 * `Connection: close` (the client opens its next connection elsewhere), idle connections are closed again after each
 * answer, and live event streams (GraphQL subscriptions over Server-Sent Events, which never end by themselves) are
 * ended, so their clients reconnect to another instance. Requests already on a connection are answered, not refused
 * (the server sets `return503OnClosing: false`).
 */
export function registerDrain(app: FastifyInstance): void {
  let closing = false;
  const streams = new Set<ServerResponse>();
  app.addHook("onSend", async (_req, reply, payload) => {
    if (closing) reply.header("connection", "close");
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/event-stream")) {
      const raw = reply.raw;
      streams.add(raw);
      raw.once("close", () => streams.delete(raw));
    }
    return payload;
  });
  app.addHook("onResponse", (_req, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
    done();
  });
  app.addHook("preClose", (done) => {
    closing = true;
    for (const stream of streams) stream.destroy();
    streams.clear();
    done();
  });
}
