import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Accounts, type Entry, FEES_ACCOUNT, InsufficientFunds } from '../../../server/ledger/accounts.ts';

const T = 1_000;

/** Sum of amounts per key. */
function sums(entries: readonly Entry[], key: (e: Entry) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of entries) out.set(key(e), (out.get(key(e)) ?? 0) + e.amount);
  return out;
}

/** Every transaction's entries sum to zero per coin. */
function expectBalancedTxns(accounts: Accounts): void {
  for (const [key, sum] of sums(accounts.entries, (e) => `${e.txn} ${e.coin}`)) expect(sum, key).toBe(0);
}

/** Every balance, user and system, equals the sum of its entries. */
function expectBalancesFollowEntries(accounts: Accounts, users: readonly number[], coins: readonly string[]): void {
  const byAccount = sums(accounts.entries, (e) => `${e.account} ${e.coin}`);
  for (const userId of users) {
    for (const coin of coins) {
      const b = accounts.balancesOf(userId).get(coin);
      expect(b?.available ?? 0, `user ${userId} ${coin} available`).toBe(byAccount.get(`user:${userId} ${coin}`) ?? 0);
      expect(b?.frozen ?? 0, `user ${userId} ${coin} frozen`).toBe(byAccount.get(`user:${userId}:frozen ${coin}`) ?? 0);
    }
  }
  for (const coin of coins) {
    for (const account of [FEES_ACCOUNT, 'deposits']) {
      expect(accounts.systemBalance(account, coin), `${account} ${coin}`).toBe(
        byAccount.get(`${account} ${coin}`) ?? 0,
      );
    }
  }
}

/** Everything observable about the accounts, to show that a refused or failed call changed nothing. */
function snapshot(accounts: Accounts, users: readonly number[]): string {
  return JSON.stringify({
    users: users.map((u) => [...accounts.balancesOf(u)].map(([coin, b]) => [coin, b.available, b.frozen])),
    entries: accounts.entries,
    dirty: accounts.dirty.size,
    dirtySystem: [...accounts.dirtySystem],
    totals: [...accounts.totals()],
  });
}

function funded(): Accounts {
  const accounts = new Accounts();
  accounts.credit(1, 'USDT', 1_000, 'deposits', 'dep:1', 'deposit', T);
  accounts.credit(2, 'BTC', 50, 'deposits', 'dep:2', 'deposit', T);
  return accounts;
}

describe('credit', () => {
  it('moves money from a system account to a user, in two lines that sum to zero', () => {
    const accounts = funded();
    expect(accounts.balancesOf(1).get('USDT')).toMatchObject({ available: 1_000, frozen: 0 });
    expect(accounts.systemBalance('deposits', 'USDT')).toBe(-1_000);
    expect(accounts.entries.filter((e) => e.txn === 'dep:1')).toEqual([
      { txn: 'dep:1', kind: 'deposit', userId: 1, account: 'user:1', coin: 'USDT', amount: 1_000, time: T },
      { txn: 'dep:1', kind: 'deposit', userId: null, account: 'deposits', coin: 'USDT', amount: -1_000, time: T },
    ]);
    expect(accounts.totals().get('USDT')).toEqual({ available: 1_000, frozen: 0, fees: 0, external: 1_000 });
    expectBalancedTxns(accounts);
  });

  it('refuses amounts that are not positive safe integers', () => {
    const accounts = funded();
    const before = snapshot(accounts, [1, 2]);
    for (const amount of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => accounts.credit(1, 'USDT', amount, 'deposits', 'x', 'deposit', T)).toThrow(RangeError);
    }
    expect(snapshot(accounts, [1, 2])).toBe(before);
  });
});

describe('freeze', () => {
  it('reserves available money in two lines', () => {
    const accounts = funded();
    expect(accounts.freeze(1, 'USDT', 1_000, 'order:1', T)).toBe(true);
    expect(accounts.balancesOf(1).get('USDT')).toMatchObject({ available: 0, frozen: 1_000 });
    expect(accounts.entries.filter((e) => e.txn === 'order:1').map((e) => [e.account, e.amount])).toEqual([
      ['user:1', -1_000],
      ['user:1:frozen', 1_000],
    ]);
    expectBalancedTxns(accounts);
    accounts.assertConserved();
  });

  it('refuses more than is available and changes nothing, not even an empty balance row', () => {
    const accounts = funded();
    const before = snapshot(accounts, [1, 2, 3]);
    expect(accounts.freeze(1, 'USDT', 1_001, 'order:1', T)).toBe(false);
    expect(accounts.freeze(1, 'BTC', 1, 'order:2', T)).toBe(false);
    expect(accounts.freeze(3, 'USDT', 1, 'order:3', T)).toBe(false);
    expect(snapshot(accounts, [1, 2, 3])).toBe(before);
    expect(accounts.balancesOf(1).has('BTC')).toBe(false);
    expect(accounts.balancesOf(3).size).toBe(0);
  });

  it('throws on a bad amount', () => {
    const accounts = funded();
    for (const amount of [0, -1, 0.5, Number.NaN])
      expect(() => accounts.freeze(1, 'USDT', amount, 'o', T)).toThrow(RangeError);
  });
});

