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
}

export type Behaviour = "accept" | "reject-connection" | "reject-data";

/**
 * A real SMTP server on a free loopback port. `plan` says, connection by connection, how to answer (then "accept"
 * for ever after): refuse the connection (421), refuse the message after DATA (451), or take it.
 */
export async function startSmtp(plan: Behaviour[] = []) {
  const received: Received[] = [];
  let connections = 0;
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
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for nodemailer's output: headers, multipart/alternative, quoted-printable or base64 parts. */
function parseMime(raw: string): { subject: string; text: string; html: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeWords(/^subject: (.*)$/im.exec(unfolded)?.[1] ?? "");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  const body = rest.join("\r\n\r\n");
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  const out = { text: "", html: "" };
  for (const part of parts) {
    const [partHead = "", ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const content = partBody.join("\r\n\r\n");
    const encoding = /content-transfer-encoding: *(\S+)/i.exec(partHead)?.[1]?.toLowerCase();
    const decoded =
      encoding === "quoted-printable"
        ? decodeQuotedPrintable(content)
        : encoding === "base64"
          ? Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8")
          : content;
    if (/content-type: *text\/plain/i.test(partHead)) out.text = decoded.trim();
    if (/content-type: *text\/html/i.test(partHead)) out.html = decoded.trim();
  }
  return { subject, ...out };
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
