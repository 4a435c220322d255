import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * Production builds of the framework both sites load first, without the parts this app never runs (build only; the
 * dev server and the tests use the packages as they are).
 *
 * - react-router's package exports name only its development build (`dist/development`, dev warnings on) for every
 *   condition; the production build beside it is the same code with them off. Its `X.displayName = "X"` statements
 *   (names for React DevTools) are dropped and its top-level `React.forwardRef`/`createContext`/`memo` calls marked
 *   pure: as side effects they kept components this app never renders (`<Form>`, `useSubmit`, `fetcher.Form`,
 *   `unstable_HistoryRouter`) in the bundle.
 * - relay-runtime and react-relay ship CommonJS only: their indexes `require()` every module, so nothing is
 *   tree-shaken. See `LEFT_OUT` and `REACT_RELAY_HOOKS`.
 */
export function leanFramework(): Plugin[] {
  return [
    {
      name: "learnhub:lean-framework:resolve",
      apply: "build",
      enforce: "pre",
      resolveId(source) {
        if (source === "react-router") return `${reactRouterDist}index.mjs`;
        if (source === "react-router/dom") return `${reactRouterDist}dom-export.mjs`;
        if (source === "react-relay/hooks") return `${HOOK_PREFIX}*`;
        if (source.startsWith(HOOK_PREFIX)) return source;
        return null;
      },
      load(id) {
        if (!id.startsWith(HOOK_PREFIX)) return null;
        const name = id.slice(HOOK_PREFIX.length);
        return name === "*" ? Object.keys(REACT_RELAY_HOOKS).map(hookModule).join("") : hookModule(name);
      },
      transform(code, id) {
        const file = id.replace(/\\/g, "/");
        if (file.includes("/node_modules/react-router/dist/production/")) {
          const lean = code
            .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, "")
            .replace(/^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, "$1/* @__PURE__ */ $2");
          return { code: lean, map: null };
        }
        const entry = Object.entries(LEFT_OUT).find(([suffix]) => file.endsWith(`/node_modules/${suffix}`));
        if (!entry) return null;
        let result = code;
        for (const [path, replacement] of Object.entries(entry[1])) {
          const pattern = new RegExp(`require\\((['"])${path.replace(/[.]/g, "\\.")}\\1\\)`, "g");
          if (!result.match(pattern)) this.error(`${entry[0]} no longer requires ${path}: update LEFT_OUT in web/leanFramework.ts`);
          result = result.replace(pattern, replacement ?? leftOut(`${path} (required by ${entry[0]})`));
        }
        return { code: result, map: null };
      },
    },
    {
      // After TypeScript and JSX are compiled away, so only value imports are left to rewrite.
      name: "learnhub:lean-framework:relay-hooks",
      apply: "build",
      transform(code, id) {
        if (id.includes("/node_modules/") || !code.includes('"react-relay/hooks"')) return null;
        const rewritten = code.replace(/import\s*\{([^}]*)\}\s*from\s*"react-relay\/hooks";?/g, (statement, names: string) => {
          const imports = names
            .split(",")
            .map((name) => name.trim())
            .filter(Boolean)
            .map((name) => {
              const [imported = "", local = imported] = name.split(/\s+as\s+/);
              if (!(imported in REACT_RELAY_HOOKS)) return null;
              return `import { ${imported} as ${local} } from "${HOOK_PREFIX}${imported}";`;
            });
          return imports.includes(null) ? statement : imports.join("\n");
        });
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  ];
}

const reactRouterDist = fileURLToPath(new URL("../node_modules/react-router/dist/production/", import.meta.url)).replace(/\\/g, "/");

/**
 * `require()`s replaced by a function that throws (`null`), and with them goes all they alone pull in: legacy
 * container and EntryPoint APIs, the experimental observers, the alternative normalizer, the response cache,
 * updatable queries (`readUpdatableQuery`), and the `useFragmentInternal_CURRENT` variant, which runs only when
 * `RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY` is off (on by default in Relay 21; this app leaves it so).
 * Using one of them fails at once with a message naming this file: take it off the list then.
 *
 * The store's cache of Relay Resolver values is replaced by Relay's own `NoopResolverCache` (what the reader uses
 * when given no cache) plus the few methods the store calls, with the same effect when there are no resolvers:
 * this app declares none (relay.config.js), and a live resolver would fail at once.
 */
