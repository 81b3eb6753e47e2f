import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode, HOME_PATHS } from '../../../common/api.ts';
import { OrderStatus } from '../../../common/trading.ts';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { usersRepository } from '../../../server/auth/users-repository.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';

describe('spot trading API', () => {
  let t: TestApp;
  let demo: Record<string, string>;
  let other: Record<string, string>;
  let otherId: number;
  let demoUser: number;
  const demoId = () => demoUser;

  const call = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    t.server.inject({ method: 'POST', url, headers: { lang: 'en_US', ...headers }, ...(payload ? { payload } : {}) });
  const balance = (userId: number, coin: string) => ({ ...t.server.exchange.accounts.balance(userId, coin) });
  const login = async (username: string, password: string) => {
    const res = await t.server.inject({ method: 'POST', url: '/uc/login', payload: { username, password } });
    return { 'x-auth-token': res.json().data.token as string };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    demo = await login('demo', DEMO_ACCOUNT.password);
    demoUser = (await usersRepository(t.db).findByUsername('demo'))?.id ?? 0;
    otherId = await createUser(t.db, 'trader2', await hashPassword('Trader2Pass'));
    await t.server.exchange.credit(otherId, 'BTC', 100_000_000, 'system:test', 'test:grant', 'test_grant');
    other = await login('trader2', 'Trader2Pass');
    // A password hash and two sign-ins: slow on a loaded machine.
  }, 60_000);
  afterAll(() => t.close());

  it('needs a session', async () => {
    const res = await call(
      '/exchange/order/add',
      {},
      { symbol: 'BTC/USDT', price: '1', amount: '1', type: 1, direction: 1 },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ApiCode.notLoggedIn);
  });

  it('places a limit buy that freezes its value, then cancels it and returns the money', async () => {
    const before = balance(demoId(), 'USDT');
    const res = await call('/exchange/order/add', demo, {
      symbol: 'BTC/USDT',
      price: '50000.5',
      amount: '0.1',
      type: 1,
      direction: 1,
    });
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ symbol: 'BTC/USDT', price: '50000.5', amount: '0.1', status: OrderStatus.open });
    expect(balance(demoId(), 'USDT')).toEqual({
      ...before,
      available: before.available - 5_000_050_000,
      frozen: before.frozen + 5_000_050_000,
    });
    const current = (await call('/exchange/order/current', demo, { symbol: 'BTC-USDT' })).json();
    expect(current.data.records.map((r: { orderId: number }) => r.orderId)).toContain(body.data.orderId);

    // Another user cannot see or cancel it.
    const foreign = (await call(`/exchange/order/cancel/${body.data.orderId}`, other)).json();
    expect(foreign.code).toBe(ApiCode.orderNotFound);
    expect(foreign.message).toBe('The order does not exist or is already closed');

    const cancelled = (await call(`/exchange/order/cancel/${body.data.orderId}`, demo)).json();
    expect(cancelled.data.status).toBe(OrderStatus.cancelled);
    expect(balance(demoId(), 'USDT')).toEqual(before);
    const history = (await call('/exchange/order/history', demo, {})).json();
    expect(history.data.records[0]).toMatchObject({ orderId: body.data.orderId, status: OrderStatus.cancelled });
  });

  it('matches two users, charges maker and taker fees and shows the fills in the detail and the bills', async () => {
    const sell = (
      await call('/exchange/order/add', other, {
        symbol: 'BTC/USDT',
        price: '60000',
        amount: '0.5',
        type: 1,
        direction: 2,
      })
    ).json();
    expect(sell.code).toBe(0);
    const buy = (
      await call('/exchange/order/add', demo, {
        symbol: 'BTC/USDT',
        price: '61000',
        amount: '0.2',
        type: 1,
        direction: 1,
      })
    ).json();
    expect(buy.data).toMatchObject({ status: OrderStatus.filled, tradedAmount: '0.2', turnover: '12000' });
    // Taker buy pays 0.1 % of 0.2 BTC; the maker seller 0.08 % of 12000 USDT.
    expect(buy.data.fee).toBe('0.0002');
    const detail = (
      await t.server.inject({ method: 'GET', url: `/exchange/order/detail/${sell.data.orderId}`, headers: other })
    ).json();
    expect(detail.data).toMatchObject({ status: OrderStatus.partlyFilled, tradedAmount: '0.2', fee: '9.6' });
    expect(detail.data.detail).toEqual([
      expect.objectContaining({ price: '60000', amount: '0.2', turnover: '12000', fee: '9.6', maker: true }),
    ]);
    const bills = (await call('/exchange/spot-bill/list', other, { coin: 'USDT' })).json();
    expect(bills.data.records.map((b: { type: string; amount: string }) => [b.type, b.amount])).toEqual([
      ['fee', '-9.6'],
      ['trade', '12000'],
    ]);
    // The seller's BTC leaves from its order's reservation: a bill too.
    const paid = (await call('/exchange/spot-bill/list', other, { coin: 'BTC' })).json();
    expect(paid.data.records.map((b: { type: string; amount: string }) => [b.type, b.amount])).toEqual([
      ['trade', '-0.2'],
      ['test_grant', '1'],
    ]);
    const fills = (await call('/exchange/order/trades', other, { symbol: 'BTC/USDT' })).json();
    expect(fills.data).toMatchObject({ total: 1, pageNo: 1, pageSize: 20 });
    expect(fills.data.records).toEqual([
      expect.objectContaining({ orderId: sell.data.orderId, direction: 2, price: '60000', fee: '9.6', maker: true }),
    ]);
    const mine = (await call('/exchange/order/trades', demo, { direction: 1 })).json();
    expect(mine.data.records[0]).toMatchObject({
      orderId: buy.data.orderId,
      direction: 1,
      fee: '0.0002',
      maker: false,
    });
    expect((await call('/exchange/order/trades', demo, { direction: 2 })).json().data.total).toBe(0);
    expect((await call('/exchange/order/trades', demo, { symbol: 'NOPE/USDT' })).json().code).toBe(
      ApiCode.unknownMarket,
    );
    t.server.exchange.accounts.assertConserved();
    await call(`/exchange/order/cancel/${sell.data.orderId}`, other);
  });

  it('refuses bad orders with a clear message and changes nothing', async () => {
    const before = balance(demoId(), 'USDT');
    const orders = t.server.exchange.engine.nextOrderId;
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { symbol: 'NOPE/USDT', price: '1', amount: '1', type: 1, direction: 1 },
        ApiCode.unknownMarket,
        'Unknown market: NOPE/USDT',
      ],
      [
        { symbol: 'BTC/USDT', price: '1.001', amount: '1', type: 1, direction: 1 },
        ApiCode.badPrice,
        'Invalid price: it must be above 0 with at most 2 decimals',
      ],
      [
        { symbol: 'BTC/USDT', price: '-5', amount: '1', type: 1, direction: 1 },
        ApiCode.badPrice,
        'Invalid price: it must be above 0 with at most 2 decimals',
      ],
      [
        { symbol: 'BTC/USDT', price: '1e5', amount: '1', type: 1, direction: 1 },
        ApiCode.badPrice,
        'Invalid price: it must be above 0 with at most 2 decimals',
      ],
      [
        { symbol: 'BTC/USDT', price: '100', amount: '0.000001', type: 1, direction: 1 },
        ApiCode.badAmount,
        'Invalid amount: it must be above 0 with at most 5 decimals',
      ],
      [
        { symbol: 'BTC/USDT', price: '100', amount: '0.01', type: 1, direction: 1 },
        ApiCode.belowMinTurnover,
        'The order value must be at least 5 USDT',
      ],
      [
        { symbol: 'BTC/USDT', price: '90000', amount: '100', type: 1, direction: 1 },
        ApiCode.insufficientBalance,
        'Insufficient USDT balance',
      ],
      [
        { symbol: 'BTC/USDT', price: '90000', amount: '100', type: 1, direction: 2 },
        ApiCode.insufficientBalance,
        'Insufficient BTC balance',
      ],
      [
        { symbol: 'BTC/USDT', price: '100', amount: '1', type: 1, direction: 1, couponNo: 'X1' },
        ApiCode.couponNotFound,
        'The coupon does not exist or cannot be used',
      ],
      [
        { symbol: 'BTC/USDT', price: '100', amount: '1', type: 4, direction: 2 },
        ApiCode.triggerPriceInvalid,
        'Invalid trigger price: it must be above 0 and not already reached by the current price',
      ],
    ];
    for (const [payload, code, message] of cases) {
      const res = (await call('/exchange/order/add', demo, payload)).json();
      expect({ payload, code: res.code, message: res.message }).toEqual({ payload, code, message });
    }
    const invalid = (
      await call('/exchange/order/add', demo, { symbol: 'BTC/USDT', amount: '1', type: 9, direction: 1 })
    ).json();
    expect(invalid.code).toBe(ApiCode.badRequest);
    expect(balance(demoId(), 'USDT')).toEqual(before);
    expect(t.server.exchange.engine.nextOrderId).toBe(orders);
  });

  it('cancels every open order of a market at once and returns what they held', async () => {
    const before = balance(demoId(), 'USDT');
    const ids: number[] = [];
    for (const price of ['40000', '41000', '42000']) {
      const placed = await call('/exchange/order/add', demo, {
        symbol: 'BTC/USDT',
        price,
        amount: '0.01',
        type: 1,
        direction: 1,
      });
      ids.push(placed.json().data.orderId);
    }
    await call('/exchange/order/add', demo, {
      symbol: 'ETH/USDT',
      price: '1000',
      amount: '0.1',
      type: 1,
      direction: 1,
    });
    const res = (await call('/exchange/order/cancel-all', demo, { symbol: 'BTC-USDT' })).json();
    expect(res.code).toBe(0);
    expect([...res.data.cancelled].sort()).toEqual([...ids].sort());
    expect((await call('/exchange/order/current', demo, {})).json().data.records).toHaveLength(1);
    expect((await call('/exchange/order/cancel-all', demo)).json()).toMatchObject({ code: 0 });
    expect((await call('/exchange/order/current', demo, {})).json().data.total).toBe(0);
    expect(balance(demoId(), 'USDT')).toEqual(before);
  });

  it('keeps favourites per user, idempotent, refusing unknown markets', async () => {
    expect((await call('/exchange/favor/add', demo, { symbol: 'ETH/USDT' })).json().code).toBe(0);
    expect((await call('/exchange/favor/add', demo, { symbol: 'eth-usdt' })).json().code).toBe(0);
    expect((await call('/exchange/favor/add', demo, { symbol: 'XXX/USDT' })).json().code).toBe(ApiCode.unknownMarket);
    expect((await call('/exchange/favor/find', demo)).json().data.map((f: { symbol: string }) => f.symbol)).toEqual([
      'ETH/USDT',
    ]);
    expect((await call('/exchange/favor/find', other)).json().data).toEqual([]);
    await call('/exchange/favor/delete', demo, { symbol: 'ETH/USDT' });
    expect((await call('/exchange/favor/find', demo)).json().data).toEqual([]);
  });
  it('answers the spot account of a market: balances, best prices, fees and limits', async () => {
    const res = await call('/exchange/account', other, { symbol: 'btc_usdt' });
    const body = res.json();
    expect(body.code).toBe(0);
    const b = balance(otherId, 'BTC');
    expect(body.data).toMatchObject({
      symbol: 'BTC/USDT',
      coinHotMoney: String(b.available / 1e8),
      rmb: String(balance(otherId, 'USDT').available / 1e6),
      buyFeeRate: '0.001',
      sellFeeRate: '0.001',
      makerFeeRate: '0.0008',
      buyMinMoney: '5',
      sellMinCoin: '0.00001',
      keepDecimalForCoin: 5,
      keepDecimalForCurrency: 2,
      keepDecimalForTotal: 6,
      oneTimeOrderNum: 500,
    });
    // No asks rest in the test book (no simulator), so nothing can be bought at the best ask.
    expect(body.data).toMatchObject({ sellOnePrice: '0', canBuyCoin: '0' });
    const unknown = (await call('/exchange/account', other, { symbol: 'NOPE/USDT' })).json();
    expect(unknown.code).toBe(ApiCode.unknownMarket);
    expect((await call('/exchange/account', {}, { symbol: 'BTC/USDT' })).statusCode).toBe(401);
  });
});

