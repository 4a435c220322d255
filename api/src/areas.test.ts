import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AREAS, NON_AREA_FOLDERS } from "./areas.ts";
import { ROOT } from "./paths.ts";

// The server's shape by area (api/src/areas.ts, CONTRIBUTING.md "Areas"): every folder of domain/, graphql/ and rest/
// is an area of the list or one of the named folders that belong to none, each area has its domain folder, a GraphQL
// or REST folder has its domain twin, and a GraphQL type's fields are declared in one folder only, so whoever reads a
// type reads one folder. Checked on the real tree and on a planted one that breaks each rule.

type NonArea = { domain: readonly string[]; graphql: readonly string[]; rest: readonly string[] };

const foldersIn = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];

function folderProblems(src: string, areas: readonly string[], nonArea: NonArea): string[] {
  const problems: string[] = [];
  for (const area of areas) if (!existsSync(join(src, "domain", area))) problems.push(`area ${area} has no folder domain/${area}/`);
  for (const layer of ["domain", "graphql", "rest"] as const) {
    for (const folder of foldersIn(join(src, layer))) {
      if (nonArea[layer].includes(folder)) continue;
      if (!areas.includes(folder)) problems.push(`${layer}/${folder}/ is not an area of api/src/areas.ts`);
      else if (layer !== "domain" && !existsSync(join(src, "domain", folder))) {
        problems.push(`${layer}/${folder}/ has no domain twin domain/${folder}/`);
      }
    }
  }
  return problems;
}

/** The GraphQL modules (tests aside) below `dir`, as paths relative to `src`. */
function modulesIn(src: string, dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesIn(src, path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative(src, path)] : [];
  });
}

