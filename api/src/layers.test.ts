import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./paths.ts";

// Layers that point one way: http/rest/graphql/jobs -> domain -> db/mail/payments/storage/cache/events. The rules
// are in .dependency-cruiser.cjs (docs/ARCHITECTURE.md, "Layers"); this test runs them on every `npm test`.
const root = ROOT;

async function violations(files: string[], baseDir: string, tsConfig?: unknown): Promise<string[]> {
  const options = await extractDepcruiseOptions(join(root, ".dependency-cruiser.cjs"));
  const { output } = await cruise(files, { ...options, baseDir, outputType: "json" }, undefined, tsConfig ? { tsConfig } : undefined);
  const result = (typeof output === "string" ? JSON.parse(output) : output) as ICruiseResult;
  return result.summary.violations.map((v) =>
    v.rule.name === "no-circular"
      ? `${v.rule.name}: ${[v.from, ...(v.cycle ?? []).map((c) => c.name)].join(" -> ")}`
      : `${v.rule.name}: ${v.from} -> ${v.to}`,
  );
}

describe("layers", () => {
  it("api/src, worker/ and common/ import only downwards, with no import circles", async () => {
    const tsConfig = extractTSConfig(join(root, "tsconfig.json"));
    expect(await violations(["api/src", "worker", "common"], root, tsConfig)).toEqual([]);
  }, 60_000);

  describe("the rules catch a wrong-way import", () => {
    const dir = mkdtempSync(join(tmpdir(), "layers-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    // A small tree shaped like api/src: each file imports what its name says.
    write("api/src/graphql/context.ts", "export type Viewer = { id: string };\n");
    write("api/src/http/hosts.ts", "export const host = 'x';\n");
    write("api/src/jobs/contract.ts", "export const JOB = 'ping';\n");
    write("api/src/jobs/outbox.ts", "export const record = () => 1;\n");
    write("api/src/services.ts", "export type Services = { a: 1 };\n");
    write("api/src/db/client.ts", "export const db = 1;\n");
    write("api/src/domain/uses-contract.ts", "import { JOB } from '../jobs/contract.ts';\nexport const a = JOB;\n");
    write("api/src/domain/uses-db.ts", "import { db } from '../db/client.ts';\nexport const b = db;\n");
    write("api/src/domain/uses-graphql.ts", "import type { Viewer } from '../graphql/context.ts';\nexport type V = Viewer;\n");
    write("api/src/domain/uses-http.ts", "import { host } from '../http/hosts.ts';\nexport const c = host;\n");
    write("api/src/domain/uses-outbox.ts", "import { record } from '../jobs/outbox.ts';\nexport const d = record;\n");
    write("api/src/domain/uses-services.ts", "import type { Services } from '../services.ts';\nexport type S = Services;\n");
    write("api/src/domain/uses-test.test.ts", "import { host } from '../http/hosts.ts';\nexport const e = host;\n");
    write("api/src/mail/uses-domain.ts", "import { b } from '../domain/uses-db.ts';\nexport const f = b;\n");
    write("api/src/jobs/circle-a.ts", "import { h } from './circle-b.ts';\nexport const g = () => h;\n");
    write("common/formats.ts", "export const PATTERN = /x/;\n");
    write("common/uses-domain.ts", "import { b } from '../api/src/domain/uses-db.ts';\nexport const i = b;\n");
    write("api/src/domain/uses-common.ts", "import { PATTERN } from '../../../common/formats.ts';\nexport const j = PATTERN;\n");
    write("api/src/jobs/circle-b.ts", "import { g } from './circle-a.ts';\nexport const h = () => g;\n");

    it("reports each wrong-way import and the circle, and nothing else", async () => {
      expect((await violations(["api/src", "common"], dir)).sort()).toEqual([
        "common-imports-nothing: common/uses-domain.ts -> api/src/domain/uses-db.ts",
        "domain-imports-outer: api/src/domain/uses-graphql.ts -> api/src/graphql/context.ts",
        "domain-imports-outer: api/src/domain/uses-http.ts -> api/src/http/hosts.ts",
        "domain-imports-outer: api/src/domain/uses-outbox.ts -> api/src/jobs/outbox.ts",
        "domain-imports-outer: api/src/domain/uses-services.ts -> api/src/services.ts",
        "lower-imports-upper: api/src/mail/uses-domain.ts -> api/src/domain/uses-db.ts",
        "no-circular: api/src/jobs/circle-a.ts -> api/src/jobs/circle-b.ts -> api/src/jobs/circle-a.ts",
      ]);
    }, 60_000);
  });
});
