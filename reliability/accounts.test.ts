import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken, mailsTo, signUpAndVerify, TEST_PASSWORD, uniqueEmail } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { LIMITS } from "../api/src/domain/rate-limit.ts";
import { median, ms, record } from "./lib/report.ts";
import { pairedTiming } from "./lib/timing.ts";

/** Items 8.20-8.29: account and payment rules (forgot-password timing, lockout per address, unlock links, checkout). */

describe("8. accounts and payments", () => {
  let app: TestApp;

  beforeAll(async () => {
    // Scaled limits: these checks make many attempts from one address.
    app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
  });
  afterAll(() => app.close());

  it("8.20 forgot-password: a known and an unknown e-mail answer alike, with no measurable timing gap", async () => {
    const rounds = 40;
    const accounts = await Promise.all(Array.from({ length: 5 }, () => learnerWithToken(app)));
    const answers = new Set<string>();
    const attempt = async (email: string) => {
      const started = performance.now();
      const res = await rest(app, "POST", "/api/auth/forgot-password", { body: { email } });
      const elapsed = performance.now() - started;
      answers.add(`${res.status} ${JSON.stringify(res.body)}`);
      // The mail (for a known address) is sent by a job after the answer; let it finish so it does not slow the next attempt.
      await app.settleJobs();
      return elapsed;
    };
    const {
      a: unknown,
      b: known,
      gap,
      noise,
    } = await pairedTiming(
      rounds,
      () => attempt(uniqueEmail("nobody")),
      (i) => attempt(accounts[Math.abs(i) % accounts.length]?.learner.email as string),
    );
    const mailed = (await Promise.all(accounts.map((a) => mailsTo(app, a.learner.email)))).reduce((n, m) => n + m.length, 0);
    const sameAnswer = answers.size === 1;
    const met = sameAnswer && mailed === rounds + 3 && Math.abs(gap) < Math.max(5, 0.1 * median(unknown));
    record({
      item: "8.20",
      check: `forgot-password, unknown vs known e-mail (${rounds} alternating attempts each)`,
      figure: `${sameAnswer ? "same status and body" : `${answers.size} different answers`}; medians ${ms(median(unknown))} vs ${ms(median(known))}, paired gap ${ms(gap)} (unknown vs unknown: ${ms(noise)}); ${mailed} reset mails sent for ${rounds + 3} known requests`,
      target: "same answer; |gap| < max(5 ms, 10% of median); every known request mailed",
      met,
    });
    expect(sameAnswer, [...answers].join("\n")).toBe(true);
    expect(met).toBe(true);
  });

  it("8.21 forty concurrent checkouts of one track by one learner: one pending invoice", async () => {
    const { learner, token } = await learnerWithToken(app);
    const track = await app.services.db.prisma.track.create({
      data: { name: "Race track", priceCents: 4999, duration: "4 weeks", instructor: "I", description: "D" },
    });
    // The limits are scaled here, so every checkout gets past the per-learner limit and meets the others at the invoice.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        rest(app, "POST", "/api/enrollments", { token, body: { track: track.id, contact: "+234 802 555 0101", gender: "Female" } }),
      ),
    );
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const pages = new Set(answers.filter((a) => a.status === 200).map((a) => `${a.body.reference} ${a.body.authorization_url}`));
    const pending = await app.services.db.prisma.invoice.count({ where: { learnerId: learner.id, trackId: track.id, status: "PENDING" } });
    const all = await app.services.db.prisma.invoice.count({ where: { learnerId: learner.id, trackId: track.id } });
    const met = pending === 1 && all === 1 && pages.size === 1 && statuses.get(200) === 40;
    record({
      item: "8.21",
      check: "40 concurrent checkouts of one track by one learner (per-learner limit lifted)",
      figure: `${[...statuses].map(([s, n]) => `${n}x ${s}`).join(", ")}; ${pending} pending invoice(s) of ${all}; ${pages.size} distinct payment page(s)`,
      target: "1 pending invoice, one payment page for all",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.22 a lockout holds per account and address; the owner's unlock link lifts it", async () => {
    const strict = await startTestApp();
    try {
      const learner = await signUpAndVerify(strict, "learner");
      const attempt = (password: string, from?: string) =>
        rest(strict, "POST", "/api/auth/login", { body: { email: learner.email, password }, from });
      for (let i = 0; i < LIMITS.loginFailuresPerAccount.max; i++) await attempt(`Wrong#pass${i}`, "127.0.0.2");
      const attacker = (await attempt(TEST_PASSWORD, "127.0.0.2")).status;
      const owner = (await attempt(TEST_PASSWORD)).status;
      const mail = (await mailsTo(strict, learner.email)).find((m) => m.subject === "Your LearnHub account was locked");
      const token = decodeURIComponent(/\/api\/auth\/unlock\?token=(\S+)/.exec(mail?.text ?? "")?.[1] ?? "");
      const unlock = (await rest(strict, "POST", "/api/auth/unlock", { body: { token } })).status;
      const afterUnlock = (await attempt(TEST_PASSWORD, "127.0.0.2")).status;
      const reused = (await rest(strict, "POST", "/api/auth/unlock", { body: { token } })).status;
      const met = attacker === 429 && owner === 200 && Boolean(mail) && unlock === 200 && afterUnlock === 200 && reused === 400;
      record({
        item: "8.22",
        check: `${LIMITS.loginFailuresPerAccount.max} wrong passwords from one address, then the right one from it and from the owner's address; the mailed unlock link`,
        figure: `that address ${attacker}, owner's address ${owner}; unlock mail ${mail ? "sent" : "MISSING"}; unlock ${unlock}, then that address ${afterUnlock}; link reused ${reused}`,
        target: "429 there, 200 for the owner; unlock works once",
        met,
        note: `Backstop: ${LIMITS.loginFailuresPerAccountAllAddresses.max} failures an hour from all addresses lock the account everywhere.`,
      });
      expect(met).toBe(true);
    } finally {
      await strict.close();
    }
  });
});
