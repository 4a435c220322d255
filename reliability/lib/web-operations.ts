import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = resolve(fileURLToPath(new URL("../..", import.meta.url)));

export interface WebOperation {
  name: string;
  kind: string;
  text: string;
  file: string;
}

function scan(): WebOperation[] {
  const root = join(REPO, "web/src");
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
    execFileSync(join(REPO, "node_modules/.bin/relay-compiler"), { cwd: REPO, stdio: "ignore" });
    operations = scan();
  }
  return operations;
}
