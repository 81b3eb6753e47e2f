import { describe, expect, it } from 'vitest';
import {
  backspace,
  codeOf,
  emptyCells,
  isComplete,
  pasteInto,
  typeInto,
} from '../../../../src/features/account/code-cells.ts';

describe('verification cells (spec shell §5)', () => {
  it('starts with six empty cells focused on the first', () => {
    const s = emptyCells();
    expect(s.cells).toEqual(['', '', '', '', '', '']);
    expect(s.focus).toBe(0);
  });
  it('advances after each digit and ignores other characters', () => {
    let s = typeInto(emptyCells(), 0, '4');
    expect(s.focus).toBe(1);
    s = typeInto(s, 1, 'x');
    expect(s.cells[1]).toBe('');
    expect(s.focus).toBe(1);
    s = typeInto(s, 1, '2');
    expect(codeOf(s)).toBe('42');
    expect(s.focus).toBe(2);
  });
  it('backspace clears the cell, and on an empty cell goes back and clears the previous one', () => {
    let s = typeInto(emptyCells(), 0, '123');
    expect(s.focus).toBe(3);
    s = backspace(s, 3);
    expect(s.focus).toBe(2);
    expect(codeOf(s)).toBe('12');
    s = backspace(s, 1);
    expect(s.cells[1]).toBe('');
    expect(s.focus).toBe(1);
    expect(backspace(emptyCells(), 0).focus).toBe(0);
  });
  it('paste fills from the cell, digits only, and stops at six', () => {
    const s = pasteInto(emptyCells(), 0, ' 98-76 54 321');
    expect(codeOf(s)).toBe('987654');
    expect(s.focus).toBe(5);
    const mid = pasteInto(emptyCells(), 3, '123456');
    expect(mid.cells).toEqual(['', '', '', '1', '2', '3']);
  });
  it('is complete (next active) only with six digits', () => {
    expect(isComplete(typeInto(emptyCells(), 0, '12345'))).toBe(false);
    expect(isComplete(typeInto(emptyCells(), 0, '123456'))).toBe(true);
  });
});
