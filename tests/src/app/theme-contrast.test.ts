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
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const LIGHT = palette('[data-theme="light"] {');
const THEMES = { light: LIGHT, dark: { ...LIGHT, ...palette('[data-theme="dark"] {') } };

function resolve(theme: Record<string, string>, name: string): string {
  const value = theme[name] ?? '';
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  return ref ? resolve(theme, ref[1]) : value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
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