describe('unfreeze', () => {
  it('gives reserved money back', () => {
    const accounts = funded();
    accounts.freeze(1, 'USDT', 600, 'order:1', T);
    accounts.unfreeze(1, 'USDT', 250, 'order:1', T);
    expect(accounts.balancesOf(1).get('USDT')).toMatchObject({ available: 650, frozen: 350 });
    expectBalancedTxns(accounts);
    accounts.assertConserved();
  });

  it('throws beyond what is frozen and changes nothing', () => {
    const accounts = funded();
    accounts.freeze(1, 'USDT', 600, 'order:1', T);
    const before = snapshot(accounts, [1, 2]);
    expect(() => accounts.unfreeze(1, 'USDT', 601, 'order:1', T)).toThrow(InsufficientFunds);
    expect(() => accounts.unfreeze(2, 'BTC', 1, 'order:2', T)).toThrow(InsufficientFunds);
    expect(() => accounts.unfreeze(1, 'USDT', -1, 'order:1', T)).toThrow(RangeError);
    expect(snapshot(accounts, [1, 2])).toBe(before);
  });

  it('does nothing for zero', () => {
    const accounts = funded();
    const before = snapshot(accounts, [1, 2]);
    accounts.unfreeze(1, 'USDT', 0, 'order:1', T);
    expect(snapshot(accounts, [1, 2])).toBe(before);
  });
});

