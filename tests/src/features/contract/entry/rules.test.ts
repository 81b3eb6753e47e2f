import { describe, expect, it } from 'vitest';
import { OpenTab } from '../../../../../common/margin/codes.ts';
import { OrderType, TriggerType } from '../../../../../common/order-codes.ts';
import {
  capRoom,
  checkEntry,
  contractsOf,
  type EntryForm,
  editField,
  emptyForm,
  isTaker,
  leverageOf,
  percentContracts,
  percentText,
  reduceOnlyAllowed,
  sizeText,
  tpslAllowed,
  valuationTicks,
  watchedPrice,
  withPercent,
  withUnit,
} from '../../../../../src/features/contract/entry/rules.ts';
import { context, position, SETTINGS, WALLET } from './fixtures.ts';

const ctx = context();
const form = (over: Partial<EntryForm> = {}): EntryForm => ({ ...emptyForm(), ...over });
const market = (over: Partial<EntryForm> = {}) => form({ tab: OpenTab.market, ...over });

describe('numeric input rules', () => {
  it('keeps prices to the tick, contracts whole and a quote value to the cent', () => {
    expect(editField(form(), 'price', '95,000.123', ctx.terms).price).toBe('95000.1');
    expect(editField(form(), 'trigger', 'a1.29', ctx.terms).trigger).toBe('1.2');
    expect(editField(form(), 'size', '12.7', ctx.terms).size).toBe('12');
    expect(editField(form(), 'size', '5000000000', ctx.terms).size).toBe('1000000000');
    expect(editField(form({ unit: 'quote' }), 'size', '100.456', ctx.terms).size).toBe('100.45');
    expect(editField(form({ percent: 50 }), 'size', '3', ctx.terms).percent).toBe(0);
    expect(editField(form(), 'takeProfit', '99000.99', ctx.terms).takeProfit).toBe('99000.9');
  });
});

describe('what an order is valued at', () => {
  it('a limit at its price, a market order at the last price, a plan at its price or else its trigger', () => {
    expect(valuationTicks(form({ price: '94000.5' }), ctx)).toBe(940_005);
    expect(valuationTicks(market(), ctx)).toBe(950_000);
    expect(valuationTicks(market(), context({ prices: null }))).toBeNull();
    expect(valuationTicks(form({ tab: OpenTab.plan, trigger: '96000' }), ctx)).toBe(960_000);
    expect(valuationTicks(form({ tab: OpenTab.plan, trigger: '96000', price: '96100' }), ctx)).toBe(961_000);
  });

  it('the trigger watches the last or mark price by the preference, or the index', () => {
    expect(watchedPrice(ctx, TriggerType.tradePrice)).toBe('95000.0');
    expect(watchedPrice(context({ settings: { ...SETTINGS, pricePreference: 1 } }), TriggerType.tradePrice)).toBe(
      '95010.0',
    );
    expect(watchedPrice(ctx, TriggerType.indexPrice)).toBe('94990.0');
  });
});

describe('size in contracts or in quote value', () => {
  it('a quote value buys the whole contracts its notional covers', () => {
    expect(contractsOf(market({ unit: 'quote', size: '950' }), ctx, 950_000)).toBe(10);
    expect(contractsOf(market({ unit: 'quote', size: '1899.99' }), ctx, 950_000)).toBe(19);
    expect(contractsOf(market({ unit: 'quote', size: '10' }), ctx, null)).toBe(0);
    expect(contractsOf(market({ size: '7.' }), ctx, 950_000)).toBe(7);
    expect(sizeText('quote', 19, 950_000, ctx.terms)).toBe('1805.00');
    expect(sizeText('contracts', 0, 950_000, ctx.terms)).toBe('');
  });

  it('switching the unit says the same contracts the other way', () => {
    const quote = withUnit(market({ size: '20' }), ctx, 'quote');
    expect(quote).toMatchObject({ unit: 'quote', size: '1900.00' });
    expect(withUnit(quote, ctx, 'contracts')).toMatchObject({ unit: 'contracts', size: '20' });
  });
});

describe('the percent slider', () => {
  it('opens with a share of what the available balance reserves at the leverage, fees included', () => {
    expect(percentContracts(market(), ctx, 1, 100)).toBe(2084);
    expect(percentContracts(market(), ctx, 1, 25)).toBe(521);
    expect(withPercent(market(), ctx, 1, 50)).toMatchObject({ percent: 50, size: '1042' });
    expect(withPercent(market({ unit: 'quote' }), ctx, 1, 50).size).toBe('98990.00');
    expect(percentContracts(market(), context({ wallet: null }), 1, 100)).toBe(0);
  });

  it('the short side uses its own leverage in hedge mode only', () => {
    const hedge = { ...SETTINGS, positionClass: 1, leverageLong: 20, leverageShort: 5 };
    expect(leverageOf(hedge, 2)).toBe(5);
    expect(leverageOf({ ...hedge, positionClass: 2 }, 2)).toBe(20);
    expect(percentContracts(market(), context({ settings: hedge }), 2, 100)).toBe(525);
  });

  it('closes a share of the position', () => {
    const held = context({ positions: [position({ volume: 10 })] });
    expect(percentContracts(market({ mode: 'close' }), held, 1, 75)).toBe(7);
    expect(percentContracts(market({ mode: 'close' }), held, 2, 100)).toBe(0);
  });
});

