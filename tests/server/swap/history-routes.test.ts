import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '../../../common/api.ts';
import { add, sub } from '../../../common/decimal.ts';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { usersRepository } from '../../../server/auth/users-repository.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';

const USDT = 1_000_000;
/** 95 000.0 on BTC/USDT's grid (one decimal). */
const MARK = 950_000;

/**
 * The contract records: one BTC/USDT long of 1 BTC opened at 95 000 (taker 0.06 %), charged one funding at 0.01 %, and
 * closed at 94 000 — then the same answers after a restart on the same data folder.
 */
describe('contract history API', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-swap-history-'));
  let t: TestApp;
  let demo: Record<string, string>;
  let other: Record<string, string>;
  let closedId = 0;

  const call = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    t.server.inject({ method: 'POST', url, headers: { lang: 'en_US', ...headers }, ...(payload ? { payload } : {}) });
  const data = async (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) => {
    const res = (await call(url, headers, payload)).json();
    expect(res.code, url).toBe(0);
    return res.data;
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
  const start = async () => {
    t = await buildTestApp({}, { dataDir: dir });
    demo = await login('demo', DEMO_ACCOUNT.password);
    other = await login('trader2', 'Trader2Pass');
  };
  const open = (headers: Record<string, string>, direction: number, entrustPrice?: string, volume = 1000) =>
    call('/swap/order/open', headers, {
      symbol: 'BTC/USDT',
      direction,
      type: entrustPrice ? 1 : 2,
      volume,
      ...(entrustPrice ? { entrustPrice } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp({}, { dataDir: dir });
    const demoId = (await usersRepository(t.db).findByUsername('demo'))?.id ?? 0;
    const otherId = await createUser(t.db, 'trader2', await hashPassword('Trader2Pass'));
    await fund(demoId, 20_000 * USDT);
    await fund(otherId, 100_000 * USDT);
    await t.close();
    await start();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a closed position with its averages, fees, funding and what closed it', async () => {
    expect((await open(other, 2, '95000.0')).json().code).toBe(0);
    expect((await open(demo, 1)).json().code).toBe(0);
    const [position] = await data('/swap/position-list', demo, {});
    await data('/swap/order/position-take-profit-stop-loss', demo, {
      positionId: position.positionId,
      stopProfitPrice: '99000.0',
    });
    await t.server.exchange.swap.run((e) => e.settleFunding('BTC/USDT', 10_000n, MARK));
    expect((await open(other, 1, '94000.0')).json().code).toBe(0);
    const close = await call('/swap/order/close', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 1000 });
    expect(close.json().code).toBe(0);
    closedId = position.positionId;
    const history = await data('/swap/order/positionHistory', demo, {});
    expect(history).toMatchObject({ total: 1, pageNo: 1, pageSize: 20 });
    expect(history.records[0]).toEqual({
      positionId: closedId,
      symbol: 'BTC/USDT',
      direction: 1,
      marginModel: 1,
      leverage: 20,
      entryPrice: '95000',
      closePrice: '94000',
      maxVolume: 1000,
      closedVolume: 1000,
      closePnl: '-1000.000000',
      fee: '113.4',
      funding: '-9.5',
      realizedPnl: '-1122.900000',
      closeAction: 1,
      openTime: expect.any(Number),
      closeTime: expect.any(Number),
    });
    const r = history.records[0];
    expect(sub(add(r.closePnl, r.funding), r.fee)).toBe('-1122.9');
  });

  it('lists finished orders and plans, newest first, paged and by contract', async () => {
    expect((await open(demo, 1, '80000.0', 10)).json().code).toBe(0);
    const [resting] = (await data('/swap/order/current', demo, {})).orders.records;
    await data('/swap/order/cancel', demo, { orderId: resting.orderId });
    const orders = await data('/swap/order/history', demo, {});
    expect(orders.total).toBe(3);
    expect(orders.records.map((o: { status: number }) => o.status)).toEqual([2, 1, 1]);
    expect(orders.records[1]).toMatchObject({ action: 1, dealVolume: 1000, averagePrice: '94000.0' });
    const page2 = await data('/swap/order/history', demo, { pageNo: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(page2.records.map((o: { orderId: number }) => o.orderId)).toEqual([orders.records[2].orderId]);
    expect((await data('/swap/order/history', demo, { symbol: 'ETH/USDT' })).total).toBe(0);
    const plans = await data('/swap/order/plan-history', demo, { contractCoinId: 'BTC_USDT' });
    expect(plans.total).toBe(1);
    expect(plans.records[0]).toMatchObject({ planType: 'takeProfit', triggerPrice: '99000.0' });
    expect(plans.records[0].status).not.toBe(0);
  });

  it('lists the user’s fills with fee, realised PnL and action', async () => {
    const fills = await data('/swap/order/trade-history', demo, { pageSize: 4 });
    expect(fills).toMatchObject({ total: 2, pageSize: 4 });
    expect(fills.records).toEqual([
      expect.objectContaining({ direction: 2, maker: false, price: '94000.0', volume: 1000, action: 1 }),
      expect.objectContaining({ direction: 1, maker: false, price: '95000.0', volume: 1000, action: 0 }),
    ]);
    expect(fills.records.map((f: { fee: string }) => f.fee)).toEqual(['56.4', '57']);
    expect(fills.records.map((f: { realizedPnl: string }) => f.realizedPnl)).toEqual(['-1000.000000', '0.000000']);
    const maker = await data('/swap/order/trade-history', other, {});
    expect(maker.records.every((f: { maker: boolean }) => f.maker)).toBe(true);
  });

  it('lists the user’s funding payments, and a contract’s settled rates for anyone', async () => {
    const paid = await data('/swap/funding/history', demo, {});
    expect(paid.total).toBe(1);
    expect(paid.records[0]).toMatchObject({
      symbol: 'BTC/USDT',
      positionId: closedId,
      direction: 1,
      volume: 1000,
      rate: '0.0001',
      markPrice: '95000.0',
      amount: '-9.5',
    });
    const received = await data('/swap/funding/history', other, {});
    expect(received.records[0]).toMatchObject({ direction: 2, amount: '9.5' });
    const rates = await t.server.inject({ method: 'GET', url: '/swap/funding/rates?symbol=BTC_USDT' });
    expect(rates.json().data).toMatchObject({ total: 1, records: [{ symbol: 'BTC/USDT', rate: '0.0001' }] });
    // A settlement is one row per contract and instant: the next one comes later.
    t.advance(1000);
    await t.server.exchange.swap.run((e) => e.settleFunding('BTC/USDT', -5_000n, MARK));
    const paged = await t.server.inject({ method: 'GET', url: '/swap/funding/rates?symbol=BTC_USDT&pageSize=1' });
    expect(paged.json().data).toMatchObject({ total: 2, pageSize: 1, records: [{ rate: '-0.00005' }] });
    const none = await t.server.inject({ method: 'GET', url: '/swap/funding/rates?symbol=ETH_USDT' });
    expect(none.json().data.total).toBe(0);
  });

  it('draws the share card of a closed and of an open position with the shared margin math', async () => {
    const closed = await data('/swap/order/share', demo, { positionId: closedId });
    expect(closed).toEqual({
      positionId: closedId,
      symbol: 'BTC/USDT',
      direction: 1,
      leverage: 20,
      entryPrice: '95000',
      price: '94000',
      closed: true,
      // −1 122.9 on the 4 750 initial margin of 1 BTC at 95 000 and 20×.
      roe: '-0.2364',
      pnl: '-1122.900000',
    });
    expect((await open(other, 2, '94000.0', 10)).json().code).toBe(0);
    expect((await open(demo, 1, undefined, 10)).json().code).toBe(0);
    const [position] = await data('/swap/position-list', demo, {});
    const live = await data('/swap/order/share', demo, { positionId: position.positionId });
    expect(live).toMatchObject({
      closed: false,
      entryPrice: position.entryPrice,
      price: position.markPrice,
      roe: position.roe,
      pnl: position.unrealizedPnl,
    });
  });

  it('refuses unknown contracts, other users’ positions and missing sessions, changing nothing', async () => {
    const cases: [string, Record<string, unknown>, number][] = [
      ['/swap/order/history', { symbol: 'NOPE/USDT' }, ApiCode.unknownContract],
      ['/swap/order/plan-history', { symbol: 'NOPE/USDT' }, ApiCode.unknownContract],
      ['/swap/order/trade-history', { symbol: 'NOPE/USDT' }, ApiCode.unknownContract],
      ['/swap/funding/history', { symbol: 'NOPE/USDT' }, ApiCode.unknownContract],
      ['/swap/order/positionHistory', { symbol: 'NOPE/USDT' }, ApiCode.unknownContract],
      ['/swap/funding/rates', {}, ApiCode.unknownContract],
      ['/swap/order/share', { positionId: 999_999 }, ApiCode.noPosition],
      ['/swap/order/share', { positionId: closedId }, ApiCode.noPosition],
      ['/swap/contract/favor/add', { symbol: 'NOPE/USDT' }, ApiCode.unknownContract],
    ];
    for (const [url, payload, code] of cases) {
      const res = (await call(url, other, payload)).json();
      expect(res.code, url).toBe(code);
      expect(res.message.length).toBeGreaterThan(0);
    }
    expect(await data('/swap/contract/favor/list', other)).toEqual([]);
    expect((await call('/swap/order/history', {}, {})).statusCode).toBe(401);
    expect((await call('/swap/contract/favor/list', {})).statusCode).toBe(401);
    expect((await call('/swap/disclaimer', {})).statusCode).toBe(401);
    expect((await call('/swap/order/history', demo, { pageSize: 101 })).json().code).toBe(ApiCode.badRequest);
  });

  it('keeps favourite contracts: idempotent add and delete, at most 1000', async () => {
    await data('/swap/contract/favor/add', demo, { symbol: 'ETH/USDT' });
    t.advance(1000);
    await data('/swap/contract/favor/add', demo, { contractCoinId: 'BTC_USDT' });
    await data('/swap/contract/favor/add', demo, { symbol: 'ETH/USDT' });
    const list = await data('/swap/contract/favor/list', demo);
    expect(list.map((f: { symbol: string }) => f.symbol)).toEqual(['ETH/USDT', 'BTC/USDT']);
    await data('/swap/contract/favor/delete', demo, { symbol: 'ETH/USDT' });
    await data('/swap/contract/favor/delete', demo, { symbol: 'ETH/USDT' });
    expect((await data('/swap/contract/favor/list', demo)).map((f: { symbol: string }) => f.symbol)).toEqual([
      'BTC/USDT',
    ]);
    // Fill the list to the spec's 1000 with rows no route could add, then one more is refused.
    const demoId = (await usersRepository(t.db).findByUsername('demo'))?.id ?? 0;
    const rows = Array.from({ length: 999 }, (_, i) => ({ user_id: demoId, symbol: `X${i}/USDT`, created_at: 0 }));
    await t.db.insertInto('swap_favorites').values(rows).execute();
    expect((await call('/swap/contract/favor/add', demo, { symbol: 'SOL/USDT' })).json().code).toBe(ApiCode.badRequest);
    expect(await data('/swap/contract/favor/list', demo)).toHaveLength(1000);
    // A favourite already there is still a success.
    expect((await call('/swap/contract/favor/add', demo, { symbol: 'BTC/USDT' })).json().code).toBe(0);
    await t.db.deleteFrom('swap_favorites').where('symbol', 'like', 'X%').execute();
  });

  it('signs the contract disclaimer once: signing again keeps the first time', async () => {
    expect(await data('/swap/disclaimer', demo)).toEqual({ signed: false, signedAt: null });
    const signed = await data('/swap/disclaimer/sign', demo);
    expect(signed).toEqual({ signed: true, signedAt: expect.any(Number) });
    t.advance(60_000);
    expect(await data('/swap/disclaimer/sign', demo)).toEqual(signed);
    expect(await data('/swap/disclaimer', demo)).toEqual(signed);
    expect(await data('/swap/disclaimer', other)).toEqual({ signed: false, signedAt: null });
  });

  it('answers the same after a restart, and an open position keeps its tally across it', async () => {
    const urls = [
      '/swap/order/positionHistory',
      '/swap/order/history',
      '/swap/order/plan-history',
      '/swap/order/trade-history',
      '/swap/funding/history',
      '/swap/contract/favor/list',
      '/swap/disclaimer',
    ];
    const before = await Promise.all(urls.map((url) => data(url, demo, {})));
    await t.close();
    await start();
    const after = await Promise.all(urls.map((url) => data(url, demo, {})));
    expect(after).toEqual(before);
    // The 10-contract long opened before the restart closes after it: its entry and fees are whole.
    expect((await open(other, 1, '96000.0', 10)).json().code).toBe(0);
    await data('/swap/order/close', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 10 });
    const [last] = (await data('/swap/order/positionHistory', demo, {})).records;
    // Opened at 94 000 (0.564 fee), closed at 96 000 (0.576): +20 less 1.14.
    expect(last).toMatchObject({ entryPrice: '94000', closePrice: '96000', fee: '1.14' });
    expect(last.realizedPnl).toBe('18.860000');
  }, 60_000);
});