/** An object or interface type declared by name: `prismaNode("Track"`, `objectRef<...>("Report")`, ... */
const DECLARATION =
  /\b(?:prismaObject|prismaNode|prismaInterface|objectRef|interfaceRef|objectType|interfaceType)\s*(?:<[\s\S]*?>)?\(\s*"(\w+)"/g;
/** The constant a declaration is kept in: `const Track = builder.prismaNode("Track"`, `const Q = builder.node(builder.objectRef<...>("Q")`. */
const NAMED =
  /\bconst\s+(\w+)\s*=\s*builder\s*(?:\.node\(\s*builder\s*)?\.(?:prismaObject|prismaNode|prismaInterface|objectRef|interfaceRef|objectType|interfaceType)\s*(?:<[\s\S]*?>)?\(\s*"(\w+)"/g;
/** Fields added to a type declared elsewhere: `prismaObjectFields(Track, ...`, `objectField("Invoice", ...`, ... */
const EXTENSION = /\.(?:prismaObjectFields?|prismaInterfaceFields?|objectFields?|interfaceFields?)\(\s*(?:"(\w+)"|(\w+))/g;

/** For each GraphQL object or interface type, the folders (below `graphql/`) whose modules declare fields of it. */
function typeFolders(src: string): Map<string, string[]> {
  const modules = modulesIn(src, join(src, "graphql")).map((path) => ({
    folder: `${dirname(path)}/`,
    text: readFileSync(join(src, path), "utf8"),
  }));
  const byConstant = new Map<string, string>();
  for (const { text } of modules) for (const [, constant, type] of text.matchAll(NAMED)) byConstant.set(constant as string, type as string);
  const folders = new Map<string, Set<string>>();
  const add = (type: string, folder: string) => folders.set(type, (folders.get(type) ?? new Set()).add(folder));
  for (const { folder, text } of modules) {
    for (const [, type] of text.matchAll(DECLARATION)) add(type as string, folder);
    for (const [, name, constant] of text.matchAll(EXTENSION))
      add(name ?? byConstant.get(constant as string) ?? (constant as string), folder);
  }
  return new Map([...folders].map(([type, set]) => [type, [...set].sort()]));
}

function typeProblems(src: string): string[] {
  return [...typeFolders(src)]
    .filter(([, folders]) => folders.length > 1)
    .map(([type, folders]) => `${type}: fields declared in ${folders.join(", ")}`)
    .sort();
}

const shapeProblems = (src: string, areas: readonly string[] = AREAS, nonArea: NonArea = NON_AREA_FOLDERS) => [
  ...folderProblems(src, areas, nonArea),
  ...typeProblems(src),
];

describe("areas", () => {
  const src = join(ROOT, "api", "src");

  it("the server's folders follow the area list, and each GraphQL type's fields live in one folder", () => {
    expect(shapeProblems(src)).toEqual([]);
  });

  it("the scan sees the types, each in its area's folder", () => {
    const folders = typeFolders(src);
    expect(folders.get("Invoice")).toEqual(["graphql/invoices/"]);
    expect(folders.get("Track")).toEqual(["graphql/catalogue/"]);
    expect(folders.get("Admin")).toEqual(["graphql/accounts/"]);
    expect(folders.get("Report")).toEqual(["graphql/reports/"]);
    expect(folders.get("DeletePayload")).toEqual(["graphql/schema/"]);
    expect(folders.size).toBeGreaterThan(60);
  });

  describe("the check catches a folder out of the list and a type spread over folders", () => {
    const dir = mkdtempSync(join(tmpdir(), "areas-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    // A small tree shaped like api/src, with the areas accounts, catalogue, learning and reports.
    for (const folder of ["accounts", "catalogue", "learning", "mails", "widgets"])
      write(`domain/${folder}/rules.ts`, "export const a = 1;\n");
    write("graphql/schema/index.ts", 'import "../accounts/account.ts";\n');
    write("graphql/accounts/account.ts", 'export const Learner = builder.prismaNode("Learner", { fields: (t) => ({}) });\n');
    write("graphql/accounts/account.test.ts", 'builder.prismaObjectFields("Track", (t) => ({}));\n');
    write(
      "graphql/catalogue/track.ts",
      'export const Track = builder.prismaNode("Track", { fields: (t) => ({}) });\nbuilder.prismaObjectFields(Track, (t) => ({}));\n',
    );
    write("graphql/catalogue/archive.ts", 'builder.objectField(Track, "archivedAt", (t) => t.exposeString("x"));\n');
    write(
      "graphql/learning/lessons.ts",
      'builder.prismaObjectFields(Track, (t) => ({}));\nbuilder.prismaObjectFields("Learner", (t) => ({}));\nbuilder.queryFields((t) => ({}));\n',
    );
    write(
      "graphql/learning/quiz.ts",
      'const Preview = builder\n  .objectRef<{ role: (typeof ROLES)[number] }>("QuizPreview")\n  .implement({ fields: (t) => ({}) });\nbuilder.objectFields(Preview, (t) => ({}));\n',
    );
    write(
      "graphql/reports/report.ts",
      'export const ReportRef = builder.objectRef<Report>("Report").implement({ fields: (t) => ({}) });\n',
    );
    write("graphql/cohorts/report.ts", "builder.objectFields(ReportRef, (t) => ({}));\n");
    write("rest/pipeline.ts", "export const restRoutes = 1;\n");
    write("rest/reports/reports.ts", "export const reportRoutes = 1;\n");

    it("names each folder out of place and each type whose fields are in more than one folder, and nothing else", () => {
      expect(shapeProblems(dir, ["accounts", "catalogue", "learning", "reports"])).toEqual([
        "area reports has no folder domain/reports/",
        "domain/widgets/ is not an area of api/src/areas.ts",
        "graphql/cohorts/ is not an area of api/src/areas.ts",
        "graphql/reports/ has no domain twin domain/reports/",
        "rest/reports/ has no domain twin domain/reports/",
        "Learner: fields declared in graphql/accounts/, graphql/learning/",
        "Report: fields declared in graphql/cohorts/, graphql/reports/",
        "Track: fields declared in graphql/catalogue/, graphql/learning/",
      ]);
    });
  });
});

// docs/ARCHITECTURE.md's map of areas by layer is this table, made from the tree: the test fails, printing the table
// the tree gives, when a folder comes or goes and the doc was not updated.
const MAP_START = "<!-- areas-map:start (api/src/areas.test.ts checks it) -->";
const MAP_END = "<!-- areas-map:end -->";

function areaMap(root: string): string {
  const cell = (path: string) => (existsSync(join(root, path)) ? `\`${path.replace(/^(api\/src|web\/src)\//, "")}/\`` : "-");
  const rows = AREAS.map((area) =>
    [
      area,
      cell(`api/src/domain/${area}`),
      cell(`api/src/graphql/${area}`),
      cell(`api/src/rest/${area}`),
      cell(`web/src/admin/pages/${area}`),
      cell(`web/src/learner/pages/${area}`),
    ].join(" | "),
  );
  return [
    "| area | domain | GraphQL | REST | admin pages | learner pages |",
    "|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

describe("docs/ARCHITECTURE.md's map of areas", () => {
  it("is the table the tree gives", () => {
    const doc = readFileSync(join(ROOT, "docs/ARCHITECTURE.md"), "utf8");
    const start = doc.indexOf(MAP_START);
    const end = doc.indexOf(MAP_END);
    expect(start, `docs/ARCHITECTURE.md has no ${MAP_START}`).toBeGreaterThan(-1);
    expect(doc.slice(start + MAP_START.length, end).trim()).toBe(areaMap(ROOT));
  });

  it("shows a folder that is missing as a dash", () => {
    const dir = mkdtempSync(join(tmpdir(), "areas-map-"));
    try {
      mkdirSync(join(dir, "api/src/domain/accounts"), { recursive: true });
      expect(areaMap(dir).split("\n")[2]).toBe("| accounts | `domain/accounts/` | - | - | - | - |");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