describe('checks and the request body', () => {
  it('a market open long', () => {
    const checked = checkEntry(market({ size: '10' }), ctx, 1);
    expect(checked).toEqual({
      ok: true,
      close: false,
      body: { symbol: 'BTC/USDT', direction: 1, volume: 10, type: OrderType.market },
      contracts: 10,
      ticks: 950_000,
    });
  });

  it('a limit open short sized in quote value', () => {
    const checked = checkEntry(form({ price: '96000.', unit: 'quote', size: '960' }), ctx, 2);
    expect(checked).toMatchObject({
      ok: true,
      body: { symbol: 'BTC/USDT', direction: 2, volume: 10, type: OrderType.limit, entrustPrice: '96000' },
    });
  });

  it('a plan: at market or at its price when the trigger is reached, watching the chosen price', () => {
    const plan = form({ tab: OpenTab.plan, trigger: '96000', size: '3', triggerType: TriggerType.indexPrice });
    expect(checkEntry(plan, ctx, 1)).toMatchObject({
      ok: true,
      body: { type: OrderType.market, triggerPrice: '96000', triggerType: 2, volume: 3 },
    });
    expect(checkEntry({ ...plan, price: '96100' }, ctx, 1)).toMatchObject({
      body: { type: OrderType.limit, entrustPrice: '96100', triggerPrice: '96000' },
    });
    expect(checkEntry({ ...plan, trigger: '94990' }, ctx, 1)).toEqual({ ok: false, error: { key: 'triggerAtPrice' } });
    expect(checkEntry({ ...plan, trigger: '' }, ctx, 1)).toEqual({ ok: false, error: { key: 'triggerRequired' } });
  });

  it('refuses a missing price or size, and sizes off the contract’s limits', () => {
    expect(checkEntry(form({ size: '1' }), ctx, 1)).toEqual({ ok: false, error: { key: 'priceRequired' } });
    expect(checkEntry(market(), ctx, 1)).toEqual({ ok: false, error: { key: 'sizeRequired' } });
    expect(checkEntry(market({ size: '0' }), ctx, 1)).toMatchObject({ error: { key: 'belowMinVolume' } });
    const min5 = context({ terms: { ...ctx.terms, info: { ...ctx.terms.info, minVolume: 5 } } });
    expect(checkEntry(market({ size: '4' }), min5, 1)).toEqual({
      ok: false,
      error: { key: 'belowMinVolume', values: { min: 5 } },
    });
    expect(checkEntry(market({ unit: 'quote', size: '10' }), ctx, 1)).toMatchObject({
      error: { key: 'belowMinVolume' },
    });
    expect(checkEntry(market({ size: '1' }), context({ prices: null }), 1)).toEqual({
      ok: false,
      error: { key: 'noPrice' },
    });
  });

  it('refuses more than the balance reserves, and more than the leverage’s tier allows', () => {
    expect(checkEntry(market({ size: '2085' }), ctx, 1)).toEqual({ ok: false, error: { key: 'insufficient' } });
    expect(checkEntry(market({ size: '2084' }), ctx, 1).ok).toBe(true);
    const rich = context({
      wallet: { ...WALLET, available: '10000000' },
      settings: { ...SETTINGS, leverageLong: 125 },
    });
    // At 125× the first tier ends at 50 000 USDT: 526 contracts at 95 000 are 49 970, 527 are 50 065.
    expect(checkEntry(market({ size: '526' }), rich, 1).ok).toBe(true);
    expect(checkEntry(market({ size: '527' }), rich, 1)).toEqual({ ok: false, error: { key: 'riskLimit' } });
    const held = context({ ...rich, positions: [position({ volume: 500, entryPrice: '95000.000', leverage: 125 })] });
    expect(checkEntry(market({ size: '27' }), held, 1)).toEqual({ ok: false, error: { key: 'riskLimit' } });
  });

  it('in one-way mode an open against the position first closes it: only the rest needs margin', () => {
    const shortHeld = context({ wallet: { ...WALLET, available: '0' }, positions: [position({ direction: 2 })] });
    expect(checkEntry(market({ size: '100' }), shortHeld, 1).ok).toBe(true);
    expect(checkEntry(market({ size: '101' }), shortHeld, 1)).toEqual({ ok: false, error: { key: 'insufficient' } });
  });

  it('a close names the position and cannot close more than it holds', () => {
    const held = context({ positions: [position({ volume: 10 })] });
    expect(checkEntry(market({ mode: 'close', size: '10' }), held, 1)).toMatchObject({
      ok: true,
      close: true,
      body: { symbol: 'BTC/USDT', direction: 1, volume: 10, type: OrderType.market },
    });
    expect(checkEntry(market({ mode: 'close', size: '11' }), held, 1)).toEqual({
      ok: false,
      error: { key: 'closeTooLarge', values: { max: 10 } },
    });
    expect(checkEntry(market({ mode: 'close', size: '1' }), held, 2)).toEqual({
      ok: false,
      error: { key: 'noPosition' },
    });
  });

  it('reduce-only: one-way mode, against the opposite position, without TP/SL', () => {
    expect(reduceOnlyAllowed(market(), SETTINGS)).toBe(true);
    expect(reduceOnlyAllowed(market(), { ...SETTINGS, positionClass: 1 })).toBe(false);
    expect(reduceOnlyAllowed(market({ mode: 'close' }), SETTINGS)).toBe(false);
    const held = context({ positions: [position({ direction: 1 })] });
    expect(checkEntry(market({ size: '5', reduceOnly: true }), held, 2)).toMatchObject({
      ok: true,
      body: { direction: 2, volume: 5, reduceOnly: 1 },
    });
    expect(checkEntry(market({ size: '5', reduceOnly: true }), held, 1)).toEqual({
      ok: false,
      error: { key: 'noPosition' },
    });
    expect(tpslAllowed(market({ reduceOnly: true }), SETTINGS)).toBe(false);
    expect(tpslAllowed(form({ tab: OpenTab.plan }), SETTINGS)).toBe(false);
  });

  it('TP/SL on an open: each leg on its side of where the order opens, with the chosen trigger type', () => {
    const legs = { tpsl: true, takeProfit: '99000', stopLoss: '91000', tpslTrigger: TriggerType.indexPrice };
    expect(checkEntry(market({ size: '1', ...legs }), ctx, 1)).toMatchObject({
      ok: true,
      body: { takeProfitPrice: '99000', stopLossPrice: '91000', triggerType: 2 },
    });
    expect(checkEntry(market({ size: '1', ...legs }), ctx, 2)).toEqual({
      ok: false,
      error: { key: 'takeProfitSide' },
    });
    expect(checkEntry(market({ size: '1', ...legs, takeProfit: '' }), ctx, 2)).toEqual({
      ok: false,
      error: { key: 'stopLossSide' },
    });
    const short = checkEntry(form({ price: '96000', size: '1', tpsl: true, takeProfit: '95000' }), ctx, 2);
    expect(short).toMatchObject({ ok: true, body: { takeProfitPrice: '95000', triggerType: 1 } });
    // Folded away, the legs are not sent.
    const folded = checkEntry(market({ size: '1', ...legs, tpsl: false }), ctx, 1);
    expect(folded.ok && 'takeProfitPrice' in folded.body).toBe(false);
  });
});

