import { describe, expect, it } from 'vitest';
import {
  amountTone,
  BILL_PAGE_SIZE,
  dayRange,
  pageCount,
  recordLink,
  signedAmount,
} from '../../../../../src/features/assets/bill/model.ts';

describe('bill model', () => {
  it('pages by 10 (spec shell §9)', () => {
    expect(BILL_PAGE_SIZE).toBe(10);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(21, 10)).toBe(3);
  });

  it('shows exact amounts with their sign and tone', () => {
    expect(signedAmount('300')).toBe('+300');
    expect(signedAmount('-12.345678')).toBe('-12.345678');
    expect(signedAmount('0.00000001')).toBe('+0.00000001');
    expect(signedAmount('0')).toBe('0');
    expect([amountTone('1'), amountTone('-1'), amountTone('0')]).toEqual(['up', 'down', '']);
  });

  it('turns two dates into a range from the start of the first day to the end of the last', () => {
    const range = dayRange('2026-11-01', '2026-11-02');
    expect(range).toEqual({
      startTime: new Date(2026, 10, 1).getTime(),
      endTime: new Date(2026, 10, 3).getTime() - 1,
    });
    expect(dayRange('', '')).toEqual({});
    expect(dayRange('2026-11-01', '')).toEqual({ startTime: new Date(2026, 10, 1).getTime() });
    expect(dayRange('2026-11-01', '2026-11-01')).not.toBeNull();
    expect(dayRange('2026-11-02', '2026-11-01')).toBeNull();
    expect(dayRange('not-a-date', '')).toBeNull();
  });

  it('links a bill to the page that lists its record', () => {
    expect(recordLink('withdraw:17')).toBe('/withdraw');
    expect(recordLink('deposit:5')).toBe('/recharge');
    expect(recordLink('transfer:9')).toBe('/transfer');
    expect(recordLink('internal:4')).toBe('/withdraw?tab=internal');
    expect(recordLink('convert:3')).toBeNull();
    expect(recordLink('trade:40')).toBeNull();
    expect(recordLink('demo-grant:1')).toBeNull();
  });
});
