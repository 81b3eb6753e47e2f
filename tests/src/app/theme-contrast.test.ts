import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The themes' colour pairs keep WCAG AA text contrast (4.5:1, issue 19 item 8): axe checks only the states a page
 * happens to show, so the palette itself is checked here, in both themes.
 */
const CSS = readFileSync(join(import.meta.dirname, '../../../src/app/app.css'), 'utf8');

/** The custom properties of a theme block; dark inherits what it does not set from light. */
function palette(selector: string): Record<string, string> {
  const block = CSS.slice(CSS.indexOf(selector), CSS.indexOf('}', CSS.indexOf(selector)));
  return Object.fromEntries(
    [...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value?.trim()]),
  );
}

const LIGHT = palette('[data-theme="light"] {');
const THEMES = { light: LIGHT, dark: { ...LIGHT, ...palette('[data-theme="dark"] {') } };

function resolve(theme: Record<string, string>, name: string): string {
  const value = theme[name] ?? '';
  const ref = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  return ref ? resolve(theme, ref) : value;
}

/** sRGB relative luminance of `#rrggbb` (WCAG 2). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/** Text on background, as the stylesheets pair them. */
const PAIRS = [
  ['--text', '--surface'],
  ['--muted', '--surface'],
  ['--muted', '--bg'],
  ['--muted', '--input-bg'],
  ['--ok', '--ok-soft'],
  ['--bad', '--bad-soft'],
  ['--on-fill', '--green'],
  ['--on-fill', '--red'],
  ['--up', '--surface'],
  ['--down', '--surface'],
  ['--accent-text', '--surface'],
] as const;

describe('theme colours', () => {
  for (const [name, theme] of Object.entries(THEMES)) {
    it(`keep 4.5:1 for every text and background pair in the ${name} theme`, () => {
      const weak = PAIRS.map(([fg, bg]) => ({ fg, bg, ratio: contrast(resolve(theme, fg), resolve(theme, bg)) }))
        .filter((p) => !(p.ratio >= 4.5))
        .map((p) => `${p.fg} on ${p.bg}: ${p.ratio.toFixed(2)}`);
      expect(weak).toEqual([]);
    });
  }
});
