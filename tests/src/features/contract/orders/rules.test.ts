import { describe, expect, it } from 'vitest';
import { clampPage, HISTORY_PAGE_SIZE, planTab, sideKey } from '../../../../../src/features/contract/orders/rules.ts';
import { swapPlan } from '../../../../common/swap-views.ts';

describe('the order tabs', () => {
  it('page the terminal histories by 4', () => {
    expect(HISTORY_PAGE_SIZE).toBe(4);
    expect(clampPage(1, 0)).toBe(1);
    expect(clampPage(3, 9)).toBe(3);
    expect(clampPage(4, 9)).toBe(3);
    expect(clampPage(0, 9)).toBe(1);
  });

  it('name a side in position terms', () => {
    expect(sideKey(1, 1)).toBe('openLong');
    expect(sideKey(2, 1)).toBe('closeLong');
    expect(sideKey(2, 2)).toBe('openShort');
    expect(sideKey(1, 2)).toBe('closeShort');
  });

  it('put each waiting plan in its live tab', () => {
    expect(planTab(swapPlan(1, { planType: 'open' }))).toBe('plans');
    expect(planTab(swapPlan(1, { planType: 'close' }))).toBe('plans');
    expect(planTab(swapPlan(1, { planType: 'takeProfit' }))).toBe('tpsl');
    expect(planTab(swapPlan(1, { planType: 'stopLoss' }))).toBe('tpsl');
    expect(planTab(swapPlan(1, { planType: 'trailing' }))).toBe('trailing');
  });
});
