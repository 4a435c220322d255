import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./paths.ts";

// The one dependency rule of the whole tree: the server's layers (http/rest/graphql/jobs -> domain ->
// db/mail/paystack/storage/cache/events -> common), the web app's sites and shared code, production code apart from
// test code, and no import circles. The rules are in .dependency-cruiser.cjs (docs/ARCHITECTURE.md, "Layers"); this
// test runs them on every `npm test` over every folder that holds our code.
const root = ROOT;
const CRUISED = ["api", "worker", "common", "web", "testing", "bench", "reliability", "scripts"];

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
  it("the whole tree keeps the rule: no wrong-way import, no import circle, no unresolved import", async () => {
    const tsConfig = extractTSConfig(join(root, "tsconfig.json"));
    expect(await violations(CRUISED, root, tsConfig)).toEqual([]);
  }, 120_000);

  describe("the rules catch a wrong-way import", () => {
    const dir = mkdtempSync(join(tmpdir(), "layers-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    // A small tree shaped like ours: each file imports what its name says.
    write("package.json", JSON.stringify({ type: "module", imports: { "#testing/*": "./testing/*" } }));
    write("testing/app.ts", "export const startTestApp = () => 1;\n");
    write("api/src/graphql/context.ts", "export type Viewer = { id: string };\n");
    write("api/src/http/hosts.ts", "export const host = 'x';\n");
    write("api/src/jobs/contract.ts", "export const JOB = 'ping';\n");
    write("api/src/jobs/outbox.ts", "export const record = () => 1;\n");
    write("api/src/services.ts", "export type Services = { a: 1 };\n");
    write("api/src/db/client.ts", "export const db = 1;\n");
    write("api/src/job-contract.ts", "export const JOB = 'ping';\n");
    write("api/src/domain/uses-contract.ts", "import { JOB } from '../jobs/contract.ts';\nexport const a = JOB;\n");
    write("api/src/domain/uses-job-contract.ts", "import { JOB } from '../job-contract.ts';\nexport const a2 = JOB;\n");
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
    write("api/src/rest/routes.ts", "export const routes = 1;\n");
    write("api/src/rest/uses-http.ts", "import { host } from '../http/hosts.ts';\nexport const k = host;\n");
    write("api/src/http/uses-rest.ts", "import { routes } from '../rest/routes.ts';\nexport const l = routes;\n");
    // Test code: testing/ (through package.json "imports"), a helper beside the tests, the tests themselves.
    write("api/src/rest/uses-testing.ts", "import { startTestApp } from '#testing/app.ts';\nexport const m = startTestApp;\n");
    write("api/src/graphql/testing.ts", "import { startTestApp } from '#testing/app.ts';\nexport const n = startTestApp;\n");
    write("api/src/graphql/uses-helper.ts", "import { n } from './testing.ts';\nexport const o = n;\n");
    write("api/src/graphql/helper.test.ts", "import { n } from './testing.ts';\nexport const p = n;\n");
    // A web-like tree: shared code, two sites, a circle closed by a lazy import in TSX.
    write("web/src/shared/ui/toasts.ts", "export const show = () => import('./Region.tsx');\n");
    write("web/src/shared/ui/Region.tsx", "import { show } from './toasts.ts';\nexport const Region = () => <p>{String(show)}</p>;\n");
    write("web/src/shared/format/dates.ts", "export const today = () => 'today';\n");
    write(
      "web/src/admin/Page.tsx",
      "import { today } from '../shared/format/dates.ts';\nexport const AdminPage = () => <p>{today()}</p>;\n",
    );
    write(
      "web/src/learner/Page.tsx",
      "import { today } from '../shared/format/dates.ts';\nexport const LearnerPage = () => <p>{today()}</p>;\n",
    );
    write("web/src/learner/uses-admin.tsx", "import { AdminPage } from '../admin/Page.tsx';\nexport const q = AdminPage;\n");
    write("web/src/shared/uses-site.ts", "import { LearnerPage } from '../learner/Page.tsx';\nexport const r = LearnerPage;\n");
    write("web/src/shared/uses-sites.test.tsx", "import { AdminPage } from '../admin/Page.tsx';\nexport const s = AdminPage;\n");
    // A page's parts: the pages of its area may import them; another area's pages and the site's shared components
    // may not (their tests may).
    write("web/src/admin/pages/catalogue/track/_components/TrackTile.tsx", "export const TrackTile = () => <p>tile</p>;\n");
    write(
      "web/src/admin/pages/catalogue/track/TrackPage.tsx",
      "import { TrackTile } from './_components/TrackTile.tsx';\nexport const u = TrackTile;\n",
    );
    write(
      "web/src/admin/pages/catalogue/courses/CoursesPage.tsx",
      "import { TrackTile } from '../track/_components/TrackTile.tsx';\nexport const u2 = TrackTile;\n",
    );
    write(
      "web/src/admin/pages/invoices/invoice/InvoicePage.tsx",
      "import { TrackTile } from '../../catalogue/track/_components/TrackTile.tsx';\nexport const u3 = TrackTile;\n",
    );
    write(
      "web/src/admin/pages/invoices/invoice/InvoicePage.test.tsx",
      "import { TrackTile } from '../../catalogue/track/_components/TrackTile.tsx';\nexport const u4 = TrackTile;\n",
    );
    write(
      "web/src/admin/components/uses-page-part.tsx",
      "import { TrackTile } from '../pages/catalogue/track/_components/TrackTile.tsx';\nexport const v = TrackTile;\n",
    );
    write(
      "web/src/admin/components/uses-page-part.test.tsx",
      "import { TrackTile } from '../pages/catalogue/track/_components/TrackTile.tsx';\nexport const w = TrackTile;\n",
    );
    write("api/src/http/uses-web.ts", "import { today } from '../../../web/src/shared/format/dates.ts';\nexport const t = today;\n");

    it("reports each wrong-way import and each circle, and nothing else", async () => {
      expect((await violations(["api", "common", "web", "testing"], dir)).sort()).toEqual([
        "area-imports-other-area-components: web/src/admin/pages/invoices/invoice/InvoicePage.tsx -> web/src/admin/pages/catalogue/track/_components/TrackTile.tsx",
        "common-imports-nothing: common/uses-domain.ts -> api/src/domain/uses-db.ts",
        "domain-imports-outer: api/src/domain/uses-contract.ts -> api/src/jobs/contract.ts",
        "domain-imports-outer: api/src/domain/uses-graphql.ts -> api/src/graphql/context.ts",
        "domain-imports-outer: api/src/domain/uses-http.ts -> api/src/http/hosts.ts",
        "domain-imports-outer: api/src/domain/uses-outbox.ts -> api/src/jobs/outbox.ts",
        "domain-imports-outer: api/src/domain/uses-services.ts -> api/src/services.ts",
        "http-imports-rest: api/src/http/uses-rest.ts -> api/src/rest/routes.ts",
        "lower-imports-upper: api/src/mail/uses-domain.ts -> api/src/domain/uses-db.ts",
        "no-circular: api/src/jobs/circle-a.ts -> api/src/jobs/circle-b.ts -> api/src/jobs/circle-a.ts",
        "no-circular: web/src/shared/ui/Region.tsx -> web/src/shared/ui/toasts.ts -> web/src/shared/ui/Region.tsx",
        "production-imports-tests: api/src/graphql/uses-helper.ts -> api/src/graphql/testing.ts",
        "production-imports-tests: api/src/rest/uses-testing.ts -> testing/app.ts",
        "server-imports-web: api/src/http/uses-web.ts -> web/src/shared/format/dates.ts",
        "shared-imports-site: web/src/shared/uses-site.ts -> web/src/learner/Page.tsx",
        "site-imports-other-site: web/src/learner/uses-admin.tsx -> web/src/admin/Page.tsx",
        "site-imports-page-components: web/src/admin/components/uses-page-part.tsx -> web/src/admin/pages/catalogue/track/_components/TrackTile.tsx",
      ]);
    }, 60_000);
  });
});
