import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderType, Side } from '../../../common/trading.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import type { Db } from '../../../server/db/schema.ts';
import { Exchange } from '../../../server/exchange/index.ts';
import { Accounts, FEES_ACCOUNT, InsufficientFunds, type Move, WALLETS } from '../../../server/ledger/accounts.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { createUser } from '../helpers.ts';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(dir = mkdtempSync(join(tmpdir(), 'tickstream-wallets-'))) {
  dirs.push(dir);
  const db = await openDatabase(dir);
  dbs.push(db);
  return { dir, db, sqlite: sqliteOf(db) };
}

/** Every balance of every wallet of `users`, in a stable text form. */
function holdings(accounts: Accounts, users: readonly number[]): string {
  const out: string[] = [];
  for (const userId of users) {
    for (const wallet of WALLETS) {
      const rows = [...accounts.walletBalancesOf(userId, wallet)].sort(([a], [b]) => a.localeCompare(b));
      for (const [coin, b] of rows) out.push(`${userId} ${wallet} ${coin} ${b.available}/${b.frozen}`);
    }
  }
  for (const coin of ['BTC', 'USDT']) {
    for (const account of [FEES_ACCOUNT, 'deposits', 'withdrawals']) {
      out.push(`${account} ${coin} ${accounts.systemBalance(account, coin)}`);
    }
  }
  return out.join('\n');
}

describe('Accounts.transfer', () => {
  it('moves between wallets and system accounts with two lines per move', () => {
    const accounts = new Accounts();
    accounts.transfer('deposit:1', 1, [
      { from: { system: 'deposits' }, to: { userId: 7, wallet: 'funds' }, coin: 'USDT', amount: 500, kind: 'deposit' },
    ]);
    accounts.transfer('transfer:1', 2, [
      {
        from: { userId: 7, wallet: 'funds' },
        to: { userId: 7, wallet: 'spot' },
        coin: 'USDT',
        amount: 200,
        kind: 'transfer',
      },
    ]);
    expect(accounts.walletBalance(7, 'funds', 'USDT')).toMatchObject({ available: 300, frozen: 0 });
    expect(accounts.balance(7, 'USDT')).toMatchObject({ available: 200, frozen: 0 });
    expect(accounts.entries.map((e) => `${e.account} ${e.amount}`)).toEqual([
      'deposits -500',
      'user:7:funds 500',
      'user:7:funds -200',
      'user:7 200',
    ]);
    accounts.assertConserved();
  });

  it('refuses the whole set, changing nothing, when one pocket would go below zero', () => {
    const accounts = new Accounts();
    accounts.transfer('deposit:1', 1, [
      { from: { system: 'deposits' }, to: { userId: 1, wallet: 'funds' }, coin: 'BTC', amount: 100, kind: 'deposit' },
    ]);
    const before = holdings(accounts, [1]);
    const entries = accounts.entries.length;
    const withdraw: Move[] = [
      {
        from: { userId: 1, wallet: 'funds' },
        to: { system: 'withdrawals' },
        coin: 'BTC',
        amount: 60,
        kind: 'withdraw',
      },
      {
        from: { userId: 1, wallet: 'funds' },
        to: { system: FEES_ACCOUNT },
        coin: 'BTC',
        amount: 41,
        kind: 'withdraw_fee',
      },
    ];
    expect(() => accounts.transfer('withdraw:1', 2, withdraw)).toThrow(InsufficientFunds);
    expect(() =>
      accounts.transfer('x', 2, [
        { from: { userId: 1, wallet: 'funds' }, to: { userId: 1, wallet: 'funds' }, coin: 'BTC', amount: 1, kind: 'x' },
      ]),
    ).toThrow(RangeError);
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 2]) {
      expect(() =>
        accounts.transfer('x', 2, [
          { from: { userId: 1, wallet: 'funds' }, to: { userId: 1, wallet: 'spot' }, coin: 'BTC', amount, kind: 'x' },
        ]),
      ).toThrow(RangeError);
    }
    expect(holdings(accounts, [1])).toBe(before);
    expect(accounts.entries).toHaveLength(entries);
  });

  it('frees frozen money of a wallet only as far as it is frozen', () => {
    const accounts = new Accounts();
    const funds = { userId: 2, wallet: 'funds' } as const;
    accounts.transfer('d', 1, [{ from: { system: 'deposits' }, to: funds, coin: 'USDT', amount: 10, kind: 'deposit' }]);
    accounts.transfer('f', 1, [
      { from: funds, to: { ...funds, frozen: true }, coin: 'USDT', amount: 7, kind: 'withdraw_freeze' },
    ]);
    expect(() =>
      accounts.transfer('u', 1, [
        { from: { ...funds, frozen: true }, to: funds, coin: 'USDT', amount: 8, kind: 'withdraw_unfreeze' },
      ]),
    ).toThrow(InsufficientFunds);
    expect(accounts.walletBalance(2, 'funds', 'USDT')).toMatchObject({ available: 3, frozen: 7 });
  });
});

