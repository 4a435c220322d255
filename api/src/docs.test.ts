import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./paths.ts";

/**
 * The repository explains itself: no file cites documents outside it (the product spec's numbered sections, the
 * Paystack notes, the folder beside the checkout), and every `docs/<name>.md` a file cites exists, with the section
 * it names. The behaviour is written down in docs/product.md and docs/payments.md.
 */

// Built from pieces so that this file does not cite what it looks for.
const SECTION_SIGN = "\u00a7";
const OUTSIDE_PATTERNS: { label: string; pattern: RegExp }[] = [
  { label: `spec ${SECTION_SIGN}`, pattern: new RegExp(`\\bspec(?:'s)?\\s*${SECTION_SIGN}`, "i") },
  { label: `${SECTION_SIGN}<number>`, pattern: new RegExp(`${SECTION_SIGN}\\s*\\d`) },
  { label: "spec section <number>", pattern: /\bspec\b(?:'s)?[ (]*section \d/i },
  { label: "PAYSTACK" + ".md", pattern: new RegExp("PAYSTACK" + "\\.md") },
];

/** A relative path through a `shared/` folder; it is a citation of the outside folder when it resolves outside the repository. */
const SHARED_PATH = /(?:\.\.\/)+shared\//g;

/** Cited documents: `docs/<name>.md`, optionally followed by `, Section name`. */
const DOC_CITATION = /\bdocs\/([A-Za-z0-9_-]+\.md)(?:, ([A-Z][^,.;:)"'`\n]*))?/g;

const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|md|ya?ml|css|html|graphql|sh|sql|prisma|txt)$|(?:^|\/)(?:Dockerfile|\.[a-z]+rc)$/;
const SKIPPED = /(?:^|\/)(?:package-lock\.json|__generated__\/)/;

/** Tracked files, and new ones not ignored, that could hold a citation. */
function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  return [...new Set(listed.split("\0"))].filter((f) => f && TEXT_FILE.test(f) && !SKIPPED.test(f) && existsSync(join(ROOT, f)));
}

/** Citations of documents outside the repository in one file's text, as "line: label". */
function outsideCitations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, index) => {
    for (const { label, pattern } of OUTSIDE_PATTERNS) if (pattern.test(line)) found.push(`${index + 1}: ${label}`);
    for (const match of line.matchAll(SHARED_PATH)) {
      const target = resolve(ROOT, dirname(file), match[0]);
      if (relative(ROOT, target).startsWith("..")) found.push(`${index + 1}: ${match[0]} (outside the repository)`);
    }
  });
  return found;
}

/** A heading's name as cited: without its number, and without what follows a comma or an opening parenthesis. */
const headingName = (heading: string) =>
  heading
    .replace(/^#+\s*/, "")
    .replace(/^\d+\.\s*/, "")
    .split(/,| \(/)[0]
    ?.trim() ?? "";

function headingsOf(doc: string): string[] {
  const text = readFileSync(join(ROOT, "docs", doc), "utf8");
  return text
    .split("\n")
    .filter((line) => /^#{1,4} /.test(line))
    .map(headingName);
}

/** Cited docs that do not exist, or whose cited section has no heading, in one file's text. */
function brokenDocCitations(text: string, headings: (doc: string) => string[] | null): string[] {
  const broken: string[] = [];
  for (const match of text.matchAll(DOC_CITATION)) {
    const [, doc, section] = match;
    const names = headings(doc as string);
    if (!names) broken.push(`docs/${doc} does not exist`);
    else if (section && !names.some((name) => name && (section === name || section.startsWith(`${name} `))))
      broken.push(`docs/${doc} has no section "${section.trim()}"`);
  }
  return broken;
}

const headingCache = new Map<string, string[] | null>();
const repoHeadings = (doc: string) => {
  if (!headingCache.has(doc)) headingCache.set(doc, existsSync(join(ROOT, "docs", doc)) ? headingsOf(doc) : null);
  return headingCache.get(doc) ?? null;
};

describe("the repository explains itself", () => {
  const files = sourceFiles();

  it("finds the repository's files", () => {
    expect(files).toContain("api/src/docs.test.ts");
    expect(files).toContain("docs/product.md");
    expect(files.length).toBeGreaterThan(100);
  });

  it("no file cites the spec's numbered sections, the Paystack notes or the folder outside the repository", () => {
    const offenders = files.flatMap((file) =>
      outsideCitations(file, readFileSync(join(ROOT, file), "utf8")).map((where) => `${file}:${where}`),
    );
    expect(offenders).toEqual([]);
  });

  it("every cited docs/<file>.md exists and has the cited section", () => {
    const offenders = files.flatMap((file) =>
      brokenDocCitations(readFileSync(join(ROOT, file), "utf8"), repoHeadings).map((what) => `${file}: ${what}`),
    );
    expect(offenders).toEqual([]);
    // The two documents the code cites most.
    expect(repoHeadings("product.md")).toEqual(expect.arrayContaining(["REST routes", "Validation", "Texts", "Limits", "Storage keys"]));
    expect(repoHeadings("payments.md")).toEqual(expect.arrayContaining(["Calls", "Webhook", "Settlement", "The sandbox"]));
  });

  it("the checks catch what they are for, and leave the web app's own shared folder alone", () => {
    const sign = SECTION_SIGN;
    expect(outsideCitations("api/src/x.ts", `// page size 10 (spec ${sign}9)`)).toEqual([`1: spec ${sign}`, `1: ${sign}<number>`]);
    expect(outsideCitations("api/src/x.ts", `/** messages of the product spec (${sign}5, ${sign}8) */`)).toEqual([`1: ${sign}<number>`]);
    expect(outsideCitations("web/src/x.tsx", `// six outcomes (spec ${"section"} 2); in the spec (${"section"} 5)`)).toEqual([
      "1: spec section <number>",
    ]);
    expect(outsideCitations("api/src/x.ts", `a\n// the contract (see PAYSTACK${".md"})`)).toEqual([`2: PAYSTACK${".md"}`]);
    expect(outsideCitations("README.md", `The spec is \`${"../"}shared/spec/000.txt\`.`)).toEqual([
      "1: ../shared/ (outside the repository)",
    ]);
    expect(outsideCitations("web/src/admin/main.tsx", 'import "../shared/ui/theme.css";')).toEqual([]);
    expect(outsideCitations("web/src/admin/pages/x/X.tsx", `import { A } from "${"../".repeat(3)}shared/ui/Alert.tsx";`)).toEqual([]);

    const headings = (doc: string) => (doc === "product.md" ? ["Sites", "REST routes", "Limits"] : null);
    expect(brokenDocCitations("// (docs/product.md, Limits) and docs/product.md, REST routes: x", headings)).toEqual([]);
    expect(brokenDocCitations("// docs/product.md, Learner pages", headings)).toEqual(['docs/product.md has no section "Learner pages"']);
    expect(brokenDocCitations(`// see ${"docs/"}missing.md`, headings)).toEqual([`${"docs/"}missing.md does not exist`]);
  });
});
