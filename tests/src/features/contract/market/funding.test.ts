import { describe, expect, it } from 'vitest';
import { formatCountdown, formatFundingRate } from '../../../../../src/features/contract/market/funding.ts';

describe('funding figures', () => {
  it('shows the rate as a percent with four decimals, signed', () => {
    expect(formatFundingRate(0.0001)).toBe('0.0100%');
    expect(formatFundingRate(-0.00075)).toBe('-0.0750%');
    expect(formatFundingRate(Number.NaN)).toBe('--');
  });

  it('counts down in HH:MM:SS, never below zero', () => {
    expect(formatCountdown(8 * 3600_000)).toBe('08:00:00');
    expect(formatCountdown(3_723_999)).toBe('01:02:03');
    expect(formatCountdown(999)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
    expect(formatCountdown(30 * 3600_000)).toBe('30:00:00');
  });
});
