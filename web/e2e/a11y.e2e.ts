import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN_PAGES, LEARNER_PAGES } from "../../common/site-paths.ts";
import { playerPath } from "../src/shared/routing/lessonPages.ts";
import { DEMO_ADMIN, logIn as logInAsAdmin } from "./admin/admin.ts";
import { axeReport } from "./axe.ts";
import { setupHarness } from "./harness.ts";
import { demoLearner, logIn as logInAsLearner } from "./learner/helpers.ts";

/**
 * Accessibility of both sites: every page (the path lists of common/site-paths.ts, signed out and
 * signed in as they need) and every dialog, drawer and menu, at a desktop and a phone width, checked with axe-core.
 * Serious and critical findings fail; moderate and minor ones are printed. Every page has a level-1 heading, and each
 * dialog opened from the keyboard gives the focus back to its opener on Escape.
 */
const app = setupHarness();

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** A track id the API knows (the REST `_id`, which the pages take like the GraphQL id), and one it does not. */
async function demoTrackId(): Promise<string> {
  const { tracks } = (await (await fetch(app.learnerUrl("/api/tracks"))).json()) as { tracks: { _id: string }[] };
  const id = tracks[0]?._id;
  if (!id) throw new Error("The demo data has no tracks.");
  return id;
}
const UNKNOWN_TRACK = "00000000-0000-4000-8000-000000000000";

const withTrack = (path: string, id: string) => path.replace(":trackId", id);

/** The element that has the focus, in short: `<body>` or the start of its markup. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "<body>";
    return active.outerHTML.slice(0, 120);
  });

/** Waits for the page to settle: data loaded, no spinner, the route's heading drawn. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page
    .locator("h1")
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  await page
    .locator('[role="status"][aria-busy="true"], [aria-label^="Loading"]')
    .first()
    .waitFor({ state: "hidden", timeout: 5_000 })
    .catch(() => undefined);
}

type Report = ReturnType<typeof axeReport>;

async function checkPage(page: Page, report: Report, url: string, label: string) {
  await page.goto(url);
  await settle(page);
  await report.check(page, label);
  if ((await page.locator("h1").count()) === 0) report.problem(`${label}: no level-1 heading`);
}

/**
 * Opens a dialog (or drawer, or menu) from `opener` with the keyboard, checks it with axe, closes it with Escape and
 * checks the focus went back to the opener.
 */
async function checkDialog(page: Page, report: Report, opener: Locator, label: string, role = /^(dialog|alertdialog)$/) {
  if ((await opener.count()) === 0) {
    report.problem(`${label}: its opener is not on the page`);
    return;
  }
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.locator('[role="dialog"], [role="alertdialog"], [role="menu"]').filter({ visible: true }).first();
  await dialog.waitFor();
  const shown = (await dialog.getAttribute("role")) ?? "";
  if (!role.test(shown)) report.problem(`${label}: opened a ${shown}`);
  await page.waitForLoadState("networkidle");
  // The open animation ends before axe reads the colours (a cancelled one counts as ended).
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))),
  );
  // The page underneath was checked already; a dialog (in its portal) is what is new. A menu leaves the page usable,
  // so the whole page is checked with it open (e.g. nothing hidden from screen readers that keeps the focus).
  await report.check(page, label, shown === "menu" ? undefined : '[role="dialog"], [role="alertdialog"]');
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  const back = await expect
    .poll(() => opener.evaluate((element) => element === document.activeElement), { timeout: 3_000 })
    .toBe(true)
    .then(() => true)
    .catch(() => false);
  if (!back) {
    const focused = await describeFocus(page);
    report.problem(`${label}: Escape left the focus on ${focused}, not on the opener`);
  }
}