const LEFT_OUT: Record<string, Record<string, string | null>> = {
  "relay-runtime/lib/index.js": {
    "./experimental": null,
    "./network/RelayQueryResponseCache": null,
    "./query/fetchQuery_DEPRECATED": null,
    "./store/createFragmentSpecResolver": null,
    "./store/NormalizationEngine": null,
    "./util/createPayloadFor3DField": null,
    "./util/RelayProfiler": null,
  },
  "relay-runtime/lib/mutations/readUpdatableQuery.js": { "./createUpdatableProxy": null },
  "relay-runtime/lib/mutations/readUpdatableFragment.js": { "./createUpdatableProxy": null },
  "relay-runtime/lib/store/RelayModernStore.js": {
    "./live-resolvers/LiveResolverCache": `{
      LiveResolverCache: class extends require("./ResolverCache").NoopResolverCache {
        constructor(getRecordSource, store) { super(); this._store = store; }
        getLiveResolverPromise() { ${leftOut("Live Resolvers")}(); }
        batchLiveStateUpdates(callback) { callback(); }
        batchLiveStateUpdatesWithoutNotify(callback) { callback(); return false; }
        notifyUpdatedSubscribers(updatedDataIDs) { this._store.__notifyUpdatedSubscribers(updatedDataIDs); }
        unsubscribeFromLiveResolverRecords() {}
        invalidateResolverRecords() {}
      },
    }`,
  },
  "react-relay/lib/relay-hooks/useFragmentInternal.js": { "./useFragmentInternal_CURRENT": null },
};

function leftOut(path: string): string {
  const message = `${path} is left out of this build (web/leanFramework.ts)`;
  return `(function () { throw new Error(${JSON.stringify(message)}); })`;
}

/**
 * What `react-relay/hooks` exports, each as a module of its own: `import { useFragment } from "react-relay/hooks"`
 * in the app becomes an import of just that hook, so a hook lands in the chunks of the pages that use it (the
 * CommonJS index requires them all, and an ES module re-exporting them all would keep them all together).
 * `[file in react-relay/lib/relay-hooks, export name]`; `null` file: taken from relay-runtime.
 */
const REACT_RELAY_HOOKS: Record<string, [file: string | null, exported: string]> = {
  ConnectionHandler: [null, "ConnectionHandler"],
  commitLocalUpdate: [null, "commitLocalUpdate"],
  commitMutation: [null, "commitMutation"],
  fetchQuery: [null, "fetchQuery"],
  graphql: [null, "graphql"],
  readInlineData: [null, "readInlineData"],
  requestSubscription: [null, "requestSubscription"],
  loadQuery: ["loadQuery", "loadQuery"],
  ProfilerContext: ["ProfilerContext", "default"],
  RelayEnvironmentProvider: ["RelayEnvironmentProvider", "default"],
  useFragment: ["useFragment", "default"],
  useLazyLoadQuery: ["useLazyLoadQuery", "default"],
  useMutation: ["useMutation", "default"],
  usePaginationFragment: ["usePaginationFragment", "default"],
  usePreloadedQuery: ["usePreloadedQuery", "default"],
  useQueryLoader: ["useQueryLoader", "default"],
  useRefetchableFragment: ["useRefetchableFragment", "default"],
  useRelayEnvironment: ["useRelayEnvironment", "default"],
  useSubscription: ["useSubscription", "default"],
};

const HOOK_PREFIX = "\0learnhub:react-relay-hooks/";

function hookModule(name: string): string {
  const [file, exported] = REACT_RELAY_HOOKS[name] ?? [];
  if (exported === undefined) throw new Error(`react-relay/hooks has no ${name} in web/leanFramework.ts`);
  const from = file === null ? "relay-runtime" : `react-relay/lib/relay-hooks/${file}.js`;
  const local = `${name}Module`;
  return exported === "default"
    ? `import ${local} from "${from}";\nexport { ${local} as ${name} };\n`
    : `import ${local} from "${from}";\nexport const ${name} = ${local}.${exported};\n`;
}
