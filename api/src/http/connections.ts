import type { Server } from "node:http";

/**
 * At most `max` open connections per client address (the socket's, not X-Forwarded-For); a connection beyond that is
 * closed at once. Slow clients then hold a bounded share of the server, whatever the request timeouts allow each one.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