/** Every learner page at one size: the public ones signed out, then signed in those that change with the account. */
async function learnerSite(viewport: { width: number; height: number }, report: Report) {
  const px = `${viewport.width}px`;
  const trackId = await demoTrackId();
  const page = await app.newPage(viewport);
  const paths = Object.values(LEARNER_PAGES);
  const accountPages = new Set<string>([LEARNER_PAGES.portal, LEARNER_PAGES.portalSettings, LEARNER_PAGES.portalInvoices]);
  for (const path of paths.filter((p) => !accountPages.has(p))) {
    await checkPage(page, report, app.learnerUrl(withTrack(path, trackId)), `learner ${path} ${px}`);
  }
  await checkPage(page, report, app.learnerUrl(`/learner-track-details/${UNKNOWN_TRACK}`), `learner unknown track ${px}`);
  if (viewport.width < 768) {
    await checkDialog(page, report, page.getByRole("button", { name: "Open menu" }), `learner menu drawer, signed out ${px}`);
  }

  await logInAsLearner(app, page, demoLearner);
  // Signed in, the top bar holds the account's menu and checkout the learner's details; the sign-in pages lead away.
  const signedIn = [LEARNER_PAGES.home, LEARNER_PAGES.checkoutTrack, ...accountPages];
  for (const path of signedIn) {
    await checkPage(page, report, app.learnerUrl(withTrack(path, trackId)), `learner ${path} signed in ${px}`);
  }
  // The player with each kind of lesson, and a real certificate's page (the path lists hold only their patterns).
  for (const [kind, path] of await learnerContentPaths(page)) {
    await checkPage(page, report, app.learnerUrl(path), `learner ${kind} signed in ${px}`);
  }
  if (viewport.width < 768) {
    await checkDialog(page, report, page.getByRole("button", { name: "Open menu" }), `learner menu drawer ${px}`);
  } else {
    // The avatar beside the name is decorative: the button is named by the name alone.
    const menuButton = page.getByRole("button", { name: demoLearner.name, exact: true });
    await checkDialog(page, report, menuButton, `learner user menu ${px}`, /^menu$/);
  }
}

/**
 * The signed-in learner's player pages, one per kind of lesson of a track they are enrolled in, and their first
 * certificate's page: asked of the API with the session the page holds.
 */
