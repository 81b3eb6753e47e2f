// axe-core in the journeys (issue 19 item 8; DESIGN §6: no serious violation in either theme). The engine is read
// from node_modules and evaluated in the page: @axe-core/playwright needs Node 22, and an injected <script> would meet
// the server's Content-Security-Policy, which page.evaluate does not.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import { expect } from './fixtures.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2 levels A and AA: the rules the product is held to. */
const TAGS = ['wcag2a', 'wcag2aa'];
/** What fails a page; minor and moderate findings are left to review. */
const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * Elements axe cannot judge and the product cannot change, each with its reason. Kept empty until one is needed:
 * a rule is never switched off, an element only by a precise selector.
 */
const EXCLUDED: string[] = [];

/** One line per failing element: rule, impact, where, and what to do. */
export function describeViolations(results: Pick<AxeResults, 'violations'>): string[] {
  const lines: string[] = [];
  for (const rule of results.violations) {
    if (!FAILING.includes(rule.impact ?? null)) continue;
    for (const node of rule.nodes) {
      // What axe measured (a contrast ratio and its colours, the missing label…), when it says.
      const found = [...node.any, ...node.all, ...node.none].map((check) => check.message).find(Boolean);
      lines.push(`${rule.id} (${rule.impact}) at ${node.target.join(' ')}: ${rule.help}${found ? ` (${found})` : ''}`);
    }
  }
  return lines;
}

/** The serious and critical WCAG A/AA violations of the page as it is now, one readable line each. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    ([exclude, runOptions]) => {
      const engine = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return engine.run({ exclude: exclude.map((selector) => [selector]) }, runOptions);
    },
    [EXCLUDED, options] as const,
  );
  return describeViolations(results);
}

/**
 * Fails the test (softly with `soft`, so a sweep over many pages reports them all) when axe finds a serious or
 * critical violation; `name` says which page or state was checked.
 */
export async function expectAccessible(page: Page, name: string, options: { soft?: boolean } = {}): Promise<void> {
  const found = await accessibilityViolations(page);
  const check = options.soft ? expect.soft : expect;
  check(found, `accessibility of ${name}:\n  ${found.join('\n  ')}`).toEqual([]);
}
