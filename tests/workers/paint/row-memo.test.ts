import { describe, expect, it } from 'vitest';
import { RowMemo } from '../../../workers/paint/row-memo.ts';

describe('RowMemo', () => {
  it('reports a row unchanged only when it was drawn with the same numbers', () => {
    const memo = new RowMemo();
    expect(memo.reset(3, 2, 'a', true)).toBe(false);
    expect(memo.same(0, [1, 2])).toBe(false);
    expect(memo.same(0, [1, 2])).toBe(true);
    expect(memo.same(0, [1, 3])).toBe(false);
    expect(memo.same(1, [1, 3])).toBe(false);
  });

  it('clears only rows that showed something', () => {
    const memo = new RowMemo();
    memo.reset(2, 2, 'a', true);
    expect(memo.clear(0)).toBe(false);
    memo.same(0, [5, 6]);
    expect(memo.clear(0)).toBe(true);
    expect(memo.clear(0)).toBe(false);
    expect(memo.same(0, [5, 6])).toBe(false);
  });

  it('starts over on new settings or rows, asking the caller to clear when the canvas was not', () => {
    const memo = new RowMemo();
    memo.reset(2, 2, 'a', true);
    memo.same(0, [1, 2]);
    expect(memo.reset(2, 2, 'a', false)).toBe(false);
    expect(memo.same(0, [1, 2])).toBe(true);
    expect(memo.reset(2, 2, 'b', false)).toBe(true);
    expect(memo.same(0, [1, 2])).toBe(false);
    expect(memo.reset(3, 2, 'b', true)).toBe(false);
    expect(memo.same(0, [1, 2])).toBe(false);
  });
});

describe('RowMemo cells', () => {
  it('tracks each cell on its own and forgets a row', () => {
    const memo = new RowMemo();
    memo.reset(2, 3, 'a', true);
    expect(memo.sameCell(0, 1, 5)).toBe(false);
    expect(memo.sameCell(0, 1, 5)).toBe(true);
    expect(memo.sameCell(0, 2, 5)).toBe(false);
    expect(memo.clear(0)).toBe(true);
    expect(memo.sameCell(0, 1, 5)).toBe(false);
    memo.forget(0);
    expect(memo.sameCell(0, 1, 5)).toBe(false);
  });
});
