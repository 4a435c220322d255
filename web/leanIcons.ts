import type { Plugin } from "vite";

/**
 * Lucide's icons (lucide-react, the UI kit's icon set) without what production never reads (build only; the dev
 * server and the tests use the package as it is):
 *
 * - each path's `key`, a hash Lucide gives React for the list of an icon's paths. An icon's paths never change
 *   between renders, so React needs no keys to reconcile them, and a production build of React does not ask for them;
 *   they are random strings that gzip cannot shrink, about 8 bytes a path.
 * - each icon's name and `aliases` (used only for `lucide-<name>` class names nothing here styles; every icon keeps
 *   the class `lucide`), its size (24, Lucide's default anyway) and the `__iconData.node;` statement after the data;
 * - the components' `displayName` (a name for React DevTools), whose helper then drops out too.
 *
 * Each icon module's `createLucideIcon(...)` call is marked pure, so an icon imported but unused is left out.
 */
export function leanIcons(): Plugin {
  return {
    name: "learnhub:lean-icons",
    apply: "build",
    transform(code, id) {
      const file = id.replace(/\\/g, "/");
      if (!file.includes("/node_modules/lucide-react/dist/esm/")) return null;
      if (file.includes("/dist/esm/icons/")) {
        const lean = code
          .replace(/,\s*key: "[^"]*"/g, "")
          .replace(/,\s*aliases: \[[^\]]*\]/g, "")
          .replace(/\{\s*name: "[^"]*",\s*size: 24,\s*node:/, "{ node:")
          .replace(/^__iconData\.node;$/m, "")
          .replace(/= createLucideIcon\(/g, "= /* @__PURE__ */ createLucideIcon(");
        return { code: lean, map: null };
      }
      if (file.endsWith("/dist/esm/createLucideIcon.mjs")) {
        const lean = code.replace(/if \(iconData\.name\) \{\s*Component\.displayName = toPascalCase\(iconData\.name\);\s*\}/, "");
        return { code: lean, map: null };
      }
      return null;
    },
  };
}
