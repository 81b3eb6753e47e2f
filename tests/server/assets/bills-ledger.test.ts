import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, fromUnits, sub } from '../../../common/decimal.ts';
import { billPage } from '../../../server/assets/bill-list.ts';
import { HOLD_KINDS } from '../../../server/assets/bills.ts';
import { InsufficientFunds, type Move, WALLETS, type Wallet } from '../../../server/ledger/accounts.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';

/** A step of a random history: what a user can do with the asset moves of issue 9. */
type Step =
  | { op: 'deposit'; user: 0 | 1; coin: 'USDT' | 'BTC'; amount: number }
  | { op: 'transfer'; user: 0 | 1; coin: 'USDT' | 'BTC'; amount: number; from: Wallet; to: Wallet }
  | { op: 'withdraw'; user: 0 | 1; coin: 'USDT' | 'BTC'; amount: number; fee: number; done: boolean }
  | { op: 'internal'; user: 0 | 1; coin: 'USDT' | 'BTC'; amount: number };

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
);

function movesOf(s: Step, users: readonly [number, number]): Move[][] {
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

describe('member bills against the ledger (property)', () => {
  let t: TestApp;
  let run = 0;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('every change of a wallet’s available part is a bill, and its frozen part is bills minus holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        run++;
        const users = [await createUser(t.db, `prop${run}a`), await createUser(t.db, `prop${run}b`)] as const;
        let txn = 0;
        for (const s of steps) {
          for (const moves of movesOf(s, users)) {
            if (moves.length === 0) continue;
            try {
              await t.server.exchange.transact(`prop:${run}:${txn++}`, moves, () => undefined);
            } catch (error) {
              // A move the balance cannot pay is refused whole; the rest of a withdrawal is then skipped too.
              if (error instanceof InsufficientFunds) break;
              throw error;
            }
          }
        }
        t.server.exchange.sync();
        const accounts = t.server.exchange.accounts;
        for (const userId of users) {
          const { records } = await billPage(t.db, { userId, pageNo: 1, pageSize: 1000 });
          for (const w of WALLETS) {
            for (const c of ['USDT', 'BTC']) {
              const decimals = c === 'USDT' ? 6 : 8;
              const lines = records.filter((b) => b.wallet === w && b.coin === c);
              let available = '0';
              let frozen = '0';
              for (const b of lines) {
                if (b.frozen) frozen = add(frozen, b.amount);
                else available = add(available, b.amount);
                // The hold's frozen side mirrors its available side.
                if (HOLD_KINDS.includes(b.kind)) frozen = sub(frozen, b.amount);
              }
              const held = accounts.walletBalancesOf(userId, w).get(c) ?? { available: 0, frozen: 0 };
              expect({ w, c, available, frozen }).toEqual({
                w,
                c,
                available: fromUnits(BigInt(held.available), decimals),
                frozen: fromUnits(BigInt(held.frozen), decimals),
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
