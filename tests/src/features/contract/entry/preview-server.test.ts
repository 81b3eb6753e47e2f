import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position, SwapWallet, TradeInit } from '../../../../../common/contracts/swap.ts';
import { compare, fromUnits } from '../../../../../common/decimal.ts';
import { formatFine, formatTicks } from '../../../../../common/margin/grid.ts';
import { DEMO_ACCOUNT } from '../../../../../server/auth/demo.ts';
import { hashPassword } from '../../../../../server/auth/password.ts';
import { usersRepository } from '../../../../../server/auth/users-repository.ts';
import { type Figures, type PreviewOrder, previewOrder } from '../../../../../src/features/contract/entry/preview.ts';
import { type Terms, termsOf, ticksOf } from '../../../../../src/features/contract/entry/terms.ts';
import { buildTestApp, createUser, type TestApp } from '../../../../server/helpers.ts';

// The preview equals the server: each order is previewed from what the client has (trade-init, the wallet, the
// position list, the mark), placed on the real app, and the position it made is compared field by field.
const USDT = 1_000_000;

describe('the order preview equals what the server then reports', () => {
  let t: TestApp;
  let demo: Record<string, string>;
  let other: Record<string, string>;
  let terms: Terms;

  const call = async (url: string, headers: Record<string, string>, payload: Record<string, unknown> = {}) => {
    const res = await t.server.inject({ method: 'POST', url, headers: { lang: 'en_US', ...headers }, payload });
    const body = res.json();
    expect(body.code, `${url}: ${body.message}`).toBe(0);
    return body.data;
  };
  const login = async (username: string, password: string) => {
    const res = await t.server.inject({ method: 'POST', url: '/uc/login', payload: { username, password } });
    return { 'x-auth-token': res.json().data.token as string };
  };
  const fund = (userId: number, amount: number) =>
    t.server.exchange.transact(
      `test:${userId}`,
      [{ from: { system: 'test' }, to: { userId, wallet: 'contract' }, coin: 'USDT', amount, kind: 'transfer' }],
      () => undefined,
    );
  const init = async (): Promise<TradeInit> =>
    (await t.server.inject({ method: 'GET', url: '/swap/trade-init?symbol=BTC_USDT', headers: demo })).json().data;
  const positions = async (): Promise<Position[]> => call('/swap/position-list', demo);
  const rest = (direction: 1 | 2, price: string, volume: number) =>
    call('/swap/order/open', other, { symbol: 'BTC/USDT', direction, type: 1, entrustPrice: price, volume });

  /** The preview of a market order that takes the resting order at `price`, from what the client would have. */
  const preview = async (order: Omit<PreviewOrder, 'ticks' | 'taker'>, price: number) => {
    const state = await init();
    const thumb = (await t.server.inject({ method: 'GET', url: '/swap/symbol-thumb' }))
      .json()
      .data.find((c: { symbol: string }) => c.symbol === 'BTC/USDT');
    const input = {
      terms,
      settings: state.settings as NonNullable<TradeInit['settings']>,
      wallet: state.wallet as SwapWallet,
      positions: await positions(),
      mark: Math.round(Number(thumb.mark) * 10),
      fundingRate: thumb.fundingRate,
    };
    // A function of the mark: the server measures at its mark when it answers, which a price step may have moved.
    const result = (mark = input.mark) => previewOrder({ ...input, mark }, { ...order, ticks: price, taker: true });
    return { input, result };
  };

  const expectFigures = (at: (mark: number) => Figures | null, view: Position | undefined) => {
    expect(view).toBeDefined();
    if (!view) return;
    const figures = at(ticksOf(terms, view.markPrice) ?? 0);
    expect(figures).not.toBeNull();
    if (!figures) return;
    const { grid, info } = terms;
    expect(formatFine(grid, figures.margin, info.settleDecimals)).toBe(view.margin);
    expect(figures.liquidation === null ? '' : formatTicks(grid, figures.liquidation)).toBe(view.liquidationPrice);
    expect(fromUnits(figures.ratio, 8)).toBe(view.marginRatio);
    expect(figures.contracts).toBe(view.volume);
  };
  const expectFee = (fee: bigint, order: { fee: string }) =>
    expect(compare(formatFine(terms.grid, fee, terms.info.settleDecimals), order.fee)).toBe(0);

  beforeAll(async () => {
    t = await buildTestApp();
    demo = await login('demo', DEMO_ACCOUNT.password);
    const demoId = (await usersRepository(t.db).findByUsername('demo'))?.id ?? 0;
    const otherId = await createUser(t.db, 'maker1', await hashPassword('Maker1Pass'));
    other = await login('maker1', 'Maker1Pass');
    await fund(demoId, 20_000 * USDT);
    await fund(otherId, 1_000_000 * USDT);
    terms = termsOf((await init()).contract);
    // A pinned index holds the mark, so the preview and the position are measured at the same price.
    await call('/swap/dev/index', {}, { symbol: 'BTC/USDT', price: '95000.0', holdMs: 3_600_000 });
    // Building the app on a busy machine can take longer than the default hook time.
  }, 60_000);
  afterAll(() => t.close());

  it('an isolated long at 20×: margin, liquidation price, margin ratio and fee', async () => {
    await call('/swap/order/switch-pattern', demo, { symbol: 'BTC/USDT', marginModel: 2 });
    await call('/swap/order/modify-leverage', demo, { symbol: 'BTC/USDT', leverage: 20 });
    await rest(2, '95000.0', 1000);
    const { result } = await preview({ direction: 1, close: false, contracts: 1000 }, 950_000);
    expect(result().before).toBeNull();
    const order = await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 1000 });
    expect(order.dealVolume).toBe(1000);
    expectFigures((m) => result(m).after, (await positions())[0]);
    expectFee(result().fee, order);
  });

  it('adding to that position at another price: before is the position now, after what it becomes', async () => {
    await rest(2, '95100.0', 500);
    const { result } = await preview({ direction: 1, close: false, contracts: 500 }, 951_000);
    expectFigures((m) => result(m).before, (await positions())[0]);
    const order = await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 500 });
    expectFigures((m) => result(m).after, (await positions())[0]);
    expectFee(result().fee, order);
  });

  it('a partial close of the isolated long releases its share of the margin', async () => {
    await rest(1, '95000.0', 300);
    const { result } = await preview({ direction: 1, close: true, contracts: 300 }, 950_000);
    const order = await call('/swap/order/close', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 300 });
    expectFigures((m) => result(m).after, (await positions())[0]);
    expectFee(result().fee, order);
    await rest(1, '95000.0', 1200);
    await call('/swap/order/close-all', demo, { symbol: 'BTC/USDT' });
    expect(await positions()).toHaveLength(0);
  });

  it('a cross short at 10×, with the wallet behind it', async () => {
    await call('/swap/order/switch-pattern', demo, { symbol: 'BTC/USDT', marginModel: 1 });
    await call('/swap/order/modify-leverage', demo, { symbol: 'BTC/USDT', leverage: 10 });
    await rest(1, '95000.0', 800);
    const { result } = await preview({ direction: 2, close: false, contracts: 800 }, 950_000);
    const order = await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 2, type: 2, volume: 800 });
    expectFigures((m) => result(m).after, (await positions())[0]);
    expectFee(result().fee, order);
  });

  it('adding to the cross short at another price', async () => {
    await rest(1, '94900.0', 150);
    const { result } = await preview({ direction: 2, close: false, contracts: 150 }, 949_000);
    expectFigures((m) => result(m).before, (await positions())[0]);
    const order = await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 2, type: 2, volume: 150 });
    expectFigures((m) => result(m).after, (await positions())[0]);
    expectFee(result().fee, order);
    await rest(2, '95000.0', 950);
    await call('/swap/order/close-all', demo, { symbol: 'BTC/USDT' });
  });

  it('hedge mode, cross: a short next to a long shares one liquidation price with it', async () => {
    await call('/swap/order/switch-pattern', demo, { symbol: 'BTC/USDT', positionClass: 1 });
    await call('/swap/order/modify-leverage', demo, { symbol: 'BTC/USDT', leverage: 10 });
    await rest(2, '95000.0', 600);
    await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 600 });
    await rest(1, '95000.0', 200);
    const { result } = await preview({ direction: 2, close: false, contracts: 200 }, 950_000);
    expect(result().before).toBeNull();
    const order = await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 2, type: 2, volume: 200 });
    const list = await positions();
    expectFigures(
      (m) => result(m).after,
      list.find((p) => p.direction === 2),
    );
    expect(list.find((p) => p.direction === 1)?.liquidationPrice).toBe(
      list.find((p) => p.direction === 2)?.liquidationPrice,
    );
    expectFee(result().fee, order);
  });

  it('an isolated long at 1000× measured on the 1000× tier table', async () => {
    // The hedge's legs closed one at a time (a bid and an ask of one maker at one price would cross each other).
    await rest(2, '95000.0', 200);
    await call('/swap/order/close', demo, { symbol: 'BTC/USDT', direction: 2, type: 2, volume: 200 });
    await rest(1, '95000.0', 600);
    await call('/swap/order/close', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 600 });
    expect(await positions()).toHaveLength(0);
    await call('/swap/order/switch-pattern', demo, { symbol: 'BTC/USDT', positionClass: 2, marginModel: 2 });
    await call('/swap/order/modify-leverage', demo, { symbol: 'BTC/USDT', leverage: 1000 });
    await rest(2, '95000.0', 100);
    const { result } = await preview({ direction: 1, close: false, contracts: 100 }, 950_000);
    const order = await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 100 });
    expectFigures((m) => result(m).after, (await positions())[0]);
    expectFee(result().fee, order);
  });

  it('a resting limit that fills as maker adds to the 1000× position within its 10 000 USDT tier', async () => {
    await call('/swap/order/modify-leverage', demo, { symbol: 'BTC/USDT', leverage: 1000 });
    const state = await preview({ direction: 1, close: false, contracts: 5 }, 949_000);
    const order = { direction: 1, close: false, contracts: 5, ticks: 949_000, taker: false } as const;
    const result = (mark = state.input.mark) => previewOrder({ ...state.input, mark }, order);
    const placed = await call('/swap/order/open', demo, {
      symbol: 'BTC/USDT',
      direction: 1,
      type: 1,
      entrustPrice: '94900.0',
      volume: 5,
    });
    expect(placed.dealVolume).toBe(0);
    await call('/swap/order/open', other, { symbol: 'BTC/USDT', direction: 2, type: 2, volume: 5 });
    expectFigures((m) => result(m).after, (await positions())[0]);
    const history = await call('/swap/order/history', demo, { symbol: 'BTC/USDT', pageNo: 1, pageSize: 1 });
    expectFee(result().fee, history.records[0]);
  });
});
