import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";

/** The axe impacts that fail a browser test; the others (moderate, minor) are printed only. */
const FAILING = new Set(["serious", "critical"]);

/** One axe finding, as a line: impact, rule, what it means, and the CSS selectors of the elements it is about. */
export interface AxeFinding {
  label: string;
  impact: string;
  rule: string;
  text: string;
}

const described = (finding: AxeFinding) => `[${finding.impact}] ${finding.label}: ${finding.rule}: ${finding.text}`;

/**
 * Runs axe-core (all its WCAG 2.x A/AA and best-practice rules) on what the page shows now, open dialogs and menus
 * included. `label` names the screen in the messages, e.g. "admin /staff 390px, Invite staff dialog"; `only` (a CSS
 * selector) limits the check to a part, e.g. a dialog on a page already checked.
 */
export async function axeFindings(page: Page, label: string, only?: string): Promise<AxeFinding[]> {
  // Only the violations are detailed: reporting every passing node too doubles the time axe takes.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const results = await (only ? builder.include(only) : builder).analyze();
  return results.violations.map((violation) => ({
    label,
    impact: violation.impact ?? "unknown",
    rule: violation.id,
    text: `${violation.help}; ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  }));
}

/**
 * Collects the findings of many screens: `check` runs axe on one, `assertNone` fails the test with every serious or
 * critical finding (and prints the moderate and minor ones once each).
 */
export function axeReport() {
  const findings: AxeFinding[] = [];
  const problems: string[] = [];
  return {
    async check(page: Page, label: string, only?: string) {
      findings.push(...(await axeFindings(page, label, only)));
    },
    /** A problem the test found itself (a missing level-1 heading, focus not given back). */
    problem(text: string) {
      problems.push(text);
    },
    failing: () => [...findings.filter((f) => FAILING.has(f.impact)).map(described), ...problems],
    printMinor() {
      const seen = new Set<string>();
      for (const finding of findings.filter((f) => !FAILING.has(f.impact))) {
        const key = `${finding.rule} ${finding.text}`;
        if (seen.has(key)) continue;
        seen.add(key);
        console.log(`axe: ${described(finding)}`);
      }
    },
  };
}

/** Fails with every serious or critical axe finding on the page (their selectors in the message); prints the rest. */
export async function expectAccessible(page: Page, label: string) {
  const report = axeReport();
  await report.check(page, label);
  report.printMinor();
  const failing = report.failing();
  if (failing.length > 0) throw new Error(`axe found ${failing.length} serious or critical problems:\n${failing.join("\n")}`);
}

/** Whether the element the locator finds has the focus. */
export const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
