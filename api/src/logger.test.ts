import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

/** The lines a logger writes, as parsed JSON. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger("info", "test", { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("the request log (logger.ts)", () => {
  it("keeps link tokens in a request's query string out of the log: reset, invitation and draft preview links", () => {
    const { logger, lines } = capture();
    for (const url of [
      "/reset-password?token=RESET-SECRET",
      "/signup?invitation=INVITE-SECRET",
      "/learner-track-details/8f1c?preview=PREVIEW-SECRET",
      "/learner-track-details/8f1c?x=1&preview=PREVIEW-SECRET#top",
    ]) {
      logger.info({ req: { method: "GET", url } }, "incoming request");
    }
    const urls = lines.map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual([
      "/reset-password?token=[redacted]",
      "/signup?invitation=[redacted]",
      "/learner-track-details/8f1c?preview=[redacted]",
      "/learner-track-details/8f1c?x=1&preview=[redacted]#top",
    ]);
    expect(JSON.stringify(lines)).not.toContain("SECRET");
  });
});
