import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startApiProcess } from "#testing/server.ts";
import { openDatabase } from "./db/client.ts";
import { CREATE_OWNER_COMMAND } from "./domain/staff/staff.ts";
import { DEMO_ADMIN, DEMO_LEARNER } from "./seed/demo.ts";

/** `api/src/main.ts` as `npm start` runs it, in production mode on an embedded database in `dataDir`. */
async function startProduction(dataDir: string, env: Record<string, string> = {}) {
  const api = await startApiProcess(
    // No demo data unless asked, and the connection cap as production has it.
    { DATA_DIR: dataDir, SEED_DEMO: "", MAX_CONNECTIONS_PER_ADDRESS: undefined, ...env },
    { from: "source" },
  );
  // The banner with the site addresses is printed once the server listens.
  for (let i = 0; !api.output().includes("Learner site:"); i++) {
    if (!api.alive() || i > 100) throw new Error(`the API printed no banner:\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    output: api.output,
    async login(email: string, password: string) {
      const res = await fetch(`${api.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      // 200 with a token; wrong credentials get 400, the same as an unknown e-mail.
      return res.status;
    },
    stop: api.stop,
  };
}

describe("the API process in production: demo data", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "learnhub-prod-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("seeds nothing unless SEED_DEMO=true", async () => {
    const dataDir = tempDir();
    const api = await startProduction(dataDir);
    try {
      expect(api.output()).not.toContain("Demo admin");
      expect(await api.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).toBe(400);
      // No owner yet: the banner says no sign-up will claim it, and how the operator makes one.
      expect(api.output()).toContain("Owner:         none yet; admin sign-ups stay pending until one exists. Make it with:");
      expect(api.output()).toContain(CREATE_OWNER_COMMAND);
    } finally {
      await api.stop();
    }
    const db = await openDatabase({ dataDir });
    try {
      expect(await db.prisma.admin.count()).toBe(0);
      expect(await db.prisma.learner.count()).toBe(0);
      expect(await db.prisma.track.count()).toBe(0);
    } finally {
      await db.close();
    }
  }, 60_000);

  it("with SEED_DEMO=true, gives the demo accounts random passwords, printed once; the published ones do not work", async () => {
    const dataDir = tempDir();
    const first = await startProduction(dataDir, { SEED_DEMO: "true" });
    let printed: { admin: string; learner: string };
    try {
      const admin = /Demo admin: +(\S+) \/ (\S+)/.exec(first.output());
      const learner = /Demo learner: +(\S+) \/ (\S+)/.exec(first.output());
      expect(admin?.[1]).toBe(DEMO_ADMIN.email);
      expect(learner?.[1]).toBe(DEMO_LEARNER.email);
      printed = { admin: admin?.[2] as string, learner: learner?.[2] as string };
      expect(printed.admin).not.toBe(DEMO_ADMIN.password);
      expect(printed.learner).not.toBe(DEMO_LEARNER.password);
      expect(printed.admin).not.toBe(printed.learner);

      expect(await first.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).toBe(400);
      expect(await first.login(DEMO_LEARNER.email, DEMO_LEARNER.password)).toBe(400);
      expect(await first.login(DEMO_ADMIN.email, printed.admin)).toBe(200);
      expect(await first.login(DEMO_LEARNER.email, printed.learner)).toBe(200);
    } finally {
      await first.stop();
    }

    // The next start finds the demo data: no new passwords, none printed, the first ones still work.
    const second = await startProduction(dataDir, { SEED_DEMO: "true" });
    try {
      expect(second.output()).not.toContain("Demo admin");
      expect(await second.login(DEMO_ADMIN.email, printed.admin)).toBe(200);
    } finally {
      await second.stop();
    }
    // Two production starts, a demo seed and five password hashes: several times slower beside other test files.
  }, 90_000);
});

// Each start of the API from source takes seconds alone and several times that beside other test files on two cores.
describe("the API process in development", () => {
  it("keeps the published demo logins", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "learnhub-dev-"));
    const api = await startProduction(dataDir, { NODE_ENV: "development", PAYSTACK_SANDBOX: "", MAIL_OUTBOX: "" });
    try {
      expect(api.output()).toContain(`Demo admin:    ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
      expect(api.output()).not.toContain("Owner:");
      expect(await api.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).toBe(200);
    } finally {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
