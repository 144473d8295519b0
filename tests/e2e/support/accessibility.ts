import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's findings on the page, or on the parts `include` names. Only violations are gathered: the
 * checks that pass are still run, but their nodes are not collected, which on a large page takes
 * longer than the audit itself. axe runs inside the page: with JavaScript on only.
 *
 * A page without frames is audited in one run inside it (axe's legacy mode): the same rules and
 * findings, without the blank second page the frame-by-frame mode opens to merge the frames'
 * results, which doubled the time of every audit. A page with frames keeps that mode, which
 * reaches into frames of other origins too.
 */
export function axeScan(page: Page, { include = [], rules }: { include?: string[]; rules?: Record<string, { enabled: boolean }> } = {}) {
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"], ...(rules ? { rules } : {}) });
  if (page.frames().length === 1) builder = builder.setLegacyMode();
  for (const selector of include) builder = builder.include(selector);
  return builder.analyze();
}

/** Each serious or critical violation axe finds, as "`label` id: help (the elements)", for an `toEqual([])`. */
export async function seriousViolations(page: Page, label = "", options: { include?: string[] } = {}): Promise<string[]> {
  const results = await axeScan(page, options);
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${label ? `${label} ` : ""}${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** axe's rules for WCAG 2.0, 2.1 and 2.2 at levels A and AA: the standard the accessibility statement claims. */
export const WCAG_22_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Every violation of WCAG 2.2 AA axe finds on the page, whatever its impact, as "`label` id (impact):
 * help (the elements)", for an `toEqual([])`. Target sizes (2.5.8) are among axe's rules for 2.2.
 * The page is audited in one run inside it: the only frame the app draws is a caught email's
 * sandboxed view, where scripts (axe among them) cannot run, and whose words are the email's.
 */
export async function wcagViolations(page: Page, label = ""): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .withTags(WCAG_22_AA_TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode();
  const results = await builder.analyze();
  return results.violations.map(
    (violation) =>
      `${label ? `${label} ` : ""}${violation.id} (${violation.impact}): ${violation.help} (${violation.nodes.map((node) => `${node.target.join(" ")} ${node.html.slice(0, 120)}`).join(", ")})`,
  );
}
