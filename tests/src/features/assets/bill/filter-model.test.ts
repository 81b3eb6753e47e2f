import { describe, expect, it } from 'vitest';
import {
  billParams,
  initialBillQuery,
  NO_FILTERS,
  reduceBillQuery,
} from '../../../../../src/features/assets/bill/filter-model.ts';

describe('bill filters model (/bill)', () => {
  const paged = reduceBillQuery(initialBillQuery(), { type: 'page', pageNo: 3 });

  it('goes back to page 1 on any filter change, and reset clears everything', () => {
    const s = reduceBillQuery(paged, { type: 'filter', patch: { coin: 'BTC' } });
    expect(s).toEqual({ filters: { ...NO_FILTERS, coin: 'BTC' }, pageNo: 1 });
    expect(reduceBillQuery(s, { type: 'reset' })).toEqual(initialBillQuery());
  });

  it('asks for the page with the filters; the wallet only on member bills', () => {
    const s = reduceBillQuery(initialBillQuery(), { type: 'filter', patch: { type: 'fee', wallet: 'spot' } });
    expect(billParams(s, false)).toEqual({
      type: 'fee',
      coin: '',
      startTime: undefined,
      endTime: undefined,
      pageNo: 1,
      pageSize: 10,
    });
    expect(billParams(s, true)).toMatchObject({ wallet: 'spot' });
  });

  it('asks nothing while the day range ends before it starts', () => {
    const s = reduceBillQuery(initialBillQuery(), { type: 'filter', patch: { from: '2026-11-02', to: '2026-11-01' } });
    expect(billParams(s, true)).toBeNull();
    const day = billParams(reduceBillQuery(s, { type: 'filter', patch: { to: '2026-11-02' } }), true);
    expect(day?.endTime as number).toBeGreaterThan(day?.startTime as number);
  });
});
