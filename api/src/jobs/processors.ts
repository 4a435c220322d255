import type { MailTransport } from "../mail/transport.ts";
import type { Processors } from "./queue.ts";

export interface ProcessorDeps {
  mail: MailTransport;
}

/** One thin processor per job; each delegates to a domain module. Shared by the API (in-process) and the worker. */
export function createProcessors(deps: ProcessorDeps): Processors {
  return {
    "send-mail": async (mail) => {
      await deps.mail.send(mail);
    },
    ping: async ({ value }) => ({ pong: value }),
  };
}