type Op =
  | { kind: 'deposit'; user: number; coin: 'BTC' | 'USDT'; amount: number }
  | { kind: 'transfer'; user: number; coin: 'BTC' | 'USDT'; from: number; to: number; amount: number }
  | { kind: 'send'; user: number; to: number; coin: 'BTC' | 'USDT'; amount: number }
  | { kind: 'order'; user: number; side: Side; price: number; quantity: number }
  | { kind: 'cancel'; user: number }
  | { kind: 'withdraw'; user: number; coin: 'BTC' | 'USDT'; amount: number; fee: number }
  | { kind: 'settle'; done: boolean };

const user = fc.integer({ min: 0, max: 2 });
const coin = fc.constantFrom<'BTC' | 'USDT'>('BTC', 'USDT');
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user, coin, amount: fc.integer({ min: 1, max: 10 ** 10 }) }),
  fc.record({
    kind: fc.constant('transfer' as const),
    user,
    coin,
    from: fc.integer({ min: 0, max: 3 }),
    to: fc.integer({ min: 0, max: 3 }),
    amount: fc.integer({ min: 1, max: 10 ** 9 }),
  }),
  fc.record({ kind: fc.constant('send' as const), user, to: user, coin, amount: fc.integer({ min: 1, max: 10 ** 9 }) }),
  fc.record({
    kind: fc.constant('order' as const),
    user,
    side: fc.constantFrom(Side.buy, Side.sell),
    price: fc.integer({ min: 5_990_000, max: 6_010_000 }),
    quantity: fc.integer({ min: 1000, max: 20_000 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), user }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    user,
    coin,
    amount: fc.integer({ min: 2, max: 10 ** 9 }),
    fee: fc.integer({ min: 0, max: 1000 }),
  }),
  fc.record({ kind: fc.constant('settle' as const), done: fc.boolean() }),
);

/**
 * Runs `ops` against a real exchange on SQLite: deposits, wallet transfers, member transfers, trades, withdrawals that
 * are frozen, then done or cancelled. A refused move must change nothing; every state must conserve every coin.
 */
