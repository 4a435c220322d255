// Checks that every commit made since BASE has a subject under 72 characters (CONTRIBUTING.md). Older history has
// longer subjects and is left as it is. Run by .ci/run after `npm ci`; by hand: `node scripts/check-commit-subjects.mjs`.
import { execFileSync } from "node:child_process";

/** main's HEAD when the rule was adopted: only commits newer than this one are checked. */
const BASE = "3a92ebbdf71a2ce12151f3aa6d8d136fd63ec517";
const LIMIT = 72;

const git = (...args) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

function skip(why) {
  console.log(`commit subjects: not checked (${why})`);
  process.exit(0);
}

try {
  git("rev-parse", "--git-dir");
} catch {
  skip("not a git checkout, or git is missing");
}
if (git("rev-parse", "--is-shallow-repository") === "true") skip("shallow clone: the history since the base is incomplete");
try {
  git("cat-file", "-e", `${BASE}^{commit}`);
} catch {
  // A history rewritten past the base (or a clone of another branch): nothing to measure from, said out loud.
  skip(`the base commit ${BASE.slice(0, 7)} is not in this clone's history`);
}

// Merge commits are left out: their subjects are written by git, not by us.
const log = git("log", "--no-merges", "--format=%h%x09%s", `${BASE}..HEAD`);
const long = log
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [hash, ...rest] = line.split("\t");
    return { hash, subject: rest.join("\t") };
  })
  .filter(({ subject }) => [...subject].length >= LIMIT);

const checked = log ? log.split("\n").length : 0;
if (long.length === 0) {
  console.log(`commit subjects: ${checked} commit(s) since ${BASE.slice(0, 7)}, every subject under ${LIMIT} characters`);
} else {
  console.error(`commit subjects: ${long.length} subject(s) of ${LIMIT} characters or more (keep the subject short, the why in the body):`);
  for (const { hash, subject } of long) console.error(`  ${hash} (${[...subject].length}) ${subject}`);
  process.exit(1);
}
