import { describe, expect, it } from 'vitest';
import { rowWindow } from '../../../src/ui/virtual-rows.ts';

describe('virtual rows', () => {
  it('renders the visible rows and six either side, and keeps the left-out heights', () => {
    // Rows of 30 px, 1000 of them, scrolled so rows 100–112 show.
    expect(rowWindow(1000, 30, 3000, 3360)).toEqual({ start: 94, end: 118, before: 2820, after: 882 * 30 });
  });

  it('clamps at both ends', () => {
    expect(rowWindow(10, 30, -50, 200)).toEqual({ start: 0, end: 10, before: 0, after: 0 });
    expect(rowWindow(0, 30, 0, 360)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
    // Scrolled past the list (a parent scrolled): nothing or only the tail.
    expect(rowWindow(100, 30, 5000, 5400)).toEqual({ start: 100, end: 100, before: 3000, after: 0 });
  });
});
