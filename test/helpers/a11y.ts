// axe-core (the npm package, run inside the page) on a console page: every rule of axe's default set and its
// experimental ones (label-content-name-mismatch among them, which Lighthouse runs too), the violations counted
// by impact. `assertAccessible` fails on serious or critical ones; the table of what each
// visited screen had (all impacts) is printed by `printAccessibilityTable` at the end of a suite.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';
const IMPACTS: Impact[] = ['critical', 'serious', 'moderate', 'minor'];

export interface Violation {
  id: string;
  impact: Impact;
  help: string;
  /** How many elements break the rule, and the first few of them (CSS selectors). */
  count: number;
  targets: string[];
}

export interface ScreenResult {
  label: string;
  violations: Violation[];
}

let axeSource: string | undefined;
const source = () => {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
};

/** Runs axe on the page as it is now. Evaluated through the DevTools protocol, so the page's CSP does not apply. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source());
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: Axe }).axe;
    const experimental = Object.fromEntries(
      axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]),
    );
    const results = await axe.run(document, { resultTypes: ['violations'], rules: experimental });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      count: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
    interface Axe {
      getRules(tags: string[]): Array<{ ruleId: string }>;
      run(
        context: Document,
        options: object,
      ): Promise<{
        violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
      }>;
    }
  });
  return found as Violation[];
}

/** The screens one suite checked, in order, for the table. */
export const checkedScreens: ScreenResult[] = [];

/** Fails when axe finds a serious or critical violation on the page (named by `label` in the message). */
export async function assertAccessible(page: Page, label: string): Promise<Violation[]> {
  const violations = await axeViolations(page);
  checkedScreens.push({ label, violations });
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    grave.map((v) => `${v.impact} ${v.id} ×${v.count}: ${v.help} (${v.targets.join(' | ')})`),
    [],
    `${label}: serious or critical accessibility violations`,
  );
  return violations;
}

/** One line per screen: element counts per impact and the rules broken. */
export function accessibilityTable(screens: ScreenResult[] = checkedScreens): string {
  const width = Math.max(6, ...screens.map((s) => s.label.length));
  const head = `${'screen'.padEnd(width)}  ${IMPACTS.map((i) => i.padStart(8)).join(' ')}  rules`;
  const lines = screens.map(({ label, violations }) => {
    const counts = IMPACTS.map((impact) =>
      String(violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.count, 0)).padStart(8),
    );
    const rules = violations.map((v) => `${v.id}(${v.impact} ×${v.count})`).join(', ') || '-';
    return `${label.padEnd(width)}  ${counts.join(' ')}  ${rules}`;
  });
  return [head, ...lines].join('\n');
}

export function printAccessibilityTable(screens: ScreenResult[] = checkedScreens) {
  if (screens.length) console.log(`axe-core violations per screen (element counts)\n${accessibilityTable(screens)}`);
}

/**
 * Tabs through the page `presses` times from its start and fails when a focused control shows no focus ring
 * (no outline of at least 2 px and no box shadow) or sits outside the viewport. Returns the controls reached.
 */
export async function assertFocusVisible(page: Page, label: string, presses = 25): Promise<string[]> {
  // Tab starts after the last focused or clicked element: a focused placeholder at the top of the body moves
  // that starting point to the page's start (it is removed by the first Tab's focus change).
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.addEventListener('blur', () => start.remove(), { once: true });
    document.body.prepend(start);
    start.focus();
  });
  const unseen: string[] = [];
  const reached: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return undefined;
      let box = element.getBoundingClientRect();
      // A visually hidden input (a file input inside its label-button) shows its focus on the label.
      // (No named functions in here: the test build's keepNames would wrap them in a helper the page lacks.)
      const shown = box.width <= 1 && box.height <= 1 ? (element.closest('label') ?? element) : element;
      box = shown.getBoundingClientRect();
      const style = getComputedStyle(shown);
      const ring =
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
      const inView = box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const name = text ? `${element.tagName.toLowerCase()} "${text}"` : element.outerHTML.slice(0, 100);
      const seen = `outline ${style.outlineStyle} ${style.outlineWidth}, :focus-visible ${shown.matches(':focus-visible')}`;
      return { ring, inView, name, seen };
    });
    if (!focused) break;
    reached.push(focused.name);
    if (!focused.ring || !focused.inView)
      unseen.push(
        `${focused.name}${focused.ring ? '' : ` without a focus ring (${focused.seen})`}${focused.inView ? '' : ' off screen'}`,
      );
  }
  assert.deepEqual(unseen, [], `${label}: focus not visible`);
  return reached;
}
