import { describe, expect, it } from 'vitest';
import { previewRows } from '../../../../src/features/quotes/order-book-preview.tsx';

describe('the quote page’s book preview rows (issue 19 items 7 and 9)', () => {
  it('collapses a very small price and groups amounts, truncated to the scales', () => {
    // [price, volume, cumVolume, value] per level, as the worker posts them.
    const side = new Float64Array([0.00000999, 1234567.891, 1234567.891, 12.33, 0.00001, 5, 1234572.891, 0.05]);
    expect(previewRows(side, 8, 2, 'en_US')).toEqual([
      { price: '0.0₅999', volume: '1,234,567.89', total: '1,234,567.89' },
      { price: '0.00001000', volume: '5.00', total: '1,234,572.89' },
    ]);
    expect(previewRows(side, 8, 2, 'vi_VN')[0]).toEqual({
      price: '0,0₅999',
      volume: '1.234.567,89',
      total: '1.234.567,89',
    });
  });
});
