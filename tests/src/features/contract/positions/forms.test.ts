import { describe, expect, it } from 'vitest';
import { TpslMode } from '../../../../../common/margin/codes.ts';
import { TriggerType } from '../../../../../common/trading.ts';
import { closeBody } from '../../../../../src/features/contract/positions/close-dialog.tsx';
import { percent, signed, tone } from '../../../../../src/features/contract/positions/format.ts';
import { validAmount } from '../../../../../src/features/contract/positions/margin-dialog.tsx';
import { tpslBody } from '../../../../../src/features/contract/positions/tpsl-dialog.tsx';
import { swapPosition } from '../../../../common/swap-views.ts';

const form = { mode: TpslMode.whole, takeProfit: '', stopLoss: '', volume: '', triggerType: TriggerType.tradePrice };

describe('the TP/SL form', () => {
  it('asks for at least one positive trigger price', () => {
    expect(tpslBody(swapPosition(1), form)).toEqual({ error: 'contractOrders.tpsl.needOne' });
    expect(tpslBody(swapPosition(1), { ...form, takeProfit: '0' })).toEqual({ error: 'contractOrders.tpsl.badPrice' });
    expect(tpslBody(swapPosition(1), { ...form, stopLoss: '1e5' })).toEqual({ error: 'contractOrders.tpsl.badPrice' });
  });

  it('sends a whole-position pair without sizes', () => {
    expect(tpslBody(swapPosition(3), { ...form, takeProfit: '65000', stopLoss: '55000' })).toEqual({
      body: { positionId: 3, tpslMode: 1, triggerType: 1, stopProfitPrice: '65000', stopLossPrice: '55000' },
    });
  });

  it('sends a partial leg with its whole-contract size, within the position', () => {
    const partial = { ...form, mode: TpslMode.partial, stopLoss: '55000', triggerType: TriggerType.indexPrice };
    expect(tpslBody(swapPosition(3), { ...partial, volume: '4' })).toEqual({
      body: { positionId: 3, tpslMode: 2, triggerType: 2, stopLossPrice: '55000', stopLossPositionNum: 4 },
    });
    for (const volume of ['0', '11', '2.5', ''])
      expect(tpslBody(swapPosition(3), { ...partial, volume })).toEqual({
        error: 'contractOrders.positions.badVolume',
        max: 10,
      });
  });
});

describe('the close and margin forms', () => {
  it('closes at market or at a limit price, naming the position by direction', () => {
    expect(closeBody(swapPosition(1, { direction: 2 }), 4, null)).toEqual({
      symbol: 'BTC/USDT',
      direction: 2,
      type: 2,
      volume: 4,
    });
    expect(closeBody(swapPosition(1), 10, '61000.5')).toEqual({
      symbol: 'BTC/USDT',
      direction: 1,
      type: 1,
      volume: 10,
      entrustPrice: '61000.5',
    });
  });

  it('takes a margin amount above 0, on the coin decimals, up to the maximum', () => {
    expect(validAmount('10.5', 6, '29.000000')).toBe(true);
    expect(validAmount('29', 6, '29.000000')).toBe(true);
    expect(validAmount('29.000001', 6, '29.000000')).toBe(false);
    expect(validAmount('0', 6, '29')).toBe(false);
    expect(validAmount('1.0000001', 6, '29')).toBe(false);
    expect(validAmount('-1', 6, '29')).toBe(false);
    expect(validAmount('1e1', 6, '29')).toBe(false);
  });
});

describe('rates and signed money', () => {
  it('shows percents with two places and money with its sign and tone', () => {
    expect(percent('0.16666666')).toBe('16.66%');
    expect(percent('-0.005')).toBe('-0.50%');
    expect(percent('')).toBe('--');
    expect(signed('1.5')).toBe('+1.5');
    expect(signed('-0.2')).toBe('-0.2');
    expect(signed('0')).toBe('0');
    expect([tone('1'), tone('-1'), tone('0')]).toEqual(['up', 'down', '']);
  });
});
