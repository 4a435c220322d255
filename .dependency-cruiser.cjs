// The layers of the server, checked by api/src/layers.test.ts (part of `npm test`); see docs/ARCHITECTURE.md, "Layers".
//
//   outer:  api/src/{http,rest,graphql,jobs}/, api/src/{main,services}.ts, api/src/seed/, worker/
//   domain: api/src/domain/
//   lower:  api/src/{db,mail,paystack,storage,cache,events}/, api/src/{config,logger,paths,sites}.ts,
//           api/src/jobs/contract.ts (the job contract: names, payloads, recording a job, the permanent failure)
//   common: common/ (formats the server and the browser both check): imports nothing of ours
//
// Imports point down only: outer -> domain -> lower. Type-only imports count too. Tests and the test-support package
// (testing/, outside api/src) sit outside the layers: they may import anything (testing/ in no import circle).
const TESTS = "\\.test\\.ts$";
const CONTRACT = "^api/src/jobs/contract\\.ts$";
const OUTER = "^(api/src/(http|rest|graphql|jobs|seed)/|api/src/(main|services)\\.ts$|worker/)";
const DOMAIN = "^api/src/domain/";
const COMMON = "^common/";
const LOWER = "^(api/src/(db|mail|paystack|storage|cache|events)/|api/src/(config|logger|paths|sites)\\.ts$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-imports-outer",
      comment: "The domain knows nothing of HTTP, REST, GraphQL or jobs (the job contract, jobs/contract.ts, excepted).",
      severity: "error",
      from: { path: DOMAIN, pathNot: TESTS },
      to: { path: OUTER, pathNot: CONTRACT },
    },
    {
      name: "lower-imports-upper",
      comment:
        "Databases, mail, Paystack, storage, cache, events, config and the job contract serve the domain: they import neither it nor anything above it.",
      severity: "error",
      from: { path: [LOWER, CONTRACT], pathNot: TESTS },
      to: { path: [DOMAIN, OUTER], pathNot: CONTRACT },
    },
    {
      name: "common-imports-nothing",
      comment: "common/ is shared with the browser bundle: it imports none of the server's or the web app's modules.",
      severity: "error",
      from: { path: COMMON, pathNot: TESTS },
      to: { path: "^(api|web|worker)/" },
    },
    {
      name: "no-circular",
      comment: "No import circles, type-only imports included.",
      severity: "error",
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import the checker cannot resolve would slip past the rules above.",
      severity: "error",
      from: { path: "^(api/src|worker)/" },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(generated|__generated__)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
  },
};
