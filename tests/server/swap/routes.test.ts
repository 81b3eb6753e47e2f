import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '../../../common/api.ts';
import { liquidationPrice } from '../../../common/margin/liquidation.ts';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { usersRepository } from '../../../server/auth/users-repository.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';

const USDT = 1_000_000;

describe('perpetual contracts API', () => {
  let t: TestApp;
  let demo: Record<string, string>;
  let other: Record<string, string>;
  let demoId = 0;
  let otherId = 0;

  const call = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    t.server.inject({ method: 'POST', url, headers: { lang: 'en_US', ...headers }, ...(payload ? { payload } : {}) });
  const wallet = (userId: number) => ({ ...t.server.exchange.accounts.walletBalance(userId, 'contract', 'USDT') });
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

  beforeAll(async () => {
    t = await buildTestApp();
    demo = await login('demo', DEMO_ACCOUNT.password);
    demoId = (await usersRepository(t.db).findByUsername('demo'))?.id ?? 0;
    otherId = await createUser(t.db, 'trader2', await hashPassword('Trader2Pass'));
    other = await login('trader2', 'Trader2Pass');
    await fund(demoId, 20_000 * USDT);
    await fund(otherId, 100_000 * USDT);
    // A password hash and two sign-ins: slow on a loaded machine.
  }, 60_000);
  afterAll(() => t.close());

  it('lists the contracts for anyone (the header search’s contract tab)', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/swap/symbol-thumb' });
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.map((c: { symbol: string }) => c.symbol)).toEqual(
      expect.arrayContaining([
        'BTC/USDT',
        'ETH/USDT',
        'SOL/USDT',
        'XRP/USDT',
        'DOGE/USDT',
        'BNB/USDT',
        'ADA/USDT',
        'LTC/USDT',
      ]),
    );
    // No position yet: no open interest; no trade yet: no change.
    expect(body.data.every((c: { openInterest: number }) => c.openInterest === 0)).toBe(true);
    expect(body.data.every((c: { chg: number }) => c.chg === 0)).toBe(true);
  });

  it('answers a contract’s terms, and the user’s settings and wallet when signed in', async () => {
    const anon = await t.server.inject({ method: 'GET', url: '/swap/trade-init?symbol=BTC_USDT' });
    expect(anon.json().data).toMatchObject({
      contract: { symbol: 'BTC/USDT', canOpenLv1000: true, maxLeverage: 125 },
      settings: null,
    });
    expect(anon.json().data.contract.riskValues1000[0]).toEqual({ floor: '0', maxLeverage: 1000, mmr: '0.0005' });
    const mine = await t.server.inject({ method: 'GET', url: '/swap/trade-init?symbol=BTC_USDT', headers: demo });
    expect(mine.json().data.settings).toMatchObject({ marginModel: 1, positionClass: 2, leverageLong: 20 });
    expect(mine.json().data.wallet).toMatchObject({ coin: 'USDT', balance: '20000' });
  });

  it('needs a session for orders', async () => {
    const res = await call('/swap/order/open', {}, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 1 });
    expect(res.statusCode).toBe(401);
  });

  it('opens a 20× isolated long whose liquidation price is the shared module’s', async () => {
    expect((await call('/swap/order/switch-pattern', demo, { symbol: 'BTC/USDT', marginModel: 2 })).json().code).toBe(
      0,
    );
    const ask = await call('/swap/order/open', other, {
      symbol: 'BTC/USDT',
      direction: 2,
      type: 1,
      entrustPrice: '95000.0',
      volume: 2000,
    });
    expect(ask.json().code).toBe(0);
    const open = await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 1000 });
    expect(open.json()).toMatchObject({ code: 0, data: { dealVolume: 1000, averagePrice: '95000.0' } });
    const list = (await call('/swap/position-list', demo, {})).json();
    expect(list.data).toHaveLength(1);
    const position = list.data[0];
    expect(position).toMatchObject({ direction: 1, volume: 1000, marginModel: 2, leverage: 20, margin: '4750.000000' });
    const engine = t.server.exchange.swap.engine;
    const holding = engine.holdings.byPositionId(position.positionId);
    const set = holding && engine.marginSetOf(holding);
    const ticks = set ? liquidationPrice(set) : null;
    expect(position.liquidationPrice).toBe(ticks === null ? '' : `${Math.floor(ticks / 10)}.${ticks % 10}`);
    // The open interest counts the contracts held long: demo's 1000, against trader2's short of 1000.
    const thumbs = (await t.server.inject({ method: 'GET', url: '/swap/symbol-thumb' })).json().data;
    const interest = (symbol: string) => thumbs.find((c: { symbol: string }) => c.symbol === symbol)?.openInterest;
    expect(interest('BTC/USDT')).toBe(1000);
    expect(interest('ETH/USDT')).toBe(0);
    // Traded at its first price: no change yet.
    expect(thumbs.find((c: { symbol: string }) => c.symbol === 'BTC/USDT')?.chg).toBe(0);
  });

  it('refuses what it cannot do with a translated message, changing nothing', async () => {
    const before = wallet(demoId);
    const cases: [string, Record<string, unknown>, number][] = [
      ['/swap/order/open', { symbol: 'NOPE/USDT', direction: 1, type: 2, volume: 1 }, ApiCode.unknownContract],
      [
        '/swap/order/open',
        { symbol: 'BTC/USDT', direction: 1, type: 1, entrustPrice: '95000.01', volume: 1 },
        ApiCode.swapBadPrice,
      ],
      [
        '/swap/order/open',
        { symbol: 'BTC/USDT', direction: 1, type: 1, entrustPrice: '90000.0', volume: 1_000_000 },
        ApiCode.riskLimitExceeded,
      ],
      ['/swap/order/close', { symbol: 'BTC/USDT', direction: 2, type: 2, volume: 1 }, ApiCode.noPosition],
      ['/swap/order/modify-leverage', { symbol: 'ETH/USDT', leverage: 126 }, ApiCode.leverageNotAllowed],
      ['/swap/order/switch-pattern', { symbol: 'BTC/USDT', marginModel: 1 }, ApiCode.positionOrOrdersOpen],
      ['/swap/order/cancel', { orderId: 999_999 }, ApiCode.swapOrderNotFound],
    ];
    for (const [url, payload, code] of cases) {
      const res = await call(url, demo, payload);
      expect(res.json().code, url).toBe(code);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect(wallet(demoId)).toEqual(before);
    const zh = await t.server.inject({
      method: 'POST',
      url: '/swap/order/close',
      headers: { ...demo, lang: 'zh_CN' },
      payload: { symbol: 'BTC/USDT', direction: 2, type: 2, volume: 1 },
    });
    expect(zh.json().message).toBe('没有可平的仓位');
  });

  it('sets a whole TP/SL on the position, adds isolated margin, then closes it at market', async () => {
    const position = (await call('/swap/position-list', demo, {})).json().data[0];
    const tpsl = await call('/swap/order/position-take-profit-stop-loss', demo, {
      positionId: position.positionId,
      stopProfitPrice: '99000.0',
      stopLossPrice: '90000.0',
      triggerType: 1,
    });
    expect(tpsl.json().code).toBe(0);
    expect(tpsl.json().data.map((p: { planType: string }) => p.planType)).toEqual(['takeProfit', 'stopLoss']);
    const added = await call('/swap/order/ajust-principal', demo, {
      positionId: position.positionId,
      amount: '100',
      type: 1,
    });
    expect(added.json().code).toBe(0);
    expect((await call('/swap/position-list', demo, {})).json().data[0].margin).toBe('4850.000000');
    await call('/swap/order/open', other, {
      symbol: 'BTC/USDT',
      direction: 1,
      type: 1,
      entrustPrice: '94000.0',
      volume: 1000,
    });
    const closed = await call('/swap/order/close', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 1000 });
    expect(closed.json()).toMatchObject({ code: 0, data: { dealVolume: 1000, reduceOnly: true } });
    expect((await call('/swap/position-list', demo, {})).json().data).toEqual([]);
    expect((await call('/swap/order/current', demo, {})).json().data.plans).toEqual([]);
    t.server.exchange.accounts.assertConserved();
  });

  it('never lets margin that backs a cross position leave the contract wallet', async () => {
    const open = await call('/swap/order/open', other, {
      symbol: 'ETH/USDT',
      direction: 2,
      type: 1,
      entrustPrice: '3400.00',
      volume: 100,
    });
    expect(open.json().code).toBe(0);
    // Demo goes long 100 ETH contracts (1 ETH, 3 400 USDT) at 20× cross: 170 USDT of it is committed.
    expect(
      (await call('/swap/order/open', demo, { symbol: 'ETH/USDT', direction: 1, type: 2, volume: 100 })).json().code,
    ).toBe(0);
    const before = wallet(demoId);
    const all = (before.available / USDT).toFixed(6);
    const res = await call('/swap/wallet/trans', demo, { coin: 'USDT', amount: all, from: 'contract', to: 'spot' });
    expect(res.json().code).not.toBe(0);
    expect(wallet(demoId)).toEqual(before);
    const usable = (await call('/swap/wallet/balance', demo)).json().data[0].available;
    expect(
      (await call('/swap/wallet/trans', demo, { coin: 'USDT', amount: usable, from: 'contract', to: 'spot' })).json()
        .code,
    ).toBe(0);
  });

  it('lists contract bills by the spec’s types, and they add up to the contract wallet', async () => {
    const all: { type: number; amount: string }[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const res = await t.server.inject({
        method: 'GET',
        url: `/uc/member-bill/bill-list?wallet=contract&coin=USDT&pageSize=100&pageNo=${pageNo}`,
        headers: demo,
      });
      const page = res.json().data as { records: { type: number; amount: string }[]; total: number };
      all.push(...page.records);
      if (all.length >= page.total) break;
    }
    const types = new Set(all.map((b) => b.type));
    for (const type of [201, 204]) expect(types.has(type)).toBe(true);
    expect(types.has(0)).toBe(false);
    const units = all.reduce((sum, b) => sum + Math.round(Number(b.amount) * USDT), 0);
    const held = wallet(demoId);
    expect(units).toBe(held.available + held.frozen);
  });

  it('follows a market open with the TP/SL given with it, as two paired plans on the new position', async () => {
    await fund(demoId, 50_000 * USDT);
    const ask = { symbol: 'ETH/USDT', direction: 2, type: 1, entrustPrice: '3400.00', volume: 100 };
    expect((await call('/swap/order/open', other, ask)).json().code).toBe(0);
    const open = await call('/swap/order/open', demo, {
      symbol: 'ETH/USDT',
      direction: 1,
      type: 2,
      volume: 100,
      takeProfitPrice: '3600.00',
      stopLossPrice: '3300.00',
    });
    expect(open.json()).toMatchObject({ code: 0, data: { dealVolume: 100 } });
    const plans = (await call('/swap/order/current', demo, { symbol: 'ETH/USDT' })).json().data.plans;
    const legs = plans.map((p: { planType: string; triggerPrice: string }) => [p.planType, p.triggerPrice]);
    expect(legs).toEqual(
      expect.arrayContaining([
        ['takeProfit', '3600.00'],
        ['stopLoss', '3300.00'],
      ]),
    );
  });
});
