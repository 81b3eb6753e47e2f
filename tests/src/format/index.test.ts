import { describe, expect, it } from 'vitest';
import * as format from '../../../src/format/index.ts';

describe('src/format entry', () => {
  it('is the one door to every rule family', () => {
    expect(format.formatPrice('1.239', 2)).toBe('1.23');
    expect(format.formatChangePercent(0.01)).toBe('+1.00%');
    expect(format.formatTradedAmount('2', '3', 'BTC')).toBe('6.00000');
    expect(format.formatCollapsedZero('0.00000123')).toBe('0.0₅123');
    expect(format.formatMoney('1234567', 'en_US')).toBe('1.23M');
    expect(format.formatBookAmount('1234')).toBe('1.23K');
    expect(format.sanitizeNumericInput('1.239', { decimals: 2 })).toBe('1.23');
    expect(format.sanitizeNumberDirective('1,234')).toBe('1234');
    expect(format.formatCurrency('1', 'USDT')).toBe('₮1.00');
  });
});
