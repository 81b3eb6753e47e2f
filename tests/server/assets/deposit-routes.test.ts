import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import { ADDRESS_PATTERNS, NETWORKS } from '../../../server/assets/network-catalogue.ts';
import { sqliteOf } from '../../../server/db/database.ts';
import { coins } from '../../../server/db/seed/catalogue.ts';
import { DEPOSIT_MESSAGES } from '../../../server/errors/deposit-messages.ts';
import { translate } from '../../../server/errors/messages.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import type { TestApp } from '../helpers.ts';
import { buildDepositApp, deposit, funds, type Member, member, post, read, waitForDeposit } from './deposit-helpers.ts';

interface CoinRow {
  coin: string;
  canDeposit: boolean;
  canWithdraw: boolean;
  networks: { protocol: string; needMemo: boolean; memoType: string | null; addressPattern?: string }[];
}
interface AddressRow {
  coin: string;
  protocol: string;
  address: string;
  memo: string;
  memoType: string | null;
}
interface DepositRow {
  id: number;
  coin: string;
  protocol: string;
  amount: string;
  status: number;
  confirmations: number;
  requiredConfirmations: number;
  txHash: string;
}
interface DepositPage {
  records: DepositRow[];
  total: number;
  pageNo: number;
  pageSize: number;
  simulator: boolean;
}

/** Ledger lines of a transaction id, from the projected tables. */
function lines(t: TestApp, txn: string) {
  t.server.exchange.sync();
  return sqliteOf(t.db)
    .prepare('select kind, account, coin, amount from ledger_entries where txn_id = ? order by id')
    .all(txn) as { kind: string; account: string; coin: string; amount: number }[];
}

describe('coins and their networks (/uc/coin/list, /uc/coin/v2/list)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildDepositApp();
  });
  afterAll(() => t.close());

  it('lists every coin of the catalogue with its networks from the database, without a session', async () => {
    const list = await read(t, '/uc/coin/list');
    expect(list.code).toBe(0);
    const rows = list.data as CoinRow[];
    expect(rows.map((r) => r.coin)).toEqual(coins.map((c) => c.unit));
    const usdt = rows.find((r) => r.coin === 'USDT');
    expect(usdt?.networks.map((n) => n.protocol)).toEqual(['TRC20', 'ERC20', 'BEP20', 'SOL']);
    expect(rows.find((r) => r.coin === 'XRP')?.networks[0]).toMatchObject({ needMemo: true, memoType: 'TAG' });
  });

  it('adds the address rules and arrival time in v2, answering POST like GET', async () => {
    const v2 = await post(t, '/uc/coin/v2/list', {});
    expect(v2.code).toBe(0);
    const btc = (v2.data as (CoinRow & { usdRate: string })[]).find((r) => r.coin === 'BTC');
    expect(btc?.usdRate).toBe('95000');
    expect(btc?.networks[0]).toMatchObject({
      protocol: 'BTC',
      addressPattern: ADDRESS_PATTERNS.btc,
      confirmations: 2,
      arrivalSeconds: 1, // 2 confirmations of 50 ms
    });
  });

  it('hides what is suspended when asked for one purpose, and keeps it in the full list', async () => {
    await t.db
      .withTables<{ coin_networks: { coin: string; protocol: string; can_withdraw: number } }>()
      .updateTable('coin_networks')
      .set({ can_withdraw: 0 })
      .where('coin', '=', 'LINK')
      .execute();
    const forWithdraw = (await read(t, '/uc/coin/list?type=withdraw')).data as CoinRow[];
    expect(forWithdraw.some((r) => r.coin === 'LINK')).toBe(false);
    const all = (await read(t, '/uc/coin/list')).data as CoinRow[];
    expect(all.find((r) => r.coin === 'LINK')).toMatchObject({ canDeposit: true, canWithdraw: false });
    expect((await read(t, '/uc/coin/list?type=nonsense')).code).toBe(400);
  });
});

