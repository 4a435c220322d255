import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ADMIN_PAGES, LEARNER_PAGES } from "../../../../common/site-paths.ts";

/**
 * The rule for `web/src/<site>/pages/`: one folder per area of the product (CONTRIBUTING.md, Areas), and in it a
 * page's folder is its route's path, its segments as written (nested folders for a nested path, `:parameters` left
 * out), so the address bar says where the code is. The site's root `/` has no segment to name a folder after: its
 * folder is named for the page it shows (`home`, `login`). A page belongs to one area; the parent folder of a nested
 * path may stand in several (`learning/portal/` holds the portal's dashboard, `accounts/portal/settings/` its settings).
 */
const ROOT_FOLDER = { learner: "home", admin: "login" } as const;
const AREAS = ["accounts", "staff", "catalogue", "learning", "payments", "invoices", "coupons", "reports", "settings"];

// Tests run from the repository root.
const pagesRoot = (site: "learner" | "admin") => `${process.cwd()}/web/src/${site}/pages/`;

const entries = (folder: string) => readdirSync(folder, { withFileTypes: true });
const isPageFolder = (entry: { isDirectory(): boolean; name: string }) =>
  entry.isDirectory() && entry.name !== "_components" && entry.name !== "__generated__";

/** The site's area folders. */
function areaFolders(site: "learner" | "admin"): string[] {
  return entries(pagesRoot(site))
    .filter(isPageFolder)
    .map((entry) => entry.name);
}

/** Each folder below an area, its path inside the area, with the areas it stands in and those holding files in it. */
function pageFolders(site: "learner" | "admin"): Map<string, { areas: string[]; withFiles: string[] }> {
  const folders = new Map<string, { areas: string[]; withFiles: string[] }>();
  for (const area of areaFolders(site)) {
    const walk = (folder: string) => {
      for (const entry of entries(`${pagesRoot(site)}${area}/${folder}`).filter(isPageFolder)) {
        const path = folder ? `${folder}/${entry.name}` : entry.name;
        const found = folders.get(path) ?? { areas: [], withFiles: [] };
        found.areas.push(area);
        if (entries(`${pagesRoot(site)}${area}/${path}`).some((inner) => inner.isFile())) found.withFiles.push(area);
        folders.set(path, found);
        walk(path);
      }
    };
    walk("");
  }
  return folders;
}

function folderOf(path: string, site: "learner" | "admin"): string {
  const folder = path
    .split("/")
    .filter((segment) => segment && !segment.startsWith(":"))
    .join("/");
  return folder || ROOT_FOLDER[site];
}

describe("page folders", () => {
  for (const [site, pages] of [
    ["learner", LEARNER_PAGES],
    ["admin", ADMIN_PAGES],
  ] as const) {
    it(`group the ${site} site's pages by area`, () => {
      expect(areaFolders(site).filter((area) => !AREAS.includes(area))).toEqual([]);
    });

    it(`name the ${site} site's folders after their routes' paths`, () => {
      const routeFolders = new Set(Object.values(pages).map((path) => folderOf(path, site)));
      const expected = new Set(routeFolders);
      // A nested path's parent folder exists too (portal/ holds portal/settings/).
      for (const folder of [...expected]) {
        for (let i = folder.indexOf("/"); i > 0; i = folder.indexOf("/", i + 1)) expected.add(folder.slice(0, i));
      }
      const folders = pageFolders(site);
      expect([...folders.keys()].sort()).toEqual([...expected].sort());
      // Each page's code is in one area's folder.
      const spread = [...routeFolders].filter((folder) => folders.get(folder)?.withFiles.length !== 1);
      expect(spread.map((folder) => `${folder}: ${folders.get(folder)?.withFiles.join(", ")}`)).toEqual([]);
    });
  }
});
