import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeIn, resetTokenIn, signUpBody } from "#testing/accounts.ts";
import { dropDatabase, testDatabaseUrl } from "#testing/database.ts";
import { type ApiProcess, startApiProcess } from "#testing/server.ts";
import { openDatabase } from "../api/src/db/client.ts";
import { ROOT } from "../api/src/paths.ts";
import { SANDBOX_SECRET_FILE } from "../api/src/paystack/sandbox/secret.ts";
import { DEMO_ADMIN, DEMO_LEARNER } from "../api/src/seed/demo.ts";
import { record, until } from "./lib/report.ts";

/**
 * Item 8.3x, production settings: the built API bundle in production mode refuses the test stand-ins (Paystack
 * sandbox, mail outbox) unless they are chosen, keeps its sandbox secret to itself, seeds no published logins and
 * logs no codes or reset links.
 */
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "learnhub-rel-prod-"));
  dirs.push(dir);
  return dir;
};

/** The API in production on its own embedded database: only what a deployment would set, plus `env`. */
const production = (env: Record<string, string | undefined>) =>
  startApiProcess({ DATABASE_URL: "", REDIS_URL: "", SMTP_URL: "", PAYSTACK_SECRET_KEY: "", DATA_DIR: dataDir(), ...env });

/** How a start ends: "started", or the first line naming a variable that it exited with. */
async function startOutcome(env: Record<string, string | undefined>): Promise<string> {
  try {
    const api = await production(env);
    await api.stop();
    return "started";
  } catch (error) {
    return /- ([A-Z_]+: [^;\n]+)/.exec((error as Error).message)?.[1] ?? (error as Error).message;
  }
}

