import type { FastifyInstance } from "fastify";
import type { GraphiQLOptions } from "graphql-yoga";

/**
 * GraphiQL (development only) from our own server: Yoga's default page loads GraphiQL from a public CDN, so without
 * the internet it was a blank page. The built GraphiQL of @graphql-yoga/render-graphiql is served as files under
 * GRAPHIQL_PATH, and the page at GET /graphql (text/html) references only those: no inline script, no other host.
 */
export const GRAPHIQL_PATH = "/graphql/graphiql";

type Built = typeof import("@graphql-yoga/render-graphiql/graphiql");

/** The built GraphiQL is large (about 9 MB of text): loaded on first use, so production never holds it. */
let built: Promise<Built> | undefined;
const load = () => {
  built ??= import("@graphql-yoga/render-graphiql/graphiql");
  return built;
};

/** Monaco's editor workers by the label Monaco asks for. */
const WORKERS = { editorWorkerService: "editorWorkerService", json: "jsonWorker", graphql: "graphqlWorker" } as const;

/** Starts GraphiQL with the options the page carries as JSON (a data block, not a script). */
const START = `
const workers = ${JSON.stringify(Object.fromEntries(Object.keys(WORKERS).map((label) => [label, `${GRAPHIQL_PATH}/${label}.worker.js`])))};
self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_moduleId, label) => workers[label] };
const options = JSON.parse(document.getElementById("graphiql-options").textContent);
YogaGraphiQL.renderYogaGraphiQL(document.getElementById("root"), options);
`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** The GraphiQL page: Yoga's `renderGraphiQL`. */
export function renderGraphiqlPage(options: GraphiQLOptions): string {
  // In a data block only "</" could end it early; "<\/" is the same JSON.
  const json = JSON.stringify(options ?? {}).replaceAll("</", "<\\/");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options?.title ?? "LearnHub GraphiQL")}</title>
    <link rel="icon" href="${GRAPHIQL_PATH}/favicon.ico" />
    <link rel="stylesheet" href="${GRAPHIQL_PATH}/graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run GraphiQL.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${json}</script>
    <script src="${GRAPHIQL_PATH}/graphiql.js"></script>
    <script src="${GRAPHIQL_PATH}/start.js"></script>
  </body>
</html>
`;
}

/** The files the page references. Registered only where GraphiQL is on (not in production). */
export function registerGraphiqlAssets(app: FastifyInstance): void {
  const javascript = "text/javascript; charset=utf-8";
  const files: Record<string, { type: string; body: (m: Built) => string | Buffer }> = {
    "graphiql.js": { type: javascript, body: (m) => m.js },
    "graphiql.css": { type: "text/css; charset=utf-8", body: (m) => m.css },
    "start.js": { type: javascript, body: () => START },
    "favicon.ico": { type: "image/x-icon", body: (m) => Buffer.from(m.favicon.slice(m.favicon.indexOf(",") + 1), "base64") },
  };
  for (const [label, key] of Object.entries(WORKERS)) files[`${label}.worker.js`] = { type: javascript, body: (m) => m[key] };
  for (const [name, file] of Object.entries(files)) {
    app.get(`${GRAPHIQL_PATH}/${name}`, async (_req, reply) => reply.type(file.type).send(file.body(await load())));
  }
}