async function learnerContentPaths(page: Page): Promise<[string, string][]> {
  const token = await page.evaluate(() => localStorage.getItem("learnerToken"));
  const ask = async <T>(query: string): Promise<T> => {
    const res = await fetch(app.learnerUrl("/graphql"), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { data?: T; errors?: unknown };
    if (!body.data) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  type Enrollments = { me: { enrollments: { edges: { node: { certificate: { code: string } | null; track: { id: string } } }[] } } };
  const { me } = await ask<Enrollments>(
    "{ me { ... on Learner { enrollments(first: 9) { edges { node { certificate { code } track { id } } } } } } }",
  );
  const nodes = me.enrollments.edges.map((edge) => edge.node);
  const paths = new Map<string, string>();
  for (const { track } of nodes) {
    type Outline = { track: { courses: { lessonList: { id: string; kind: string }[] }[] } };
    const outline = await ask<Outline>(`{ track(id: "${track.id}") { courses { lessonList { id kind } } } }`);
    for (const lesson of outline.track.courses.flatMap((course) => course.lessonList)) {
      if (!paths.has(lesson.kind)) paths.set(lesson.kind, playerPath(track.id, lesson.id));
    }
  }
  const code = nodes.find((node) => node.certificate)?.certificate?.code;
  expect([...paths.keys()].sort()).toEqual(["FILE", "QUIZ", "TEXT", "VIDEO"]);
  expect(code).toBeTruthy();
  return [...paths.entries(), ["certificate", `/certificates/${code}`]];
}

/** Whether the focus is on what the locator finds/** Whether the focus is on what the locator finds (it is found anew each time: the element may have been redrawn). */
async function focusIsOn(locator: Locator) {
  return expect
    .poll(() => locator.evaluate((element) => element === document.activeElement).catch(() => false), { timeout: 5_000 })
    .toBe(true)
    .then(() => true)
    .catch(() => false);
}

/** A form dialog closed by its Cancel button, then after a successful save, gives the focus back to its opener. */
async function checkCancelAndSave(page: Page, report: Report, url: string, label: string) {
  await page.goto(url);
  await settle(page);
  const opener = page.getByRole("button", { name: "Edit track", exact: true });
  const dialog = page.getByRole("dialog", { name: "Update Track" });
  for (const close of ["Cancel", "Save changes"]) {
    await opener.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: close, exact: true }).click();
    const closed = await dialog
      .waitFor({ state: "hidden", timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!closed) {
      report.problem(`${label}: the Update Track dialog did not close on ${close}`);
      await page.keyboard.press("Escape");
      continue;
    }
    if (!(await focusIsOn(opener))) {
      const focused = await describeFocus(page);
      report.problem(`${label}: after ${close} the focus is on ${focused}, not on the Edit track button`);
    }
  }
}

/** Every admin page at one size (the sign-in ones signed out, the rest as the owner) and every dialog of the console. */
async function adminConsole(viewport: { width: number; height: number }, report: Report) {
  const px = `${viewport.width}px`;
  const trackId = await demoTrackId();
  const page = await app.newPage(viewport);
  const signedOut = new Set<string>([
    ADMIN_PAGES.login,
    ADMIN_PAGES.pending,
    ADMIN_PAGES.signup,
    ADMIN_PAGES.otp,
    ADMIN_PAGES.forgotPassword,
    ADMIN_PAGES.resetPassword,
  ]);
  const paths = Object.values(ADMIN_PAGES);
  for (const path of paths.filter((p) => signedOut.has(p))) {
    await checkPage(page, report, app.adminUrl(path), `admin ${path} ${px}`);
  }

  await logInAsAdmin(app, page, DEMO_ADMIN);
  /** The dialogs of a page, by the buttons that open them. */
  const dialogs: Record<string, (string | RegExp)[]> = {
    [ADMIN_PAGES.invoices]: ["Add Invoice", /^Edit /, /^Delete /, /^Void /],
    [ADMIN_PAGES.learners]: [/^View details of /],
    [ADMIN_PAGES.tracks]: ["Add Track"],
    [ADMIN_PAGES.trackDetails]: ["Edit track", "Delete track"],
    [ADMIN_PAGES.courses]: ["Add Course", /^Edit /, /^Delete /],
    [ADMIN_PAGES.staff]: ["Invite staff", /^Change role of /, /^Tracks of /, /^(Deactivate|Reactivate) /],
  };
  for (const path of paths.filter((p) => !signedOut.has(p))) {
    await checkPage(page, report, app.adminUrl(withTrack(path, trackId)), `admin ${path} ${px}`);
    for (const name of dialogs[path] ?? []) {
      const opener = page.getByRole("button", { name, exact: typeof name === "string" }).first();
      await checkDialog(page, report, opener, `admin ${path} ${name} dialog ${px}`);
    }
  }
  if (viewport.width < 768) {
    await checkDialog(page, report, page.getByRole("button", { name: "Open menu" }), `admin menu drawer ${px}`);
  }
  if (viewport.width >= 768) {
    // Saves the demo track unchanged.
    await checkCancelAndSave(page, report, app.adminUrl(withTrack(ADMIN_PAGES.trackDetails, trackId)), `admin track ${px}`);
  }
  await checkPage(page, report, app.adminUrl(`/trackdetails/${UNKNOWN_TRACK}`), `admin unknown track ${px}`);
}

/** Fails with every serious or critical axe finding and every problem the test found; prints the others. */
function assertAccessible(report: Report) {
  report.printMinor();
  const failing = report.failing();
  expect(failing, `accessibility problems:\n${failing.join("\n")}`).toEqual([]);
}

// Each site at both sizes at once (two pages of one browser): most of the time is axe and the pages' loading.
describe("accessibility of every page, dialog and menu (axe-core)", () => {
  it("learner site at 1440 and 390 px", { timeout: 170_000 }, async () => {
    const report = axeReport();
    await Promise.all(VIEWPORTS.map((viewport) => learnerSite(viewport, report)));
    assertAccessible(report);
  });

  it("admin console at 1440 and 390 px", { timeout: 170_000 }, async () => {
    const report = axeReport();
    await Promise.all(VIEWPORTS.map((viewport) => adminConsole(viewport, report)));
    assertAccessible(report);
  });
});
