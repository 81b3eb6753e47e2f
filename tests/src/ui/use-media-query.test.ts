import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOBILE_QUERY } from '../../../src/ui/use-media-query.ts';

const SRC = join(import.meta.dirname, '../../../src');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('the mobile breakpoint (spec shell §9)', () => {
  it('is one width for the scripts and every stylesheet: no page turns mobile a few pixels before another', () => {
    const width = Number(/max-width: (\d+)px/.exec(MOBILE_QUERY)?.[1]);
    expect(width).toBe(768);
    const near: string[] = [];
    for (const file of stylesheets(SRC)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/@media[^{]*max-width:\s*([\d.]+)px/g)) {
        const px = Number(match[1]);
        // Widths near the breakpoint are meant to be it; 600 px, 900 px and such are other, deliberate steps.
        if (Math.abs(px - width) < 40 && px !== width) near.push(`${file.slice(SRC.length)}: ${px}px`);
      }
    }
    expect(near).toEqual([]);
  });
});
