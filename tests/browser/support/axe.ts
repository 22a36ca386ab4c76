/**
 * axe-core in the browser tests: the engine's source is handed to the page with page.evaluate (the
 * app's Content-Security-Policy blocks inline script tags, so addScriptTag would be refused), run
 * over the whole document, and the serious and critical violations come back with a message that
 * names each rule, the elements it failed on and where to read about it.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts a test fails on (axe's scale: minor, moderate, serious, critical). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/** The rules whose answer depends on the colours shown: all a second theme of the same page can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const ALL_RULES = { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] };

/**
 * Runs axe (WCAG 2.0-2.2 A and AA rules plus axe's best practices, or only `rules`) and returns the
 * serious and critical violations.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  // A string is evaluated by the DevTools protocol itself, outside the page's CSP (which forbids
  // both inline scripts and eval inside the page).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: rules } : ALL_RULES;
  const violations = await page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly, resultTypes: ['violations'] });
    return result.violations as {
      id: string;
      impact: string | null;
      help: string;
      helpUrl: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    }[];
  }, runOnly);
  return violations
    .filter((violation) => violation.impact !== null && FAILING_IMPACTS.has(violation.impact))
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.map((node) => ({ target: node.target.map(String), failureSummary: node.failureSummary ?? '' })),
    }));
}

/** A readable report: one block per rule, with up to five elements it failed on. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no serious or critical violations`;
  const blocks = violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `    - ${node.target.join(' ')}\n      ${node.failureSummary.replace(/\n/g, '\n      ')}`);
    const more = violation.nodes.length > 5 ? [`    … and ${violation.nodes.length - 5} more`] : [];
    return [`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`, ...nodes, ...more].join('\n');
  });
  return `${where}: ${violations.length} serious/critical accessibility violation(s)\n${blocks.join('\n')}`;
}

/** Fails with the readable report when the page has any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, where: string, rules?: string[]): Promise<void> {
  const violations = await seriousViolations(page, rules);
  if (violations.length > 0) throw new Error(describeViolations(where, violations));
}
