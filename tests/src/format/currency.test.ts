import { describe, expect, it } from 'vitest';
import {
  assetTotal,
  CURRENCY_SYMBOLS,
  currencySymbol,
  DISPLAY_CURRENCIES,
  defaultCurrency,
  formatCurrency,
  isDisplayCurrency,
} from '../../../src/format/currency.ts';

describe('display currencies (spec shell §1, §9)', () => {
  it('offers the seven currencies', () => {
    expect(DISPLAY_CURRENCIES).toEqual(['CNY', 'HKD', 'USD', 'JPY', 'TWD', 'VND', 'USDT']);
    expect(isDisplayCurrency('VND')).toBe(true);
    expect(isDisplayCurrency('EUR')).toBe(false);
    expect(isDisplayCurrency(undefined)).toBe(false);
  });

  it('uses the symbols of spec §9 verbatim', () => {
    expect(CURRENCY_SYMBOLS).toEqual({
      cny: '¥',
      hkd: 'HK$',
      jpy: 'Ұ',
      usd: '$',
      kor: '₩',
      twd: 'NT$',
      usdt: '₮',
      vnd: '₫',
    });
    expect(currencySymbol('CNY')).toBe('¥');
    expect(currencySymbol('hkd')).toBe('HK$');
    expect(currencySymbol('JPY')).toBe('Ұ');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('TWD')).toBe('NT$');
    expect(currencySymbol('USDT')).toBe('₮');
    expect(currencySymbol('VND')).toBe('₫');
    expect(currencySymbol('KRW')).toBe('₩');
    expect(currencySymbol('EUR')).toBe('');
    expect(currencySymbol(null)).toBe('');
    for (const code of DISPLAY_CURRENCIES) expect(currencySymbol(code)).not.toBe('');
  });

  it('defaults to USDT, CNY for China and VND for Vietnam', () => {
    expect(defaultCurrency('CN')).toBe('CNY');
    expect(defaultCurrency('vn')).toBe('VND');
    expect(defaultCurrency('US')).toBe('USDT');
    expect(defaultCurrency(undefined)).toBe('USDT');
  });

  it('shows an amount with its symbol and two decimals, abbreviated per language when given one', () => {
    expect(formatCurrency('1234.567', 'USD')).toBe('$1,234.56');
    expect(formatCurrency('-12', 'VND')).toBe('-₫12.00');
    expect(formatCurrency(0, 'USDT')).toBe('₮0.00');
    expect(formatCurrency('12345', 'CNY', 'zh_CN')).toBe('¥1.23万');
    expect(formatCurrency('1234567', 'USD', 'en_US')).toBe('$1.23M');
    expect(formatCurrency('5', 'EUR')).toBe('5.00');
    expect(formatCurrency(Number.NaN, 'USD')).toBe('--');
    expect(formatCurrency(undefined, 'USD')).toBe('--');
  });

  it('groups a full amount in the page language, exactly (issue 19 item 7: ₮533488.16, ₫13603948080.00)', () => {
    expect(formatCurrency('533488.169', 'USDT')).toBe('₮533,488.16');
    expect(formatCurrency('13603948080', 'VND')).toBe('₫13,603,948,080.00');
    expect(formatCurrency('-1234567.891', 'USD')).toBe('-$1,234,567.89');
    // Past 2^53: a float would change the digits.
    expect(formatCurrency('9007199254740993.01', 'USD')).toBe('$9,007,199,254,740,993.01');
  });
});

describe('asset total (spec shell §9)', () => {
  it('adds the five balances in USDT and converts by the rate, contract rounded to 2 decimals', () => {
    const parts = { spot: '100.1', contract: '50.005', funds: '0.2', follow: '10', financial: '1.234' };
    // 100.1 + 50.01 + 0.2 + 10 + 1.234 = 161.544
    expect(assetTotal(parts, '1')).toBe('161.544');
    expect(assetTotal(parts, '7.1')).toBe('1146.9624');
    expect(formatCurrency(assetTotal(parts, '7.1'), 'CNY')).toBe('¥1,146.96');
    expect(assetTotal({ contract: '50.004' }, 1)).toBe('50');
  });

  it('counts missing parts as 0 and has no total without a rate', () => {
    expect(assetTotal({ spot: 0.1, funds: 0.2 }, 1)).toBe('0.3');
    expect(assetTotal({}, 1)).toBe('0');
    expect(assetTotal({ spot: 'bad', funds: '2' }, '0.5')).toBe('1');
    expect(assetTotal({ spot: '1' }, undefined)).toBeNull();
    expect(formatCurrency(assetTotal({ spot: '1' }, Number.NaN), 'USD')).toBe('--');
  });
});
