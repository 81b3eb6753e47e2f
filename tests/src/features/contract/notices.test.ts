import { describe, expect, it } from 'vitest';
import { noticeToast } from '../../../../src/features/contract/notices.ts';
import { closedPosition, fundingPayment, liquidationNotice, swapOrder, swapPlan } from '../../../common/swap-views.ts';

/** A translator that shows the key and its options, so the test reads what would be said. */
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

describe('contract notices as toasts', () => {
  it('tells funding paid or received, without the sign, with the rate as a percent', () => {
    expect(noticeToast({ kind: 'funding', told: 1, data: fundingPayment() }, t)).toEqual({
      kind: 'info',
      text: 'contractOrders.notices.fundingPaid {"symbol":"BTC/USDT","side":"contractOrders.long","amount":"0.061","rate":"0.01%"}',
    });
    const received = noticeToast(
      { kind: 'funding', told: 1, data: fundingPayment({ amount: '0.5', direction: 2 }) },
      t,
    );
    expect(received?.text).toContain('fundingReceived');
    expect(received?.text).toContain('"amount":"0.5"');
  });

  it('tells a liquidation as an error, a fired TP/SL and an ADL as warnings', () => {
    expect(noticeToast({ kind: 'liquidation', told: 1, data: liquidationNotice() }, t)?.kind).toBe('error');
    const tpsl = noticeToast({ kind: 'tpsl', told: 1, data: swapPlan(1, { status: 1 }) }, t);
    expect(tpsl?.kind).toBe('warning');
    expect(tpsl?.text).toContain('contractOrders.orders.planKinds.takeProfit');
    const adl = noticeToast(
      { kind: 'adl', told: 1, data: swapOrder(1, { action: 6, dealVolume: 3, averagePrice: '60500' }) },
      t,
    );
    expect(adl?.text).toContain('"volume":3');
  });

  it('says nothing of a position the user closed', () => {
    expect(noticeToast({ kind: 'positionClosed', told: 1, data: closedPosition(1) }, t)).toBeNull();
  });
});
