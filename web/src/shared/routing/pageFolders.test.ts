import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ADMIN_PAGES, LEARNER_PAGES } from "../../../../common/site-paths.ts";

/**
 * The rule for `web/src/<site>/pages/`: a page's folder is its route's path, its segments as written (nested folders
 * for a nested path, `:parameters` left out), so the address bar says where the code is. The site's root `/` has no
 * segment to name a folder after: its folder is named for the page it shows (`home`, `login`).
 */
const ROOT_FOLDER = { learner: "home", admin: "login" } as const;

function pageFolders(site: "learner" | "admin"): string[] {
  // Tests run from the repository root.
  const root = `${process.cwd()}/web/src/${site}/pages/`;
  const walk = (folder: string): string[] =>
    readdirSync(`${root}${folder}`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "_components" && entry.name !== "__generated__")
      .flatMap((entry) => {
        const path = folder ? `${folder}/${entry.name}` : entry.name;
        return [path, ...walk(path)];
      });
  return walk("");
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
    it(`name the ${site} site's folders after their routes' paths`, () => {
      const expected = new Set(Object.values(pages).map((path) => folderOf(path, site)));
      // A nested path's parent folder exists too (portal/ holds portal/settings/).
      for (const folder of [...expected]) {
        for (let i = folder.indexOf("/"); i > 0; i = folder.indexOf("/", i + 1)) expected.add(folder.slice(0, i));
      }
      expect(pageFolders(site).sort()).toEqual([...expected].sort());
    });
  }
});
