import { describe, expect, it } from "vitest";
import { serverCommand } from "../scripts/server-command.mjs";

describe("serverCommand (how npm start, Docker, the bench and the reliability suite start a bundle)", () => {
  it("runs WebAssembly on the baseline compiler and leaves source maps off unless SOURCE_MAPS=true (memory: docs/SCALING.md)", () => {
    expect(serverCommand("worker", {}).args).toEqual(["--max-old-space-size=192", "--liftoff-only", "worker/dist/main.js"]);
    expect(serverCommand("api", { SOURCE_MAPS: "1" }).args).not.toContain("--enable-source-maps");
    expect(serverCommand("worker", { SOURCE_MAPS: "true", HEAP_MB: "256" }).args).toEqual([
      "--max-old-space-size=256",
      "--liftoff-only",
      "--enable-source-maps",
      "worker/dist/main.js",
    ]);
  });

  it("refuses a heap cap that is not a whole number of megabytes of at least 64", () => {
    expect(() => serverCommand("api", { HEAP_MB: "32" })).toThrow(/HEAP_MB/);
    expect(() => serverCommand("api", { HEAP_MB: "abc" })).toThrow(/HEAP_MB/);
  });
});