describe('deposit addresses (/uc/address/read, /uc/address/create)', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await buildDepositApp();
    alice = await member(t, 'alice');
    bob = await member(t, 'bob');
  });
  afterAll(() => t.close());

  it('reads null before the first address, then the same stored address every time', async () => {
    expect(await read(t, '/uc/address/read?coin=USDT&protocol=TRC20', alice.headers)).toMatchObject({
      code: 0,
      data: null,
    });
    const made = await post(t, '/uc/address/create', { coin: 'usdt', protocol: 'trc20' }, alice.headers);
    expect(made.code).toBe(0);
    const address = made.data as AddressRow;
    expect(address).toMatchObject({ coin: 'USDT', protocol: 'TRC20', memo: '', memoType: null });
    expect(address.address).toMatch(new RegExp(ADDRESS_PATTERNS.tron));
    expect((await post(t, '/uc/address/create', { coin: 'USDT', protocol: 'TRC20' }, alice.headers)).data).toEqual(
      address,
    );
    expect((await read(t, '/uc/address/read?coin=USDT&protocol=TRC20', alice.headers)).data).toEqual(address);
  });

  it('gives every user and network its own valid address; memo networks share one address, not the memo', async () => {
    const seen = new Set<string>();
    for (const n of NETWORKS) {
      for (const m of [alice, bob]) {
        const r = await post(t, '/uc/address/create', { coin: n.coin, protocol: n.protocol }, m.headers);
        expect(r.code, `${n.coin}/${n.protocol}`).toBe(0);
        const a = r.data as AddressRow;
        expect(a.address).toMatch(new RegExp(ADDRESS_PATTERNS[n.family]));
        if (n.memo) expect(a.memo).toMatch(/^\d{9}$/);
        else expect(a.memo).toBe('');
        const key = `${a.address} ${a.memo}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
    const xrpA = (await read(t, '/uc/address/read?coin=XRP&protocol=XRP', alice.headers)).data as AddressRow;
    const xrpB = (await read(t, '/uc/address/read?coin=XRP&protocol=XRP', bob.headers)).data as AddressRow;
    expect(xrpA.address).toBe(xrpB.address);
    expect(xrpA.memo).not.toBe(xrpB.memo);
  });

  it('makes one address when two requests race for it', async () => {
    const carol = await member(t, 'carol');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t, '/uc/address/create', { coin: 'SOL', protocol: 'SOL' }, carol.headers)),
    );
    expect(new Set(answers.map((a) => (a.data as AddressRow).address)).size).toBe(1);
  });

  it('refuses an unknown coin or network, a missing field, and a visitor', async () => {
    expect(await post(t, '/uc/address/create', { coin: 'USDT', protocol: 'XRP' }, alice.headers)).toMatchObject({
      code: 4501,
      message: 'USDT is not supported on the XRP network',
    });
    expect((await post(t, '/uc/address/create', { coin: 'DOGEX', protocol: 'DOGE' }, alice.headers)).code).toBe(4501);
    expect((await post(t, '/uc/address/create', { coin: 'USDT' }, alice.headers)).code).toBe(400);
    expect((await post(t, '/uc/address/create', { coin: 'USDT', protocol: 'TRC20' })).code).toBe(4000);
    expect((await read(t, '/uc/address/read?coin=USDT&protocol=TRC20')).code).toBe(4000);
  });
});

describe('the deposit simulator and deposit records', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await buildDepositApp();
    alice = await member(t, 'alice');
    bob = await member(t, 'bob');
  });
  afterAll(() => t.close());

  it('records a deposit to an address as pending 0/N and credits the funds wallet exactly once at N', async () => {
    const { address } = (await post(t, '/uc/address/create', { coin: 'USDT', protocol: 'ERC20' }, alice.headers))
      .data as AddressRow;
    const sent = await post(t, '/dev/assets/deposit', {
      address: address.toUpperCase().replace('0X', '0x'),
      amount: '1234.5',
    });
    expect(sent.code, sent.message).toBe(0);
    const d = sent.data as DepositRow;
    expect(d).toMatchObject({ coin: 'USDT', protocol: 'ERC20', amount: '1234.5', status: 0, confirmations: 0 });
    expect(d.requiredConfirmations).toBe(12);
    expect(d.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await funds(t, alice.id, 'USDT')).toEqual({ available: '0', frozen: '0' });

    // Five confirmations' worth of clock: 5/12, still pending, nothing credited.
    t.advance(5 * 50);
    await vi.waitFor(async () => {
      const info = (await read(t, `/uc/recharge/info?id=${d.id}`, alice.headers)).data as DepositRow;
      expect(info.confirmations).toBe(5);
    });
    expect(await funds(t, alice.id, 'USDT')).toEqual({ available: '0', frozen: '0' });

    await waitForDeposit(t, d.id, 1);
    const done = (await read(t, `/uc/recharge/info?id=${d.id}`, alice.headers)).data as DepositRow;
    expect(done).toMatchObject({ status: 1, confirmations: 12 });
    expect(await funds(t, alice.id, 'USDT')).toEqual({ available: '1234.5', frozen: '0' });
    // Time goes on; the deposit is never credited again.
    for (let i = 0; i < 5; i++) {
      t.advance(1000);
      await new Promise((r) => setTimeout(r, 60));
    }
    expect(await funds(t, alice.id, 'USDT')).toEqual({ available: '1234.5', frozen: '0' });
    expect(lines(t, `deposit:${d.id}`)).toEqual([
      { kind: 'deposit', account: 'deposits', coin: 'USDT', amount: -1_234_500_000 },
      { kind: 'deposit', account: `user:${alice.id}:funds`, coin: 'USDT', amount: 1_234_500_000 },
    ]);
    t.server.exchange.accounts.assertConserved();
    expect(auditLedger(sqliteOf(t.db))).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  });

  it('sends to a user by coin, network and uid or e-mail, making the address when there is none', async () => {
    const byUid = await post(t, '/dev/assets/deposit', { coin: 'BTC', protocol: 'BTC', uid: bob.uid, amount: '0.5' });
    expect(byUid.code, byUid.message).toBe(0);
    const byEmail = await post(t, '/dev/assets/deposit', {
      coin: 'BTC',
      protocol: 'BTC',
      email: bob.email.toUpperCase(),
      amount: '0.25',
    });
    expect(byEmail.code, byEmail.message).toBe(0);
    await waitForDeposit(t, (byEmail.data as DepositRow).id, 1);
    await waitForDeposit(t, (byUid.data as DepositRow).id, 1);
    expect(await funds(t, bob.id, 'BTC')).toEqual({ available: '0.75', frozen: '0' });
    const address = (await read(t, '/uc/address/read?coin=BTC&protocol=BTC', bob.headers)).data as AddressRow;
    expect(address.address).toMatch(/^bc1q/);
  });

  it('needs the memo of a memo network, and credits the memo’s owner', async () => {
    const a = (await post(t, '/uc/address/create', { coin: 'XLM', protocol: 'XLM' }, alice.headers)).data as AddressRow;
    const b = (await post(t, '/uc/address/create', { coin: 'XLM', protocol: 'XLM' }, bob.headers)).data as AddressRow;
    expect(a.address).toBe(b.address);
    expect(await post(t, '/dev/assets/deposit', { address: a.address, amount: '10' })).toMatchObject({
      code: 4503,
      message: 'This network needs a memo, or the funds will be lost',
    });
    expect((await post(t, '/dev/assets/deposit', { address: a.address, memo: '1', amount: '10' })).code).toBe(4518);
    const sent = await post(t, '/dev/assets/deposit', { address: b.address, memo: b.memo, amount: '10' });
    expect(sent.code).toBe(0);
    await waitForDeposit(t, (sent.data as DepositRow).id, 1);
    expect(await funds(t, bob.id, 'XLM')).toEqual({ available: '10', frozen: '0' });
    expect(await funds(t, alice.id, 'XLM')).toEqual({ available: '0', frozen: '0' });
  });

  it('refuses bad amounts and unknown targets, recording nothing', async () => {
    const { address } = (await post(t, '/uc/address/create', { coin: 'USDT', protocol: 'TRC20' }, alice.headers))
      .data as AddressRow;
    const before = ((await read(t, '/uc/recharge/list', alice.headers)).data as DepositPage).total;
    const cases: [Record<string, string>, number, string][] = [
      [{ address, amount: '-5' }, 4505, 'Enter a valid amount greater than 0'],
      [{ address, amount: '0' }, 4505, 'Enter a valid amount greater than 0'],
      [{ address, amount: 'abc' }, 4505, 'Enter a valid amount greater than 0'],
      [{ address, amount: '1.1234567' }, 4506, 'USDT amounts have at most 6 decimals'],
      [{ address, amount: '0.5' }, 4507, 'The minimum deposit is 1 USDT'],
      [{ address, amount: '99999999999999999999' }, 4508, 'The amount is too large'],
      [{ address: 'TUnknownUnknownUnknownUnknownUnkno', amount: '5' }, 4518, ''],
      [{ coin: 'USDT', protocol: 'TRC20', uid: '00000000', amount: '5' }, 4518, ''],
      [{ coin: 'USDT', protocol: 'TRC20', amount: '5' }, 400, ''],
    ];
    for (const [fields, code, message] of cases) {
      const r = await post(t, '/dev/assets/deposit', fields, { lang: 'en_US' });
      expect(r.code, JSON.stringify(fields)).toBe(code);
      if (message) expect(r.message).toBe(message);
    }
    expect(((await read(t, '/uc/recharge/list', alice.headers)).data as DepositPage).total).toBe(before);
  });

  it('answers in the reader’s language', async () => {
    const r = await post(
      t,
      '/dev/assets/deposit',
      { coin: 'USDT', protocol: 'TRC20', uid: alice.uid, amount: '0.1' },
      {
        lang: 'zh_CN',
      },
    );
    expect(r).toMatchObject({ code: 4507, message: '最小充值数量为 1 USDT' });
  });

  it('lists a user’s own deposits, newest first, 10 a page, with a coin filter and the simulator flag', async () => {
    const dave = await member(t, 'dave');
    for (let i = 1; i <= 12; i++) {
      const coin = i % 3 === 0 ? 'SOL' : 'USDT';
      const protocol = coin === 'SOL' ? 'SOL' : 'TRC20';
      expect((await post(t, '/dev/assets/deposit', { coin, protocol, uid: dave.uid, amount: String(i) })).code).toBe(0);
    }
    const first = (await read(t, '/uc/recharge/list', dave.headers)).data as DepositPage;
    expect(first).toMatchObject({ total: 12, pageNo: 1, pageSize: 10, simulator: true });
    expect(first.records.map((r) => r.amount)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
    const second = (await post(t, '/uc/recharge/list', { pageNo: 2 }, dave.headers)).data as DepositPage;
    expect(second.records.map((r) => r.amount)).toEqual(['2', '1']);
    const sol = (await read(t, '/uc/recharge/list?coin=sol', dave.headers)).data as DepositPage;
    expect(sol.records.map((r) => r.amount)).toEqual(['12', '9', '6', '3']);
    // Someone else's records are not there, and their ids are not found.
    expect(
      ((await read(t, '/uc/recharge/list', bob.headers)).data as DepositPage).records.every((r) => r.coin !== 'SOL'),
    ).toBe(true);
    const daves = first.records[0]?.id ?? 0;
    expect(await read(t, `/uc/recharge/info?id=${daves}`, bob.headers)).toMatchObject({
      code: 404,
      message: 'Deposit record not found',
    });
    expect((await read(t, `/uc/recharge/info?id=${daves}`, { ...bob.headers, lang: 'ja' })).message).toBe(
      '入金記録が見つかりません',
    );
    expect((await read(t, '/uc/recharge/info?id=0', bob.headers)).code).toBe(400);
    expect((await read(t, '/uc/recharge/info?id=abc', bob.headers)).code).toBe(400);
    expect((await read(t, '/uc/recharge/list?pageSize=1000', bob.headers)).code).toBe(400);
    expect((await read(t, '/uc/recharge/list')).code).toBe(4000);
  });
});

describe('deposits across a restart', () => {
  it('resumes pending deposits and credits each exactly once, on the same data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickstream-deposit-restart-'));
    try {
      let t = await buildDepositApp({}, { dataDir: dir });
      const erin = await member(t, 'erin');
      const confirmed = await deposit(t, erin, 'ETH', 'ERC20', '1.5');
      const pending = (
        await post(t, '/dev/assets/deposit', { coin: 'ETH', protocol: 'ERC20', uid: erin.uid, amount: '2' })
      ).data as DepositRow;
      t.advance(3 * 50);
      await vi.waitFor(async () => {
        const row = (await read(t, `/uc/recharge/info?id=${pending.id}`, erin.headers)).data as DepositRow;
        expect(row.confirmations).toBe(3);
      });
      await t.close();

      // The clock of the second run starts where the test clock starts: the deposit goes on from 3/12.
      t = await buildDepositApp({}, { dataDir: dir });
      const headers = erin.headers;
      expect(await funds(t, erin.id, 'ETH')).toEqual({ available: '1.5', frozen: '0' });
      const resumed = (await read(t, `/uc/recharge/info?id=${pending.id}`, headers)).data as DepositRow;
      expect(resumed).toMatchObject({ status: 0, confirmations: 3 });
      await waitForDeposit(t, pending.id, 1);
      expect(await funds(t, erin.id, 'ETH')).toEqual({ available: '3.5', frozen: '0' });
      await t.close();

      t = await buildDepositApp({}, { dataDir: dir });
      t.advance(60_000);
      await new Promise((r) => setTimeout(r, 200));
      expect(await funds(t, erin.id, 'ETH')).toEqual({ available: '3.5', frozen: '0' });
      for (const id of [confirmed, pending.id]) expect(lines(t, `deposit:${id}`)).toHaveLength(2);
      t.server.exchange.accounts.assertConserved();
      expect(auditLedger(sqliteOf(t.db))).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
      await t.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('production mode', () => {
  it('has no deposit simulator and says so', async () => {
    const t = await buildDepositApp({ production: true });
    try {
      const alice = await member(t, 'alice');
      const r = await post(t, '/dev/assets/deposit', { coin: 'USDT', protocol: 'TRC20', uid: alice.uid, amount: '5' });
      expect(r.code).not.toBe(0);
      expect(((await read(t, '/uc/recharge/list', alice.headers)).data as DepositPage).simulator).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('the messages of the deposit part', () => {
  it('reach the merged message table unchanged, in the seven languages, each with the English placeholders', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, texts] of Object.entries(DEPOSIT_MESSAGES)) {
      for (const lang of LANGS) {
        // No other part's message took the key: the table answers this part's text.
        expect(translate(key as keyof typeof DEPOSIT_MESSAGES, lang), `${key} ${lang}`).toBe(texts[lang]);
        expect(names(texts[lang]), `${key} ${lang}`).toEqual(names(texts.en_US));
        if (lang !== 'en_US') expect(texts[lang], `${key} ${lang}`).not.toBe(texts.en_US);
      }
    }
  });
});
