import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '../../../common/api.ts';
import { div, fromUnits, mul, toUnits, truncate } from '../../../common/decimal.ts';
import { movesDb } from '../../../server/assets/moves-tables.ts';
import { QUICK_EXCHANGE_ACCOUNT, QUOTE_TTL_MS } from '../../../server/assets/quick-exchange.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { demoUserId, get, sessionFor } from '../requests.ts';

/** Quick exchange (spec shell §7 "quick exchange /uc/quick-exchange/add and price") in the spot wallet. */
describe('quick exchange', () => {
  let t: TestApp;
  let demoId: number;
  let demo: Record<string, string>;

  const post = (url: string, fields: Record<string, string | number>, headers = demo) =>
    t.server.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en_US', ...headers },
    });
  const price = async (query: string, headers = demo) =>
    (await get(t, `/uc/quick-exchange/price?${query}`, { lang: 'en_US', ...headers })).json();
  const spot = (userId: number, coin: string) =>
    t.server.exchange.accounts.pocketAmount({ userId, wallet: 'spot' }, coin);
  const snapshot = async () => {
    const rows = await movesDb(t.db)
      .selectFrom('quick_exchanges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return JSON.stringify({ spot: [...t.server.exchange.accounts.walletBalancesOf(demoId, 'spot')], rows: rows.n });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    demoId = await demoUserId(t);
    demo = await sessionFor(t, demoId);
  });
  afterAll(() => t.close());

  it('quotes from the market price less the spread, before the first trade at the market’s reference', async () => {
    const body = await price('from=BTC&to=USDT&amount=0.1');
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      from: 'BTC',
      to: 'USDT',
      price: '95000',
      rate: '94810',
      spread: '0.002',
      amount: '0.1',
      receive: '9481',
      validMs: QUOTE_TTL_MS,
      expiresAt: t.server.clock() + QUOTE_TTL_MS,
    });
    expect(body.data.quoteId).toMatch(/^[\w-]{16,}$/);
  });

  it('uses the inverse market, or goes through USDT when two coins have no market of their own', async () => {
    const inverse = (await price('from=USDT&to=BTC&amount=1000')).data;
    expect(inverse.price).toBe(div('1', '95000', 18));
    expect(inverse.rate).toBe(truncate(mul(inverse.price, '0.998'), 18));
    expect(inverse.receive).toBe(truncate(mul('1000', inverse.rate), 8));
    const direct = (await price('from=ETH&to=BTC')).data;
    expect(direct).toMatchObject({ price: '0.03579', amount: null, receive: null, quoteId: null });
    const hub = (await price('from=SOL&to=ETH&amount=2')).data;
    expect(hub.price).toBe(div('180', '3400', 18));
    expect(hub.receive).toBe(truncate(mul('2', hub.rate), 8));
  });

  it('follows the last trade once the market trades', async () => {
    const makerId = await createUser(t.db, 'qx-maker', await hashPassword('Maker1Pass'));
    await t.server.exchange.credit(makerId, 'ETH', 100_000_000, 'system:test', 'test:maker', 'test_grant');
    const maker = await sessionFor(t, makerId);
    const order = { symbol: 'ETH/USDT', price: '3500', amount: '0.01', type: 1 };
    expect((await post('/exchange/order/add', { ...order, direction: 2 }, maker)).json().code).toBe(0);
    expect((await post('/exchange/order/add', { ...order, direction: 1 })).json().code).toBe(0);
    await expect.poll(async () => (await price('from=ETH&to=USDT')).data.price).toBe('3500');
  });

  it('gives a visitor the rate without a quote', async () => {
    const body = await price('from=BTC&to=USDT&amount=1', {});
    expect(body.data).toMatchObject({ receive: '94810', quoteId: null, expiresAt: null });
  });

  it('converts exactly the quoted amount at the quoted rate, through the quick-exchange account', async () => {
    const quote = (await price('from=BTC&to=USDT&amount=0.1')).data;
    const [btc, usdt] = [spot(demoId, 'BTC'), spot(demoId, 'USDT')];
    const res = (
      await post('/uc/quick-exchange/add', { from: 'BTC', to: 'USDT', amount: '0.1', quoteId: quote.quoteId })
    ).json();
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ from: 'BTC', to: 'USDT', amount: '0.1', receive: '9481', rate: '94810' });
    expect(spot(demoId, 'BTC')).toBe(btc - 10_000_000);
    expect(spot(demoId, 'USDT')).toBe(usdt + 9_481_000_000);
    const accounts = t.server.exchange.accounts;
    expect(accounts.systemBalance(QUICK_EXCHANGE_ACCOUNT, 'BTC')).toBe(10_000_000);
    expect(accounts.systemBalance(QUICK_EXCHANGE_ACCOUNT, 'USDT')).toBe(-9_481_000_000);
    accounts.assertConserved();
    t.server.exchange.sync();
    const lines = await t.db
      .selectFrom('ledger_entries')
      .select(['account', 'coin', 'amount', 'kind'])
      .where('txn_id', '=', `convert:${res.data.id}`)
      .orderBy('coin')
      .orderBy('amount')
      .execute();
    expect(lines).toEqual([
      { account: `user:${demoId}`, coin: 'BTC', amount: -10_000_000, kind: 'quick_exchange' },
      { account: QUICK_EXCHANGE_ACCOUNT, coin: 'BTC', amount: 10_000_000, kind: 'quick_exchange' },
      { account: QUICK_EXCHANGE_ACCOUNT, coin: 'USDT', amount: -9_481_000_000, kind: 'quick_exchange' },
      { account: `user:${demoId}`, coin: 'USDT', amount: 9_481_000_000, kind: 'quick_exchange' },
    ]);
  });

  it('answers a double submit of one quote with the first conversion', async () => {
    const quote = (await price('from=USDT&to=SOL&amount=180')).data;
    const sol = spot(demoId, 'SOL');
    const fields = { from: 'USDT', to: 'SOL', amount: '180', quoteId: quote.quoteId };
    const [a, b] = await Promise.all([post('/uc/quick-exchange/add', fields), post('/uc/quick-exchange/add', fields)]);
    expect(a.json().code).toBe(0);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(spot(demoId, 'SOL')).toBe(sol + Number(toUnits(quote.receive, 8)));
  });

  it.each([
    ['the same coin twice', 'from=BTC&to=BTC&amount=1', 'Choose two different coins'],
    ['an unknown coin', 'from=BTC&to=NOPE&amount=1', 'Unknown coin: NOPE'],
    ['a negative amount', 'from=BTC&to=USDT&amount=-1', 'Please enter an amount greater than 0'],
    ['too many decimals', 'from=BTC&to=USDT&amount=0.000000001', 'BTC allows at most 8 decimals'],
    ['an amount that buys nothing', 'from=PEPE&to=BTC&amount=1', 'The amount is too small to receive any BTC'],
  ])('refuses to quote %s', async (_name, query, message) => {
    const body = await price(query);
    expect(body.code).not.toBe(0);
    expect(body.message).toBe(message);
  });

  it('refuses an expired quote, a changed amount or coin, another user’s quote and too little money', async () => {
    const other = await sessionFor(t, await createUser(t.db, 'qx-other'));
    const quote = (await price('from=ETH&to=USDT&amount=1')).data;
    const fields = { from: 'ETH', to: 'USDT', amount: '1', quoteId: quote.quoteId };
    const before = await snapshot();
    const cases: [Record<string, string>, Record<string, string>, string][] = [
      [{ ...fields, amount: '1.5' }, demo, 'The amount or coins differ from the quote, please refresh the price'],
      [{ ...fields, to: 'USDC' }, demo, 'The amount or coins differ from the quote, please refresh the price'],
      [{ ...fields, quoteId: 'made-up' }, demo, 'The quote has expired, please refresh the price'],
      [fields, other, 'The quote has expired, please refresh the price'],
    ];
    for (const [body, headers, message] of cases) {
      const res = (await post('/uc/quick-exchange/add', body, headers)).json();
      expect(res.code).not.toBe(0);
      expect(res.message).toBe(message);
    }
    t.advance(QUOTE_TTL_MS);
    const late = (await post('/uc/quick-exchange/add', fields)).json();
    expect(late.message).toBe('The quote has expired, please refresh the price');
    const big = (await price('from=ETH&to=USDT&amount=1000')).data;
    const poor = (await post('/uc/quick-exchange/add', { ...fields, amount: '1000', quoteId: big.quoteId })).json();
    expect(poor).toMatchObject({ code: ApiCode.insufficientBalance });
    expect(poor.message).toMatch(/^Insufficient balance: [\d.]+ ETH available$/);
    expect(await snapshot()).toBe(before);
    t.server.exchange.accounts.assertConserved();
  });

  it('lists the user’s conversions newest first, 10 a page, and no one else’s', async () => {
    const list = (await get(t, '/uc/quick-exchange/list', demo)).json().data;
    expect(list).toMatchObject({ total: 2, pageNo: 1, pageSize: 10 });
    expect(list.records.map((r: { from: string }) => r.from)).toEqual(['USDT', 'BTC']);
    const other = await sessionFor(t, await createUser(t.db, 'qx-nobody'));
    expect((await get(t, '/uc/quick-exchange/list', other)).json().data.total).toBe(0);
    expect((await get(t, '/uc/quick-exchange/list')).json().code).toBe(ApiCode.notLoggedIn);
  });

  it('lists the convertible coins with the spot wallet’s available', async () => {
    const coins = (await get(t, '/uc/quick-exchange/coins', demo)).json().data;
    expect(coins.length).toBeGreaterThan(20);
    const sol = coins.find((c: { coin: string }) => c.coin === 'SOL');
    expect(sol).toEqual({
      coin: 'SOL',
      name: 'Solana',
      logoUrl: '/coins/sol.svg',
      decimals: 8,
      available: fromUnits(BigInt(spot(demoId, 'SOL')), 8),
    });
  });
});
