import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../api/src/paths.ts";

/** One GraphQL operation of the web app, as its Relay artifact (a __generated__/<name>.graphql.ts under web/src) holds it. */
export interface WebOperation {
  name: string;
  kind: string;
  text: string;
  file: string;
}

function scan(): WebOperation[] {
  const root = join(ROOT, "web/src");
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((p) => /(^|\/)__generated__\/[^/]+\.graphql\.ts$/.test(p));
  const operations: WebOperation[] = [];
  for (const file of files) {
    const source = readFileSync(join(root, file), "utf8");
    // Operation artifacts carry their document as params.text (fragments have none).
    const text = /"text": ("(?:[^"\\]|\\.)*")/.exec(source)?.[1];
    if (!text) continue;
    const name = /"name": "([^"]+)",\s*"operationKind": "(\w+)"/.exec(source);
    operations.push({ name: name?.[1] ?? file, kind: name?.[2] ?? "?", text: JSON.parse(text) as string, file: `web/src/${file}` });
  }
  return operations;
}

/** Every operation document the web app sends, read from the Relay artifacts (compiled first if there are none). */
export function webOperations(): WebOperation[] {
  let operations = scan();
  if (operations.length === 0) {
    execFileSync(join(ROOT, "node_modules/.bin/relay-compiler"), { cwd: ROOT, stdio: "ignore" });
    operations = scan();
  }
  return operations;
}

/** The operation of the web app named `name` (e.g. TracksPageQuery); fails loudly when the web app has none. */
export function webOperation(name: string): WebOperation {
  const found = webOperations().find((operation) => operation.name === name);
  if (!found) throw new Error(`the web app has no GraphQL operation ${name} (no __generated__/${name}.graphql.ts under web/src)`);
  return found;
}