async function run(ops: readonly Op[]): Promise<void> {
  const { db, sqlite } = await open();
  const users = [await createUser(db, 'a'), await createUser(db, 'b'), await createUser(db, 'c')];
  let now = 1000;
  const exchange = await Exchange.open(db, { clock: () => now, projectAfterMs: 3_600_000 });
  const pending: { userId: number; coin: string; amount: number; fee: number; id: number }[] = [];
  let txn = 0;
  const attempt = async (moves: Move[]) => {
    const before = holdings(exchange.accounts, users);
    try {
      await exchange.transact(`t:${++txn}`, moves, () => txn);
      return true;
    } catch (error) {
      if (!(error instanceof InsufficientFunds)) throw error;
      expect(holdings(exchange.accounts, users)).toBe(before);
      return false;
    }
  };
  for (const o of ops) {
    now += 10;
    const userId = users['user' in o ? o.user : 0] as number;
    const funds = { userId, wallet: 'funds' } as const;
    switch (o.kind) {
      case 'deposit':
        await attempt([{ from: { system: 'deposits' }, to: funds, coin: o.coin, amount: o.amount, kind: 'deposit' }]);
        break;
      case 'transfer': {
        const from = WALLETS[o.from] ?? 'funds';
        const to = WALLETS[o.to] ?? 'spot';
        if (from === to) break;
        await attempt([
          {
            from: { userId, wallet: from },
            to: { userId, wallet: to },
            coin: o.coin,
            amount: o.amount,
            kind: 'transfer',
          },
        ]);
        break;
      }
      case 'send': {
        const to = users[o.to] as number;
        if (to === userId) break;
        await attempt([
          {
            from: funds,
            to: { userId: to, wallet: 'funds' },
            coin: o.coin,
            amount: o.amount,
            kind: 'internal_transfer',
          },
        ]);
        break;
      }
      case 'order':
        await exchange.place({
          userId,
          symbol: 'BTC/USDT',
          side: o.side,
          type: OrderType.limit,
          price: o.price,
          quantity: o.quantity,
        });
        break;
      case 'cancel':
        await exchange.cancelAll(userId);
        break;
      case 'withdraw': {
        const frozen = { ...funds, frozen: true };
        const ok = await attempt([
          { from: funds, to: frozen, coin: o.coin, amount: o.amount, kind: 'withdraw_freeze' },
        ]);
        if (ok) pending.push({ userId, coin: o.coin, amount: o.amount, fee: Math.min(o.fee, o.amount - 1), id: txn });
        break;
      }
      case 'settle': {
        const w = pending.shift();
        if (!w) break;
        const frozen = { userId: w.userId, wallet: 'funds', frozen: true } as const;
        const moves: Move[] = o.done
          ? [
              { from: frozen, to: { system: 'withdrawals' }, coin: w.coin, amount: w.amount - w.fee, kind: 'withdraw' },
              ...(w.fee > 0
                ? [{ from: frozen, to: { system: FEES_ACCOUNT }, coin: w.coin, amount: w.fee, kind: 'withdraw_fee' }]
                : []),
            ]
          : [
              {
                from: frozen,
                to: { userId: w.userId, wallet: 'funds' },
                coin: w.coin,
                amount: w.amount,
                kind: 'withdraw_unfreeze',
              },
            ];
        // A frozen withdrawal always settles: its money cannot have gone anywhere else.
        expect(await attempt(moves)).toBe(true);
        break;
      }
    }
    exchange.accounts.assertConserved();
  }
  const held = holdings(exchange.accounts, users);
  exchange.close();
  expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  // A restart rebuilds exactly the same wallets from the disk.
  const reopened = await Exchange.open(db, { clock: () => now });
  expect(holdings(reopened.accounts, users)).toBe(held);
  reopened.accounts.assertConserved();
  reopened.close();
}

describe('asset moves on the exchange', () => {
  it('conserve every coin under any sequence of deposits, transfers, trades, withdrawals and cancels', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => run(ops)),
      { numRuns: 25 },
    );
  });

  it('writes a move and its record in one transaction: a refused write or move leaves neither', async () => {
    const { db, sqlite } = await open();
    const userId = await createUser(db, 'a');
    const exchange = await Exchange.open(db, { clock: () => 1000 });
    sqlite.exec('create table records (id integer primary key, note text not null)');
    const deposit = (amount: number): Move[] => [
      { from: { system: 'deposits' }, to: { userId, wallet: 'funds' }, coin: 'USDT', amount, kind: 'deposit' },
    ];
    const insert = (note: string | null) => (s: typeof sqlite) =>
      Number(s.prepare('insert into records (note) values (?)').run(note).lastInsertRowid);
    expect(await exchange.transact('deposit:1', deposit(5), insert('one'))).toBe(1);
    const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const journalRows = count('journal');
    const held = holdings(exchange.accounts, [userId]);
    // The record write fails: no ledger change.
    await expect(exchange.transact('deposit:2', deposit(5), insert(null))).rejects.toThrow();
    // The move is refused: the record rolls back.
    const withdraw: Move[] = [
      { from: { userId, wallet: 'funds' }, to: { system: 'withdrawals' }, coin: 'USDT', amount: 6, kind: 'withdraw' },
    ];
    await expect(exchange.transact('withdraw:1', withdraw, insert('two'))).rejects.toThrow(InsufficientFunds);
    expect(count('journal')).toBe(journalRows);
    expect(count('records')).toBe(1);
    expect(holdings(exchange.accounts, [userId])).toBe(held);
    // The journal carries on.
    expect(await exchange.transact('deposit:3', deposit(1), insert('three'))).toBe(2);
    exchange.close();
    expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  });
});
