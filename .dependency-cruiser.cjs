// The one dependency rule of the whole tree, checked by api/src/layers.test.ts (part of `npm test`) over every folder
// that holds our code (api worker common web testing bench reliability scripts; generated code and build output
// excluded); see docs/ARCHITECTURE.md, "Layers".
//
// The server's layers:
//   outer:  api/src/{http,rest,graphql,jobs,seed}/, api/src/{main,services,server}.ts, worker/
//   domain: api/src/domain/
//   lower:  api/src/{db,mail,paystack,storage,cache,events}/, api/src/{config,logger,paths,sites,job-contract}.ts
//   common: common/ (what the server and the browser both read): imports nothing of ours
// Imports point down only: outer -> domain -> lower -> common. Within the outer layer, rest/ builds on http/'s
// helpers, so http/ does not import rest/ (api/src/server.ts mounts both).
//
// The web app: web/src/shared/ serves both sites (web/src/admin, web/src/learner) and imports neither; the two sites
// import nothing of each other, and a page's _components/ are imported by the pages of its area only. The server
// (api/, worker/) imports nothing of web/.
//
// Test code: tests (*.test.ts(x), *.e2e.ts), the test-support package testing/, the test helpers beside the code
// (a test/ folder, a testing.ts(x) module), and the test and measuring suites (reliability/, bench/, web/e2e/). It
// may import anything; production code (everything else) imports none of it. No import circles anywhere outside
// tests, type-only and dynamic imports included.

const TESTS = "\\.(test|e2e)\\.tsx?$";
const TEST_CODE = [TESTS, "(^|/)(test|testing)(/|\\.tsx?$)", "^(bench|reliability|web/e2e)/"];
const OUTER = "^(api/src/(http|rest|graphql|jobs|seed)/|api/src/(main|services|server)\\.ts$|worker/)";
const DOMAIN = "^api/src/domain/";
const COMMON = "^common/";
const LOWER = "^(api/src/(db|mail|paystack|storage|cache|events)/|api/src/(config|logger|paths|sites|job-contract)\\.ts$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-imports-outer",
      comment: "The domain knows nothing of HTTP, REST, GraphQL, jobs/ or the wiring; it records jobs through job-contract.ts.",
      severity: "error",
      from: { path: DOMAIN, pathNot: TESTS },
      to: { path: OUTER },
    },
    {
      name: "lower-imports-upper",
      comment:
        "Databases, mail, Paystack, storage, cache, events, config and the job contract serve the domain: they import neither it nor anything above it.",
      severity: "error",
      from: { path: LOWER, pathNot: TESTS },
      to: { path: [DOMAIN, OUTER] },
    },
    {
      name: "common-imports-nothing",
      comment: "common/ is shared with the browser bundle: it imports none of the server's or the web app's modules.",
      severity: "error",
      from: { path: COMMON, pathNot: TESTS },
      to: { path: "^(api|web|worker|testing|bench|reliability|scripts)/" },
    },
    {
      name: "http-imports-rest",
      comment:
        "rest/ builds on http/ (reading a request, answering with a stored object): http/ importing rest/ back would tie the two in a circle.",
      severity: "error",
      from: { path: "^api/src/http/", pathNot: TESTS },
      to: { path: "^api/src/rest/" },
    },
    {
      name: "server-imports-web",
      comment: "The server (api/, worker/) imports nothing of web/: what both read lives in common/.",
      severity: "error",
      from: { path: "^(api|worker)/" },
      to: { path: "^web/" },
    },
    {
      name: "shared-imports-site",
      comment: "web/src/shared/ serves both sites: it imports neither web/src/admin nor web/src/learner (its tests may try both).",
      severity: "error",
      from: { path: "^web/src/shared/", pathNot: TESTS },
      to: { path: "^web/src/(admin|learner)/" },
    },
    {
      name: "site-imports-other-site",
      comment: "The admin console and the learner site import nothing of each other: what both use lives in web/src/shared/.",
      severity: "error",
      from: { path: "^web/src/(admin|learner)/" },
      to: { path: "^web/src/(admin|learner)/", pathNot: "^web/src/$1/" },
    },
    {
      name: "site-imports-page-components",
      comment:
        "A page's _components/ serve that page: the rest of its site (routes, layout, components/, forms/ ...) imports none of them; what pages share lives in the site's components/ or in web/src/shared/.",
      severity: "error",
      from: { path: "^web/src/(admin|learner)/", pathNot: ["^web/src/(admin|learner)/pages/", ...TEST_CODE] },
      to: { path: "^web/src/(admin|learner)/pages/(.*/|)_components/" },
    },
    {
      name: "area-imports-other-area-components",
      comment:
        "A page's _components/ serve the pages of its area (web/src/<site>/pages/<area>/, CONTRIBUTING.md, Areas): a page of another area imports none of them; what two areas share lives in the site's components/ or in web/src/shared/.",
      severity: "error",
      from: { path: "^web/src/(admin|learner)/pages/([^/]+)/", pathNot: TEST_CODE },
      to: { path: "^web/src/$1/pages/(.*/|)_components/", pathNot: "^web/src/$1/pages/$2/" },
    },
    {
      name: "production-imports-tests",
      comment:
        "Production code imports no test code: not testing/, nor a test, nor a test helper (a test/ folder, a testing.ts(x) module), nor reliability/, bench/ or web/e2e/.",
      severity: "error",
      from: { pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: "no-circular",
      comment: "No import circles anywhere, type-only and dynamic imports included.",
      severity: "error",
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import the checker cannot resolve would slip past the rules above.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(generated|__generated__|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
  },
};
