import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A mail as it arrived over SMTP, with its MIME parts decoded. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
  /** Parts sent as attachments (Content-Disposition: attachment), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export type Behaviour = "accept" | "reject-connection" | "reject-data";

/**
 * A real SMTP server on a free loopback port. `plan` says, connection by connection, how to answer (then "accept"
 * for ever after): refuse the connection (421), refuse the message after DATA (451), or take it.
 */
export async function startSmtp(plan: Behaviour[] = []) {
  const received: Received[] = [];
  let connections = 0;
  /** Addresses whose next message is held (see hold()). */
  const toHold = new Set<string>();
  /** Messages held: the client's port and whether its connection has closed since. */
  const held: { to: string[]; clientPort: number; sessionId: string; closed: boolean }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      if (plan[connections - 1] === "reject-connection") {
        return callback(Object.assign(new Error("Service not available, try again later"), { responseCode: 421 }));
      }
      callback();
    },
    onClose(session) {
      for (const h of held) if (h.sessionId === session.id) h.closed = true;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const hold = to.find((address) => toHold.has(address));
        if (hold) {
          // Never answered: a server takes a message when it answers 250 to its end of data (RFC 5321, 4.1.1.4), so a
          // client that is gone before that has not sent it, and the message is dropped with the connection.
          toHold.delete(hold);
          held.push({ to, clientPort: session.remotePort, sessionId: session.id, closed: false });
          return;
        }
        if (plan[connections - 1] === "reject-data") {
          return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMime(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    /**
     * The next message to `address` is held after its last byte arrives: no answer to its end of data until the client
     * goes away, and then it is dropped (nothing delivered), as when the sender dies mid-send.
     */
    hold(address: string) {
      toHold.add(address.toLowerCase());
    },
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Just enough MIME for nodemailer's output: headers, multipart/alternative (inside multipart/mixed when there are
 * attachments), quoted-printable or base64 parts.
 */
function parseMime(raw: string): Omit<Received, "from" | "to" | "raw"> {
  const [head = ""] = raw.split(/\r?\n\r?\n/);
  const subject = decodeWords(/^subject: (.*)$/im.exec(head.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "");
  const out: Omit<Received, "from" | "to" | "raw" | "subject"> = { text: "", html: "", attachments: [] };
  readPart(raw, out);
  return { subject, ...out };
}

function readPart(part: string, out: Omit<Received, "from" | "to" | "raw" | "subject">): void {
  const [rawHead = "", ...rest] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
  const head = rawHead.replace(/\r?\n[ \t]+/g, " ");
  const body = rest.join("\r\n\r\n");
  const boundary = /content-type: *multipart\/[^;]+;.*?boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (boundary) {
    for (const inner of body.split(`--${boundary}`).slice(1, -1)) readPart(inner, out);
    return;
  }
  const encoding = /content-transfer-encoding: *(\S+)/i.exec(head)?.[1]?.toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : Buffer.from(encoding === "quoted-printable" ? decodeQuotedPrintable(body) : body, "utf8");
  const contentType = /content-type: *([^;\s]+)/i.exec(head)?.[1]?.toLowerCase() ?? "text/plain";
  if (/content-disposition: *attachment/i.test(head)) {
    const filename = decodeWords(/filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? "");
    out.attachments.push({ filename, contentType, content: bytes });
    return;
  }
  if (contentType === "text/plain") out.text = bytes.toString("utf8").trim();
  if (contentType === "text/html") out.html = bytes.toString("utf8").trim();
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
