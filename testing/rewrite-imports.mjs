// Rewrites imports of the old test helpers (api/src/test/*, reliability/lib/{postgres,redis-server,api-process,
// worker-process,web-operations}.ts) to the testing/ package (`#testing/<module>.ts`), moving each imported name to
// the module that now holds it and renaming the three names that changed (PASSWORD -> TEST_PASSWORD,
// login -> logIn, REPO -> ROOT from api/src/paths.ts) in the importing file. Idempotent: run it again after merging
// branches that still import the old paths.
//
//   node testing/rewrite-imports.mjs [files or folders...]   (default: api worker reliability bench web/e2e)
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Old module (from the repository root, no extension) -> name -> [new module, new name]. */
const MOVES = {
  "api/src/test/app": { startTestApp: "app", TestApp: "app" },
  "api/src/test/accounts": { learnerWithToken: "accounts", adminWithToken: "accounts", TEST_PASSWORD: "accounts" },
  "api/src/test/auth-flows": {
    PASSWORD: ["accounts", "TEST_PASSWORD"],
    login: ["accounts", "logIn"],
    uniqueEmail: "accounts",
    mailsTo: "accounts",
    lastMailTo: "accounts",
    codeIn: "accounts",
    resetTokenIn: "accounts",
    signUpBody: "accounts",
    signUp: "accounts",
    signUpAndVerify: "accounts",
    resetRateLimits: "accounts",
    RoleName: "accounts",
    StoredMail: "accounts",
    rest: "app",
    RestAnswer: "app",
  },
  "api/src/test/database": { testDatabaseUrl: "database" },
  "api/src/test/http": { rawRequest: "http" },
  "api/src/test/redis": { testRedis: "redis", freePort: "ports" },
  "reliability/lib/postgres": { ensurePostgres: "database", dropDatabase: "database", closeSharedApp: "database" },
  "reliability/lib/redis-server": { OwnRedis: "redis" },
  "reliability/lib/api-process": { startApiProcess: "server", ApiProcess: "server" },
  "reliability/lib/worker-process": { startWorkerProcess: "server", exited: "server", killAll: "server" },
  "reliability/lib/web-operations": { webOperations: "operations", WebOperation: "operations", REPO: ["#paths", "ROOT"] },
};

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)";\n?/g;

function rewrite(file) {
  const source = readFileSync(file, "utf8");
  const dir = dirname(file);
  /** new module -> Map(name -> { alias, typeOnly }) */
  const wanted = new Map();
  const renames = [];
  const out = source.replace(IMPORT, (whole, typeKeyword, names, specifier) => {
    if (!specifier.startsWith(".")) return whole;
    const target = relative(ROOT, resolve(dir, specifier)).replace(/\.(ts|js)$/, "");
    const moves = MOVES[target];
    if (!moves) return whole;
    for (const raw of names
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean)) {
      const m = /^(type\s+)?(\w+)(?:\s+as\s+(\w+))?$/.exec(raw);
      if (!m) throw new Error(`${file}: cannot read import ${raw}`);
      const [, typeName, name, alias] = m;
      const move = moves[name];
      if (!move) throw new Error(`${file}: ${name} from ${specifier} has no new home`);
      const [module, newName] = Array.isArray(move) ? move : [move, name];
      if (!alias && newName !== name) renames.push([name, newName]);
      if (!wanted.has(module)) wanted.set(module, new Map());
      wanted
        .get(module)
        .set(newName, { alias: alias && alias !== newName ? alias : undefined, typeOnly: Boolean(typeKeyword || typeName) });
    }
    return `/*#testing-import*/\n`;
  });
  // The one test password is now "Str0ng!Passw0rd"; the old one of api/src/test/accounts.ts, written out, becomes the name.
  const oldPassword = /(["'])Test#Pass2026\1/g;
  const usesOldPassword = oldPassword.test(out);
  if (usesOldPassword && !/\bTEST_PASSWORD\b[^;]*from "#testing\/accounts\.ts"/.test(out)) {
    if (!wanted.has("accounts")) wanted.set("accounts", new Map());
    wanted.get("accounts").set("TEST_PASSWORD", { typeOnly: false });
  }
  if (out === source && !usesOldPassword) return false;
  const lines = [...wanted.entries()].map(([module, names]) => {
    const specifier = module === "#paths" ? relativeSpecifier(dir, join(ROOT, "api/src/paths.ts")) : `#testing/${module}.ts`;
    const all = [...names.values()].every((n) => n.typeOnly);
    const list = [...names.entries()]
      .map(([name, { alias, typeOnly }]) => `${typeOnly && !all ? "type " : ""}${name}${alias ? ` as ${alias}` : ""}`)
      .join(", ");
    return `import ${all ? "type " : ""}{ ${list} } from "${specifier}";\n`;
  });
  // The new imports take the place of the first old one; biome sorts them (npx biome check --write).
  let result = out.includes("/*#testing-import*/\n")
    ? out.replace("/*#testing-import*/\n", lines.join(""))
    : out.replace(/^((?:import[^;]*;\n)+)/m, (imports) => imports + lines.join(""));
  result = result.replace(oldPassword, "TEST_PASSWORD");
  result = result.replaceAll("/*#testing-import*/\n", "");
  for (const [from, to] of renames) {
    // Uses of the old name as an identifier: a whole word, not a property (a.login) nor in a path ("/api/auth/login");
    // a lower-case name (login) only where it is called with arguments (`login(app, ...`), so a test's title and a
    // GraphQL document (`login(input: $i)`) keep their word.
    const call = /^[a-z]/.test(from) ? "(?=\\(\\s*[\\w.]+\\s*,)" : "";
    result = result.replace(new RegExp(`(?<![\\w.$/"'\`-])${from}(?![\\w$"'\`/-])${call}`, "g"), to);
  }
  writeFileSync(file, result);
  return true;
}

function relativeSpecifier(fromDir, to) {
  const path = relative(fromDir, to);
  return path.startsWith(".") ? path : `./${path}`;
}

function* files(path) {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) {
      if (entry === "node_modules" || entry === "dist" || entry === "__generated__") continue;
      yield* files(join(path, entry));
    }
  } else if (/\.(ts|tsx|mts|mjs)$/.test(path)) yield path;
}

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ["api", "worker", "reliability", "bench", "web/e2e"];
let changed = 0;
for (const root of roots) {
  for (const file of files(resolve(root))) {
    if (!rewrite(file)) continue;
    changed++;
    console.log(relative(ROOT, file));
  }
}
console.log(`${changed} files rewritten`);
