import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { usersRepository } from '../../../server/auth/users-repository.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';

const USDT = 1_000_000;

/** A perpetual's candles and plates, in the shapes of the spot market routes. */
describe('contract market routes', () => {
  let t: TestApp;

  const login = async (username: string, password: string) => {
    const res = await t.server.inject({ method: 'POST', url: '/uc/login', payload: { username, password } });
    return { 'x-auth-token': res.json().data.token as string };
  };
  const open = async (headers: Record<string, string>, payload: Record<string, unknown>) => {
    const res = await t.server.inject({ method: 'POST', url: '/swap/order/open', headers, payload });
    expect(res.json().code).toBe(0);
  };
  const fund = (userId: number) =>
    t.server.exchange.transact(
      `test:${userId}`,
      [
        {
          from: { system: 'test' },
          to: { userId, wallet: 'contract' },
          coin: 'USDT',
          amount: 100_000 * USDT,
          kind: 'transfer',
        },
      ],
      () => undefined,
    );

  // Two sign-ins and a password hash: slow on a loaded machine, hence the hook's own timeout.
  beforeAll(async () => {
    t = await buildTestApp();
    const demoId = (await usersRepository(t.db).findByUsername('demo'))?.id ?? 0;
    const makerId = await createUser(t.db, 'plate-maker', await hashPassword('PlateMaker1'));
    await fund(demoId);
    await fund(makerId);
    const maker = await login('plate-maker', 'PlateMaker1');
    const demo = await login('demo', DEMO_ACCOUNT.password);
    await open(maker, { symbol: 'BTC/USDT', direction: 2, type: 1, entrustPrice: '95000.0', volume: 2000 });
    await open(maker, { symbol: 'BTC/USDT', direction: 1, type: 1, entrustPrice: '94000.0', volume: 300 });
    await open(demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 1000 });
  }, 60_000);
  afterAll(() => t.close());

  it('answers a contract’s candles and plates in the spot routes’ shapes', async () => {
    const history = await t.server.inject({ method: 'GET', url: '/swap/history?symbol=BTC_USDT&resolution=M1' });
    expect(history.json()).toMatchObject({ code: 0 });
    expect(history.json().data.at(-1).slice(1)).toEqual([95_000, 95_000, 95_000, 95_000, 1000]);
    const form = await t.server.inject({
      method: 'POST',
      url: '/swap/history',
      payload: { contractCoinId: 'BTC/USDT', resolution: 'M1', limit: 1 },
    });
    expect(form.json().data).toHaveLength(1);

    const mini = (await t.server.inject({ method: 'GET', url: '/swap/exchange-plate-mini?symbol=BTC/USDT' })).json();
    expect(mini.data).toMatchObject({
      symbol: 'BTC/USDT',
      ask: { direction: 'SELL', items: [{ price: '95000.0', amount: '1000' }], highestPrice: '95000.0' },
      bid: { direction: 'BUY', items: [{ price: '94000.0', amount: '300' }], lowestPrice: '94000.0' },
    });
    for (const url of ['/swap/exchange-plate', '/swap/exchange-plate-full']) {
      const plate = (await t.server.inject({ method: 'POST', url, payload: { symbol: 'BTC/USDT' } })).json();
      expect(plate.data.ask.items, url).toEqual([{ price: '95000.0', amount: '1000' }]);
    }
    const unknown = await t.server.inject({ method: 'GET', url: '/swap/exchange-plate-full?symbol=NOPE/USDT' });
    expect(unknown.json().code).not.toBe(0);
    const bad = await t.server.inject({ method: 'GET', url: '/swap/history?symbol=BTC/USDT&resolution=1m' });
    expect(bad.statusCode).toBe(400);
  });
});