describe('payFromFrozen', () => {
  it("pays from the payer's frozen balance to the payee, the fee to the fees account", () => {
    const accounts = funded();
    accounts.freeze(1, 'USDT', 800, 'order:1', T);
    accounts.payFromFrozen(1, 2, 'USDT', 500, 3, 'trade:1', T);
    expect(accounts.balancesOf(1).get('USDT')).toMatchObject({ available: 200, frozen: 300 });
    expect(accounts.balancesOf(2).get('USDT')).toMatchObject({ available: 497, frozen: 0 });
    expect(accounts.systemBalance(FEES_ACCOUNT, 'USDT')).toBe(3);
    const lines = accounts.entries.filter((e) => e.txn === 'trade:1');
    expect(lines.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(lines.filter((e) => e.account === FEES_ACCOUNT).map((e) => e.amount)).toEqual([3]);
    expect(accounts.totals().get('USDT')).toEqual({ available: 697, frozen: 300, fees: 3, external: 1_000 });
    expectBalancedTxns(accounts);
    expectBalancesFollowEntries(accounts, [1, 2], ['USDT', 'BTC']);
    accounts.assertConserved();
  });

  it('writes no fee line when there is no fee', () => {
    const accounts = funded();
    accounts.freeze(2, 'BTC', 50, 'order:1', T);
    accounts.payFromFrozen(2, 1, 'BTC', 50, 0, 'trade:1', T);
    expect(accounts.entries.filter((e) => e.txn === 'trade:1').map((e) => [e.account, e.amount])).toEqual([
      ['user:2:frozen', -50],
      ['user:1', 50],
    ]);
    expect(accounts.systemBalance(FEES_ACCOUNT, 'BTC')).toBe(0);
  });

  it('throws beyond what is frozen, or on a fee the payment cannot cover, and changes nothing', () => {
    const accounts = funded();
    accounts.freeze(1, 'USDT', 100, 'order:1', T);
    const before = snapshot(accounts, [1, 2, 3]);
    expect(() => accounts.payFromFrozen(1, 2, 'USDT', 101, 0, 'trade:1', T)).toThrow(InsufficientFunds);
    expect(() => accounts.payFromFrozen(3, 2, 'USDT', 1, 0, 'trade:2', T)).toThrow(InsufficientFunds);
    // A fee above the payment would leave the payee below zero.
    expect(() => accounts.payFromFrozen(1, 3, 'USDT', 10, 11, 'trade:3', T)).toThrow(RangeError);
    expect(() => accounts.payFromFrozen(1, 2, 'USDT', 10, -1, 'trade:4', T)).toThrow(RangeError);
    expect(() => accounts.payFromFrozen(1, 2, 'USDT', 10, 0.5, 'trade:5', T)).toThrow(RangeError);
    expect(() => accounts.payFromFrozen(1, 2, 'USDT', -10, 0, 'trade:6', T)).toThrow(RangeError);
    expect(snapshot(accounts, [1, 2, 3])).toBe(before);
    accounts.assertConserved();
  });

  it('does nothing for zero', () => {
    const accounts = funded();
    const before = snapshot(accounts, [1, 2]);
    accounts.payFromFrozen(1, 2, 'USDT', 0, 0, 'trade:1', T);
    expect(snapshot(accounts, [1, 2])).toBe(before);
  });
});

describe('conservation', () => {
  it('totals count available, frozen, fees and what came in from outside, per coin', () => {
    const accounts = funded();
    accounts.credit(1, 'BTC', 7, 'system:funding', 'fund:1', 'funding', T);
    accounts.freeze(1, 'USDT', 400, 'order:1', T);
    accounts.payFromFrozen(1, 2, 'USDT', 400, 4, 'trade:1', T);
    accounts.freeze(2, 'BTC', 10, 'order:2', T);
    accounts.payFromFrozen(2, 1, 'BTC', 10, 1, 'trade:1', T);
    expect(Object.fromEntries(accounts.totals())).toEqual({
      USDT: { available: 996, frozen: 0, fees: 4, external: 1_000 },
      BTC: { available: 56, frozen: 0, fees: 1, external: 57 },
    });
    accounts.assertConserved();
    expectBalancedTxns(accounts);
    expectBalancesFollowEntries(accounts, [1, 2], ['USDT', 'BTC']);
  });

  it('assertConserved fails when money appears without an entry, or a balance goes negative', () => {
    const appeared = funded();
    appeared.restore(1, 'USDT', 1_001, 0);
    expect(() => appeared.assertConserved()).toThrow(/USDT not conserved/);

    const negative = funded();
    negative.restore(2, 'BTC', 60, -10);
    expect(() => negative.assertConserved()).toThrow(InsufficientFunds);
  });

  it('holds over any sequence of credits, freezes, unfreezes and payments', () => {
    const users = [1, 2, 3];
    const coins = ['BTC', 'USDT'];
    const user = fc.constantFrom(...users);
    const coin = fc.constantFrom(...coins);
    const amount = fc.integer({ min: 1, max: 500 });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('credit' as const), user, coin, amount }),
      fc.record({ kind: fc.constant('freeze' as const), user, coin, amount }),
      fc.record({ kind: fc.constant('unfreeze' as const), user, coin, amount }),
      fc.record({
        kind: fc.constant('pay' as const),
        user,
        payee: user,
        coin,
        amount,
        feePercent: fc.integer({ min: 0, max: 100 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const accounts = new Accounts();
        // A model of what each balance should be.
        const model = new Map<string, { available: number; frozen: number }>();
        const of = (u: number, c: string) => {
          const key = `${u} ${c}`;
          let m = model.get(key);
          if (!m) {
            m = { available: 0, frozen: 0 };
            model.set(key, m);
          }
          return m;
        };
        let fees = 0;
        ops.forEach((o, i) => {
          const txn = `t${i}`;
          const m = of(o.user, o.coin);
          if (o.kind === 'credit') {
            accounts.credit(o.user, o.coin, o.amount, 'deposits', txn, 'deposit', T);
            m.available += o.amount;
          } else if (o.kind === 'freeze') {
            const ok = accounts.freeze(o.user, o.coin, o.amount, txn, T);
            expect(ok).toBe(m.available >= o.amount);
            if (ok) {
              m.available -= o.amount;
              m.frozen += o.amount;
            }
          } else if (o.kind === 'unfreeze') {
            if (o.amount > m.frozen) {
              expect(() => accounts.unfreeze(o.user, o.coin, o.amount, txn, T)).toThrow(InsufficientFunds);
            } else {
              accounts.unfreeze(o.user, o.coin, o.amount, txn, T);
              m.frozen -= o.amount;
              m.available += o.amount;
            }
          } else {
            const fee = Math.floor((o.amount * o.feePercent) / 100);
            if (o.amount > m.frozen) {
              expect(() => accounts.payFromFrozen(o.user, o.payee, o.coin, o.amount, fee, txn, T)).toThrow(
                InsufficientFunds,
              );
            } else {
              accounts.payFromFrozen(o.user, o.payee, o.coin, o.amount, fee, txn, T);
              m.frozen -= o.amount;
              of(o.payee, o.coin).available += o.amount - fee;
              fees += fee;
            }
          }
          accounts.assertConserved();
        });
        for (const [key, m] of model) {
          const [u, c] = key.split(' ') as [string, string];
          const b = accounts.balancesOf(Number(u)).get(c);
          expect({ available: b?.available ?? 0, frozen: b?.frozen ?? 0 }, key).toEqual(m);
        }
        const totalFees = coins.reduce((s, c) => s + accounts.systemBalance(FEES_ACCOUNT, c), 0);
        expect(totalFees).toBe(fees);
        expectBalancedTxns(accounts);
        expectBalancesFollowEntries(accounts, users, coins);
      }),
      { numRuns: 200 },
    );
  });
});
