import { readdirSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip as gzipCallback } from "node:zlib";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { leanFramework } from "./leanFramework.ts";
import { leanIcons } from "./leanIcons.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const api = "http://localhost:4000";
const apiPrefixes = ["/graphql", "/api", "/uploads", "/dev", "/paystack-sandbox"];

/**
 * In production the API server picks the site by host name (api/src/http/web.ts); the dev server does the same, so
 * `http://admin.localhost:5173` is the admin console and `http://localhost:5173` the learner site, both with reload.
 */
function siteByHost(): Plugin {
  return {
    name: "learnhub:site-by-host",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? "/").split("?")[0] ?? "/";
        const isPage =
          (req.method === "GET" || req.method === "HEAD") &&
          (req.headers.accept ?? "").includes("text/html") &&
          !apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) &&
          !/\.[a-z0-9]+$/i.test(path);
        if (isPage) req.url = (req.headers.host ?? "").startsWith("admin.") ? "/admin/index.html" : "/learner/index.html";
        next();
      });
    },
  };
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy of every text asset beside it, at maximum compression, once at build
 * time (on zlib's thread pool, in parallel); the server sends the smallest one the browser accepts (@fastify/static
 * `preCompressed`, api/src/http/web.ts).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzip = promisify(gzipCallback);
  return {
    name: "learnhub:precompress",
    apply: "build",
    async writeBundle(options) {
      const assets = join(options.dir ?? join(root, "dist"), "assets");
      const texts = readdirSync(assets).filter((name) => /\.(js|css|svg|json)$/.test(name));
      await Promise.all(
        texts.map(async (name) => {
          const file = join(assets, name);
          const bytes = await readFile(file);
          if (bytes.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzip(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root,
  appType: "mpa",
  plugins: [leanFramework(), leanIcons(), react(), babel({ plugins: [["relay", { eagerEsModules: true }]] }), siteByHost(), precompress()],
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, api])),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The shared framework chunk (React DOM, relay-runtime, the router) is about 470 kB minified by itself; pages are split.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: {
        admin: `${root}admin/index.html`,
        learner: `${root}learner/index.html`,
      },
      output: {
        codeSplitting: {
          groups: [
            // What every page of both sites runs on, in one file that stays cached until a dependency upgrade.
            // react-relay is not in it: each of its hooks goes with the pages that use it (see leanFramework.ts).
            {
              name: "framework",
              // With the small icon renderer every icon module imports (leanIcons.ts): both sites' first pages draw icons.
              test: /[\\/]node_modules[\\/]((react|react-dom|scheduler|react-router|react-router-dom|relay-runtime|@babel[\\/]runtime|fbjs|invariant)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$)/,
            },
            // The few tiny modules every first page of both sites runs (class names, the spinner, the routing styles): as
            // chunks of their own each cost a request and a gzip frame for under 200 bytes.
            {
              name: "basics",
              test: /[\\/]web[\\/]src[\\/]shared[\\/](ui[\\/](cx\.ts|Spinner\.(tsx|module\.css))|routing[\\/]routing\.module\.css)$/,
            },
          ],
        },
      },
    },
  },
});
