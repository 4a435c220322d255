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
 * - Lucide's general icon component: `createLucideIcon` is replaced by LEAN_CREATE_ICON below, which draws an icon's
 *   elements with the attributes Lucide sets, for the props this app passes (size, strokeWidth, fill, className and
 *   the ARIA ones), without Lucide's context, attribute builders and class merging (1.1 kB of gzip in the learner
 *   site's first load). Its default size is the kit's 18 px, the value `startSite` gives Lucide's provider for the
 *   dev server and the tests (so the provider, which it does not read, passes its children on in production). The
 *   unit tests render Lucide's own component; the browser tests run this build.
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
      if (file.endsWith("/dist/esm/createLucideIcon.mjs")) return { code: LEAN_CREATE_ICON, map: null };
      // LEAN_CREATE_ICON reads no context: the provider only passes its children on.
      if (file.endsWith("/dist/esm/context.mjs")) {
        return {
          code: "export const LucideProvider = ({ children }) => children;\nexport const useLucideContext = () => ({});\n",
          map: null,
        };
      }
      return null;
    },
  };
}

/** `createLucideIcon` for production builds (see above): the same SVG as Lucide's component for the props the kit uses. */
const LEAN_CREATE_ICON = `import { forwardRef, createElement } from "react";
const a11y = (props) => Object.keys(props).some((k) => (k.startsWith("aria-") || k === "role" || k === "title") && props[k] != null);
export default function createLucideIcon(icon) {
  return forwardRef(({ size = 18, strokeWidth = 2, color = "currentColor", className, children, ...rest }, ref) =>
    createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: color,
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? "lucide " + className : "lucide",
        ...(children || a11y(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attrs]) => createElement(tag, attrs)),
      children,
    ),
  );
}
`;
