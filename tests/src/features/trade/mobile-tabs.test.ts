import { describe, expect, it } from 'vitest';
import { MOBILE_TABS, nextMobileTab } from '../../../../src/features/trade/mobile-tabs.tsx';

describe('nextMobileTab', () => {
  it('moves with the arrow keys and wraps at both ends', () => {
    expect(nextMobileTab('chart', 'ArrowRight')).toBe('book');
    expect(nextMobileTab('form', 'ArrowRight')).toBe('chart');
    expect(nextMobileTab('chart', 'ArrowLeft')).toBe('form');
    expect(nextMobileTab('trades', 'ArrowLeft')).toBe('book');
  });

  it('jumps to the first and last tab with Home and End', () => {
    expect(nextMobileTab('trades', 'Home')).toBe(MOBILE_TABS[0]);
    expect(nextMobileTab('chart', 'End')).toBe('form');
  });

  it('stays on other keys', () => {
    expect(nextMobileTab('book', 'Enter')).toBe('book');
    expect(nextMobileTab('book', 'ArrowDown')).toBe('book');
  });
});