describe('percent text', () => {
  it('says a rate of 10^-8 as a percent', () => {
    expect(percentText(50_000n, 4)).toBe('0.0500%');
    expect(percentText(-10_000n, 4)).toBe('-0.0100%');
    expect(percentText(8_000_000n)).toBe('8.00%');
    expect(percentText(-1n)).toBe('0.00%');
  });
});

describe('taker or maker', () => {
  it('market orders and plans at market take; a limit takes when it crosses the last price', () => {
    expect(isTaker(market(), ctx, 1, 950_000)).toBe(true);
    expect(isTaker(form({ tab: OpenTab.plan }), ctx, 1, 960_000)).toBe(true);
    expect(isTaker(form({ tab: OpenTab.plan, price: '96000' }), ctx, 1, 960_000)).toBe(true);
    expect(isTaker(form({ price: '94000' }), ctx, 1, 940_000)).toBe(false);
    expect(isTaker(form({ price: '94000' }), ctx, 2, 940_000)).toBe(true);
    // A close of a long sells: it takes at or below the last price.
    expect(isTaker(form({ price: '96000', mode: 'close' }), ctx, 1, 960_000)).toBe(false);
    expect(isTaker(form({ price: '94000', mode: 'close' }), ctx, 1, 940_000)).toBe(true);
  });
});

describe('the slider within the risk limit', () => {
  it('never sizes past what the leverage’s tier allows, the position included', () => {
    const rich = context({
      wallet: { ...WALLET, available: '10000000' },
      settings: { ...SETTINGS, leverageLong: 125 },
    });
    // 50 000 USDT at 125×: 526 contracts at 95 000.
    expect(percentContracts(market(), rich, 1, 100)).toBe(526);
    expect(capRoom(rich, 1, 125, 950_000)).toBe(526);
    const held = context({ ...rich, positions: [position({ volume: 500, leverage: 125 })] });
    expect(percentContracts(market(), held, 1, 100)).toBe(26);
    expect(capRoom(context(), 1, 1, 950_000)).toBe(1_000_000_000);
  });
});
