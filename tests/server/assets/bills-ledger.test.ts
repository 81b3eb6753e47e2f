import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, fromUnits } from '../../../common/decimal.ts';
import { OrderType, Side } from '../../../common/trading.ts';
import { billPage } from '../../../server/assets/bill-list.ts';
import { InsufficientFunds, type Move, WALLETS, type Wallet } from '../../../server/ledger/accounts.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';

/** A step of a random history: what a user can do with the asset moves of issue 9. */
type Step =
  | { op: 'deposit'; user: 0 | 1; coin: 'USDT' | 'BTC'; amount: number }
  | { op: 'transfer'; user: 0 | 1; coin: 'USDT' | 'BTC'; amount: number; from: Wallet; to: Wallet }
  | { op: 'withdraw'; user: 0 | 1; coin: 'USDT' | 'BTC'; amount: number; fee: number; done: boolean }
  | { op: 'internal'; user: 0 | 1; coin: 'USDT' | 'BTC'; amount: number }
  /** A limit order on BTC/USDT around 95 000 (ticks of 0.01, lots of 0.00001 BTC); the other user's may cross it. */
  | { op: 'order'; user: 0 | 1; buy: boolean; price: number; quantity: number }
  | { op: 'cancel'; user: 0 | 1 };

const coin = fc.constantFrom<'USDT' | 'BTC'>('USDT', 'BTC');
const user = fc.constantFrom<0 | 1>(0, 1);
const wallet = fc.constantFrom<Wallet>(...WALLETS);
const amount = fc.integer({ min: 1, max: 5_000_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), user, coin, amount }),
  fc.record({ op: fc.constant('transfer' as const), user, coin, amount, from: wallet, to: wallet }),
  fc.record({
    op: fc.constant('withdraw' as const),
    user,
    coin,
    amount,
    fee: fc.integer({ min: 0, max: 1000 }),
    done: fc.boolean(),
  }),
  fc.record({ op: fc.constant('internal' as const), user, coin, amount }),
  fc.record({
    op: fc.constant('order' as const),
    user,
    buy: fc.boolean(),
    price: fc.integer({ min: 9_490_000, max: 9_510_000 }),
    quantity: fc.integer({ min: 100, max: 5_000 }),
  }),
  fc.record({ op: fc.constant('cancel' as const), user }),
);

type MoveStep = Exclude<Step, { op: 'order' | 'cancel' }>;

function movesOf(s: MoveStep, users: readonly [number, number]): Move[][] {
  const me = users[s.user];
  const other = users[1 - s.user] as number;
  const { coin: c, amount: a } = s;
  switch (s.op) {
    case 'deposit':
      return [
        [{ from: { system: 'deposits' }, to: { userId: me, wallet: 'funds' }, coin: c, amount: a, kind: 'deposit' }],
      ];
    case 'transfer':
      if (s.from === s.to) return [];
      return [
        [
          {
            from: { userId: me, wallet: s.from },
            to: { userId: me, wallet: s.to },
            coin: c,
            amount: a,
            kind: 'transfer',
          },
        ],
      ];
    case 'internal':
      return [
        [
          {
            from: { userId: me, wallet: 'funds' },
            to: { userId: other, wallet: 'funds' },
            coin: c,
            amount: a,
            kind: 'internal_transfer',
          },
        ],
      ];
    case 'withdraw': {
      const hold: Move = {
        from: { userId: me, wallet: 'funds' },
        to: { userId: me, wallet: 'funds', frozen: true },
        coin: c,
        amount: a + s.fee,
        kind: 'withdraw_freeze',
      };
      const frozen = { userId: me, wallet: 'funds' as const, frozen: true };
      const end: Move[] = s.done
        ? [
            { from: frozen, to: { system: 'withdrawals' }, coin: c, amount: a, kind: 'withdraw' },
            ...(s.fee > 0
              ? [{ from: frozen, to: { system: 'fees' }, coin: c, amount: s.fee, kind: 'withdraw_fee' }]
              : []),
          ]
        : [
            {
              from: frozen,
              to: { userId: me, wallet: 'funds' },
              coin: c,
              amount: a + s.fee,
              kind: 'withdraw_unfreeze',
            },
          ];
      return [[hold], end];
    }
  }
}

/** Runs one step on the real exchange; a move or order the balance cannot pay is refused whole. */
async function apply(t: TestApp, s: Step, users: readonly [number, number], txn: () => string): Promise<void> {
  const exchange = t.server.exchange;
  const userId = users[s.user];
  if (s.op === 'order') {
    const side = s.buy ? Side.buy : Side.sell;
    await exchange.place({
      userId,
      symbol: 'BTC/USDT',
      side,
      type: OrderType.limit,
      price: s.price,
      quantity: s.quantity,
    });
    return;
  }
  if (s.op === 'cancel') {
    await exchange.cancelAll(userId, 'BTC/USDT');
    return;
  }
  for (const moves of movesOf(s, users)) {
    if (moves.length === 0) continue;
    try {
      await exchange.transact(txn(), moves, () => undefined);
    } catch (error) {
      // The rest of a withdrawal is skipped too.
      if (error instanceof InsufficientFunds) break;
      throw error;
    }
  }
}

describe('member bills against the ledger (property)', () => {
  let t: TestApp;
  let run = 0;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('the bills of every wallet and coin sum to its balance (available + frozen)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        run++;
        const users = [await createUser(t.db, `prop${run}a`), await createUser(t.db, `prop${run}b`)] as const;
        let txn = 0;
        // Enough in spot for orders on both sides, as bills too (a deposit, then a transfer in).
        for (const userId of [0, 1] as const) {
          for (const [c, a] of [
            ['USDT', 2_000_000_000],
            ['BTC', 2_000_000],
          ] as const) {
            await apply(t, { op: 'deposit', user: userId, coin: c, amount: a }, users, () => `prop:${run}:${txn++}`);
            const move: Step = { op: 'transfer', user: userId, coin: c, amount: a / 2, from: 'funds', to: 'spot' };
            await apply(t, move, users, () => `prop:${run}:${txn++}`);
          }
        }
        for (const s of steps) await apply(t, s, users, () => `prop:${run}:${txn++}`);
        t.server.exchange.sync();
        const accounts = t.server.exchange.accounts;
        for (const userId of users) {
          const { records } = await billPage(t.db, { userId, pageNo: 1, pageSize: 1000 });
          for (const w of WALLETS) {
            for (const c of ['USDT', 'BTC']) {
              const decimals = c === 'USDT' ? 6 : 8;
              const total = records
                .filter((b) => b.wallet === w && b.coin === c)
                .reduce((sum, b) => add(sum, b.amount), '0');
              const held = accounts.walletBalancesOf(userId, w).get(c) ?? { available: 0, frozen: 0 };
              expect({ w, c, total }).toEqual({
                w,
                c,
                total: fromUnits(BigInt(held.available + held.frozen), decimals),
              });
            }
          }
        }
      }),
      { numRuns: 25 },
    );
    t.server.exchange.accounts.assertConserved();
  });
});