describe('a coming market (listed with a countdown)', () => {
  let t: TestApp;
  let demo: Record<string, string>;
  const order = { symbol: 'APT/USDT', price: '10', amount: '1', type: 1, direction: 1 };
  const call = (url: string, payload: Record<string, unknown> = {}, headers = demo) =>
    t.server.inject({ method: 'POST', url, headers: { lang: 'en_US', ...headers }, payload });
  const listed = async (url: string) =>
    ((await call(url)).json().data as { symbol: string }[]).map((m) => m.symbol).includes('APT/USDT');

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      payload: { username: 'demo', password: DEMO_ACCOUNT.password },
    });
    demo = { 'x-auth-token': res.json().data.token as string };
  }, 60_000);
  afterAll(() => t.close());

  it('takes no order and shows in no list before its online time, then opens at that instant', async () => {
    // The seeded calendar lists APT/USDT two days after the first start (server/home/seed.ts).
    const coming = (await call(HOME_PATHS.newCoinPreview))
      .json()
      .data.newCoinList.find((c: { unit: string }) => c.unit === 'APT');
    expect(coming.status).toBe(0);
    const demoId = (await usersRepository(t.db).findByUsername('demo'))?.id ?? 0;
    const before = { ...t.server.exchange.accounts.balance(demoId, 'USDT') };
    const refused = (await call('/exchange/order/add', order)).json();
    expect(refused).toMatchObject({ code: ApiCode.marketNotOpen, data: null });
    expect(refused.message).toContain('APT/USDT is not open for trading yet');
    expect(t.server.exchange.accounts.balance(demoId, 'USDT')).toEqual(before);
    expect(await listed('/market/symbol-thumb')).toBe(false);
    expect(await listed('/market/symbol-thumb-trend')).toBe(false);
    // Its settings still answer: the listing's "Go trade" link opens its (empty) market.
    expect((await call('/market/symbol-info', { symbol: 'APT/USDT' })).json().code).toBe(0);

    t.advance(coming.onlineTime - t.server.clock());
    expect((await call('/exchange/order/add', order)).json().code).toBe(0);
    expect(await listed('/market/symbol-thumb')).toBe(true);
  });
});
