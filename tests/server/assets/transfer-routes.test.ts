import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '../../../common/api.ts';
import { WALLETS } from '../../../server/ledger/accounts.ts';
import { shellContentRepository } from '../../../server/shell/repository.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { demoUserId, get, sessionFor } from '../requests.ts';

/** Wallet transfers (spec shell §7 "transfers", issue 9): one ledger txn per move, exact units, nothing on refusal. */
describe('wallet transfers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-moves-'));
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
  const transfer = (fields: Record<string, string | number>, headers = demo) =>
    post('/uc/asset-transfer/transfer', fields, headers);
  const available = (userId: number, wallet: (typeof WALLETS)[number], coin: string) =>
    t.server.exchange.accounts.pocketAmount({ userId, wallet }, coin);
  /** Every wallet of a user and the stored transfers: what a refused move must leave as it was. */
  const snapshot = async (userId: number) => {
    const wallets = WALLETS.map((w) => [w, [...t.server.exchange.accounts.walletBalancesOf(userId, w)]]);
    const rows = await t.db
      .withTables<{ wallet_transfers: { id: number } }>()
      .selectFrom('wallet_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return JSON.stringify({ wallets, rows: rows.n });
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { dataDir: dir });
    demoId = await demoUserId(t);
    demo = await sessionFor(t, demoId);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves spot money to the funds wallet as one transfer txn with exact units', async () => {
    const spot = available(demoId, 'spot', 'USDT');
    const res = await transfer({ coin: 'USDT', amount: '100.000001', from: 'spot', to: 'funds' });
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      coin: 'USDT',
      amount: '100.000001',
      from: 'spot',
      to: 'funds',
      createTime: expect.any(Number),
    });
    expect(available(demoId, 'spot', 'USDT')).toBe(spot - 100_000_001);
    expect(available(demoId, 'funds', 'USDT')).toBe(100_000_001);
    t.server.exchange.accounts.assertConserved();
    t.server.exchange.sync();
    const lines = await t.db
      .selectFrom('ledger_entries')
      .select(['account', 'amount', 'kind'])
      .where('txn_id', '=', `transfer:${body.data.id}`)
      .orderBy('amount')
      .execute();
    expect(lines).toEqual([
      { account: `user:${demoId}`, amount: -100_000_001, kind: 'transfer' },
      { account: `user:${demoId}:funds`, amount: 100_000_001, kind: 'transfer' },
    ]);
    const stored = await t.db
      .selectFrom('wallet_balances')
      .selectAll()
      .where('user_id', '=', demoId)
      .where('wallet', '=', 'funds')
      .execute();
    expect(stored).toEqual([{ user_id: demoId, wallet: 'funds', coin: 'USDT', available: 100_000_001, frozen: 0 }]);
  });

  it('moves between funds, contract and spot and back, conserving every coin', async () => {
    expect((await transfer({ coin: 'BTC', amount: '0.5', from: 'spot', to: 'funds' })).json().code).toBe(0);
    expect((await transfer({ coin: 'BTC', amount: '0.25', from: 'funds', to: 'contract' })).json().code).toBe(0);
    expect((await transfer({ coin: 'BTC', amount: '0.05', from: 'contract', to: 'spot' })).json().code).toBe(0);
    expect(available(demoId, 'funds', 'BTC')).toBe(25_000_000);
    expect(available(demoId, 'contract', 'BTC')).toBe(20_000_000);
    expect(available(demoId, 'spot', 'BTC')).toBe(200_000_000 - 50_000_000 + 5_000_000);
    t.server.exchange.accounts.assertConserved();
  });

  it('answers every coin with what each wallet holds, for the picker and max', async () => {
    const body = (await get(t, '/uc/asset-transfer/balances', demo)).json();
    expect(body.code).toBe(0);
    expect(body.data.wallets).toEqual(['funds', 'spot', 'contract', 'follow']);
    const btc = body.data.coins.find((c: { coin: string }) => c.coin === 'BTC');
    expect(btc).toEqual({
      coin: 'BTC',
      name: 'Bitcoin',
      logoUrl: '/coins/btc.svg',
      decimals: 8,
      available: { funds: '0.25', spot: '1.55', contract: '0.2', follow: '0' },
    });
  });

  it.each([
    [
      'the same wallet on both sides',
      { coin: 'USDT', amount: '1', from: 'spot', to: 'spot' },
      'The source and destination accounts must be different',
    ],
    ['an unknown wallet', { coin: 'USDT', amount: '1', from: 'spot', to: 'savings' }, 'Unknown account: savings'],
    ['an unknown coin', { coin: 'NOPE', amount: '1', from: 'spot', to: 'funds' }, 'Unknown coin: NOPE'],
    [
      'a negative amount',
      { coin: 'USDT', amount: '-5', from: 'spot', to: 'funds' },
      'Please enter an amount greater than 0',
    ],
    [
      'a zero amount',
      { coin: 'USDT', amount: '0.000', from: 'spot', to: 'funds' },
      'Please enter an amount greater than 0',
    ],
    [
      'an exponent',
      { coin: 'USDT', amount: '1e3', from: 'spot', to: 'funds' },
      'Please enter an amount greater than 0',
    ],
    [
      'too many decimals',
      { coin: 'USDT', amount: '1.0000001', from: 'spot', to: 'funds' },
      'USDT allows at most 6 decimals',
    ],
    [
      'more than available',
      { coin: 'USDT', amount: '100.000002', from: 'funds', to: 'spot' },
      'Insufficient balance: 100.000001 USDT available',
    ],
    [
      'an amount past the ledger range',
      { coin: 'USDT', amount: '99999999999999', from: 'spot', to: 'funds' },
      'The amount is too large',
    ],
    [
      'money that was never there',
      { coin: 'ETH', amount: '1', from: 'follow', to: 'spot' },
      'Insufficient balance: 0 ETH available',
    ],
  ])('refuses %s with a clear message and changes nothing', async (_name, fields, message) => {
    const before = await snapshot(demoId);
    const body = (await transfer(fields)).json();
    expect(body.code).not.toBe(0);
    expect(body.message).toBe(message);
    expect(await snapshot(demoId)).toBe(before);
    t.server.exchange.accounts.assertConserved();
  });

  it('refuses malformed input with the field it is about', async () => {
    const body = (await transfer({ coin: 'USDT', from: 'spot', to: 'funds' })).json();
    expect(body).toMatchObject({ code: ApiCode.badRequest, message: 'Invalid parameter: amount' });
  });

  it('answers refusals in the caller’s language', async () => {
    const body = (
      await transfer({ coin: 'USDT', amount: '1', from: 'spot', to: 'spot' }, { ...demo, lang: 'zh_CN' })
    ).json();
    expect(body.message).toBe('转出账户和转入账户不能相同');
  });

  it('offers and accepts the follow wallet only while copy trading is on', async () => {
    expect((await transfer({ coin: 'USDT', amount: '2', from: 'spot', to: 'follow' })).json().code).toBe(0);
    const content = shellContentRepository(t.db);
    await content.setConfig('index', 'followEnable', false);
    await content.setConfig('follow', 'status', 0);
    try {
      const before = await snapshot(demoId);
      const body = (await transfer({ coin: 'USDT', amount: '1', from: 'follow', to: 'spot' })).json();
      expect(body).toMatchObject({ code: ApiCode.forbidden });
      expect(body.message).toMatch(/Copy trading is not available/);
      expect(await snapshot(demoId)).toBe(before);
      const wallets = (await get(t, '/uc/asset-transfer/balances', demo)).json().data.wallets;
      expect(wallets).toEqual(['funds', 'spot', 'contract']);
      // Status 1 alone turns it on again (spec shell §4: hidden only when both are off).
      await content.setConfig('follow', 'status', 1);
      expect((await transfer({ coin: 'USDT', amount: '2', from: 'follow', to: 'funds' })).json().code).toBe(0);
    } finally {
      await content.setConfig('index', 'followEnable', true);
    }
  });

  it('serves the contract paths as the same operation, with the contract wallet on one side', async () => {
    const before = await snapshot(demoId);
    const refused = (
      await post('/uc/future-transfer/transfer', { coin: 'USDT', amount: '1', from: 'spot', to: 'funds' })
    ).json();
    expect(refused.message).toBe('This transfer must go to or from the contract account');
    expect(await snapshot(demoId)).toBe(before);
    const into = (
      await post('/uc/future-transfer/transfer', { coin: 'USDT', amount: '10', from: 'spot', to: 'contract' })
    ).json();
    expect(into).toMatchObject({ code: 0, data: { from: 'spot', to: 'contract', amount: '10' } });
    const back = (
      await post('/swap/wallet/trans', { unit: 'USDT', amount: '4.5', from: 'contract', to: 'spot' })
    ).json();
    expect(back).toMatchObject({ code: 0, data: { from: 'contract', to: 'spot', amount: '4.5', coin: 'USDT' } });
    expect(available(demoId, 'contract', 'USDT')).toBe(5_500_000);
  });

  it('moves once for a double submit with the same request id', async () => {
    const spot = available(demoId, 'spot', 'SOL');
    const fields = { coin: 'SOL', amount: '3', from: 'spot', to: 'funds', requestId: 'click-1' };
    const [a, b] = await Promise.all([transfer(fields), transfer(fields)]);
    expect(a.json().data.id).toBe(b.json().data.id);
    const again = (await transfer(fields)).json();
    expect(again.data.id).toBe(a.json().data.id);
    expect(available(demoId, 'spot', 'SOL')).toBe(spot - 300_000_000);
  });

  it('treats a blank request id as none: each submit is its own transfer', async () => {
    const spot = available(demoId, 'spot', 'SOL');
    const fields = { coin: 'SOL', amount: '1', from: 'spot', to: 'funds', requestId: '   ' };
    const a = (await transfer(fields)).json();
    const b = (await transfer(fields)).json();
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(b.data.id).toBe(a.data.id + 1);
    expect(available(demoId, 'spot', 'SOL')).toBe(spot - 200_000_000);
  });

  it('lists the user’s transfers newest first, 10 a page, with coin and wallet filters', async () => {
    for (const amount of ['1', '2', '3']) {
      expect((await transfer({ coin: 'USDC', amount, from: 'spot', to: 'funds' })).json().code).toBe(0);
    }
    const first = (await get(t, '/uc/asset-transfer/list', demo)).json().data;
    expect(first.pageSize).toBe(10);
    expect(first.records).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    const ids = first.records.map((r: { id: number }) => r.id);
    expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
    const second = (await get(t, '/uc/asset-transfer/list?pageNo=2', demo)).json().data;
    expect(second.records.length).toBe(first.total - 10);
    const btc = (await get(t, '/uc/asset-transfer/list?coin=btc', demo)).json().data;
    expect(btc.records.map((r: { amount: string }) => r.amount)).toEqual(['0.05', '0.25', '0.5']);
    const contract = (await get(t, '/uc/asset-transfer/list?wallet=contract&coin=BTC', demo)).json().data;
    expect(contract.total).toBe(2);
    const posted = (await post('/uc/asset-transfer/list', { pageNo: 1, pageSize: 2 })).json().data;
    expect(posted.records).toHaveLength(2);
  });

  it('shows other users none of them and needs a session', async () => {
    const other = await sessionFor(t, await createUser(t.db, 'moves-other'));
    const list = (await get(t, '/uc/asset-transfer/list', other)).json().data;
    expect(list).toEqual({ records: [], total: 0, pageNo: 1, pageSize: 10 });
    const res = await transfer({ coin: 'USDT', amount: '1', from: 'spot', to: 'funds' }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ApiCode.notLoggedIn);
  });

  it('keeps balances and records across a restart, and numbers on from the last record', async () => {
    const funds = available(demoId, 'funds', 'USDT');
    const last = (await get(t, '/uc/asset-transfer/list', demo)).json().data;
    await t.close();
    t = await buildTestApp({}, { dataDir: dir });
    demo = await sessionFor(t, demoId);
    expect(available(demoId, 'funds', 'USDT')).toBe(funds);
    expect((await get(t, '/uc/asset-transfer/list', demo)).json().data).toEqual(last);
    const next = (await transfer({ coin: 'USDT', amount: '1', from: 'funds', to: 'spot' })).json();
    expect(next.data.id).toBe(last.records[0].id + 1);
    t.server.exchange.accounts.assertConserved();
  });
});