const post = (api: ApiProcess, path: string, body: unknown, token?: string) =>
  fetch(`${api.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const loginStatus = async (api: ApiProcess, email: string, password: string) =>
  (await post(api, "/api/auth/login", { email, password })).status;
const testMode = async (api: ApiProcess) =>
  ((await (await post(api, "/graphql", { query: "{ paymentsTestMode }" })).json()) as { data: { paymentsTestMode: boolean } }).data
    .paymentsTestMode;

describe("8. production settings", () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("8.30 production without a Paystack key or SMTP: refuses to start unless the stand-ins are chosen", async () => {
    const noKey = await startOutcome({ PAYSTACK_SANDBOX: undefined, MAIL_OUTBOX: "true" });
    const noSmtp = await startOutcome({ PAYSTACK_SANDBOX: "true", MAIL_OUTBOX: undefined });
    const sandbox = await production({});
    const keyed = await production({ PAYSTACK_SECRET_KEY: "sk_live_reliability_only" });
    let modes: [boolean, boolean];
    try {
      modes = [await testMode(sandbox), await testMode(keyed)];
    } finally {
      await Promise.all([sandbox.stop(), keyed.stop()]);
    }
    const met =
      noKey.startsWith("PAYSTACK_SECRET_KEY: required in production") &&
      noSmtp.startsWith("SMTP_URL: required in production") &&
      modes[0] === true &&
      modes[1] === false;
    record({
      item: "8.30",
      check:
        "API bundle with NODE_ENV=production: no PAYSTACK_SECRET_KEY; no SMTP_URL; PAYSTACK_SANDBOX=true + MAIL_OUTBOX=true; a real key",
      figure: `no key: exit 1 "${noKey}"; no SMTP: exit 1 "${noSmtp}"; opted in: started, "test payments" banner ${modes[0] ? "on" : "OFF"}; real key: banner ${modes[1] ? "ON" : "off"}`,
      target: "refuses to start naming the variable unless chosen; banner exactly when the sandbox runs",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.31 the Paystack sandbox's secret: one per installation, in no source file or bundle", async () => {
    const [dirA, dirB] = [dataDir(), dataDir()];
    const [a, b] = await Promise.all([production({ DATA_DIR: dirA }), production({ DATA_DIR: dirB })]);
    let figure: string;
    let met: boolean;
    try {
      const [keyA, keyB] = [dirA, dirB].map((dir) => readFileSync(join(dir, SANDBOX_SECRET_FILE), "utf8").trim()) as [string, string];
      const controls = async (api: ApiProcess, key: string) =>
        (await fetch(`${api.url}/paystack-sandbox/__controls`, { headers: { authorization: `Bearer ${key}` } })).status;
      const statuses = [await controls(a, keyA), await controls(b, keyB), await controls(b, keyA), await controls(a, keyB)];
      const formerConstant = await controls(a, ["sk", "test", "learnhub", "sandbox"].join("_"));
      // What ships: the server bundles and the source they are built from (tests hold made-up keys and do not ship).
      const files = [
        ...["api/dist", "worker/dist"].flatMap((dir) => readdirSync(join(ROOT, dir)).map((f) => join(dir, f))),
        ...walk("api/src"),
        ...walk("worker/src"),
        "docker-compose.yml",
        "Dockerfile",
      ].filter((f) => /\.(m?js|ts|ya?ml)$|Dockerfile$/.test(f) && !/\.test\.ts$|\/test\//.test(f));
      const constants = files.flatMap((f) =>
        [...readFileSync(join(ROOT, f), "utf8").matchAll(/sk_(test|live)_[A-Za-z0-9_]+/g)].map((m) => `${f}: ${m[0]}`),
      );
      met = keyA !== keyB && statuses.join() === "200,200,401,401" && formerConstant === 401 && constants.length === 0;
      figure = `2 installations: 2 different ${keyA.length}-char secrets kept in DATA_DIR; own key 200/200, the other's 401/401, the former built-in key 401; ${files.length} shipped files (bundles + source): ${constants.length} secret-key constants${constants.length ? ` (${constants.slice(0, 3).join(", ")})` : ""}`;
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    record({
      item: "8.31",
      check: "Paystack sandbox secret (guards its test controls, signs its webhooks): per installation, not in the code",
      figure,
      target: "differs per installation; the other's and the old constant refused; 0 constants in shipped files",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.32 demo data in production: none unless SEED_DEMO=true, then random passwords printed once", async () => {
    const plain = await production({});
    const plainLogin = await loginStatus(plain, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const plainPrinted = plain.output().includes("Demo admin");
    await plain.stop();

    const seeded = await production({ SEED_DEMO: "true" });
    let statuses: number[];
    let printedOnce: boolean;
    try {
      const admin = /Demo admin: +\S+ \/ (\S+)/.exec(seeded.output())?.[1] ?? "";
      const learner = /Demo learner: +\S+ \/ (\S+)/.exec(seeded.output())?.[1] ?? "";
      statuses = [
        await loginStatus(seeded, DEMO_ADMIN.email, DEMO_ADMIN.password),
        await loginStatus(seeded, DEMO_LEARNER.email, DEMO_LEARNER.password),
        await loginStatus(seeded, DEMO_ADMIN.email, admin),
        await loginStatus(seeded, DEMO_LEARNER.email, learner),
      ];
      printedOnce = (seeded.output().match(/Demo admin/g) ?? []).length === 1 && admin !== DEMO_ADMIN.password;
    } finally {
      await seeded.stop();
    }
    const compose = readFileSync(join(ROOT, "docker-compose.yml"), "utf8");
    const composeSeed = /SEED_DEMO: (.+)/.exec(compose)?.[1]?.trim() ?? "(unset)";
    const composeSandbox = /PAYSTACK_SANDBOX: (.+)/.exec(compose)?.[1]?.trim() ?? "(unset)";
    const met =
      plainLogin === 400 &&
      !plainPrinted &&
      statuses.join() === "400,400,200,200" &&
      printedOnce &&
      !/^"?true"?$/.test(composeSeed) &&
      !/^"?true"?$|:-true\}/.test(composeSandbox);
    record({
      item: "8.32",
      check: "demo data with NODE_ENV=production: SEED_DEMO unset, then SEED_DEMO=true (README logins, printed logins); docker-compose.yml",
      figure: `unset: README admin login ${plainLogin}, nothing printed; SEED_DEMO=true: README admin/learner ${statuses[0]}/${statuses[1]}, printed admin/learner ${statuses[2]}/${statuses[3]}, printed ${printedOnce ? "once" : "NOT once"}; compose SEED_DEMO ${composeSeed}, PAYSTACK_SANDBOX ${composeSandbox}`,
      target: "no demo data unless asked; the published passwords never work in production; compose opts into neither",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.33 the production log holds no sign-up code and no reset link (mail outbox chosen, LOG_LEVEL=info)", async () => {
    const database = await testDatabaseUrl();
    if (!database) throw new Error("TEST_DATABASE_URL is set by the reliability global setup");
    const api = await production({ DATABASE_URL: database.url, LOG_LEVEL: "info" });
    const db = await openDatabase({ url: database.url, dataDir: ":memory:" });
    let figure: string;
    let met: boolean;
    try {
      const body = signUpBody();
      const email = body.email.toLowerCase();
      expect((await post(api, "/api/auth/signup/learner", body)).status).toBe(201);
      expect((await post(api, "/api/auth/forgot-password", { email })).status).toBe(200);
      const mails = await until("both mails in the outbox", async () => {
        const found = await db.prisma.outboxMail.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });
        return found.length >= 2 ? found : undefined;
      });
      const code = codeIn(mails[0] as { text: string });
      const { token } = resetTokenIn(mails[1] as { text: string });
      // The learner opens the link: the page's URL reaches the server's request log.
      await fetch(`${api.url}/reset-password?token=${encodeURIComponent(token)}`);
      await until("the request to be logged", async () => api.output().includes("/reset-password"));
      const log = api.output();
      const lines = log.split("\n").filter((line) => line.startsWith("{")).length;
      const leaks = [code, token, encodeURIComponent(token)].filter((secret) => log.includes(secret)).length;
      const redacted = log.includes('"url":"/reset-password?token=[redacted]"');
      met = leaks === 0 && lines > 0 && log.includes("mail stored in the outbox") && redacted;
      figure = `${lines} log lines (${(log.match(/mail stored in the outbox/g) ?? []).length} "mail stored"): the code ${log.includes(code) ? "FOUND" : "absent"}, the reset token ${log.includes(token) || log.includes(encodeURIComponent(token)) ? "FOUND" : "absent"} (request URL logged as ${redacted ? "/reset-password?token=[redacted]" : "NOT redacted"})`;
    } finally {
      await api.stop();
      await db.close();
      await dropDatabase(database.url);
    }
    record({
      item: "8.33",
      check: "API bundle log with NODE_ENV=production after a sign-up, a forgot-password and a visit to the reset link",
      figure,
      target: "no code, no reset token",
      met,
    });
    expect(met).toBe(true);
  });
});

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ["generated", "__generated__"].includes(entry.name) ? [] : walk(path);
    return [path];
  });
}
