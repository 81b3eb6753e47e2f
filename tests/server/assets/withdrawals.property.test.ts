import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../../common/decimal.ts';
import { sqliteOf } from '../../../server/db/database.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { buildDepositApp, funds, type Member, member, post, waitForDeposit, withdrawCode } from './deposit-helpers.ts';

/** USDT on Solana: 3 confirmations, fee 1, minimum 10, 6 decimals. */
const NETWORK = { coin: 'USDT', protocol: 'SOL' } as const;
const DESTINATION = 'So11111111111111111111111111111111111111112';
const FEE = 1_000_000n;
const MIN = 10_000_000n;
const units = (amount: string) => toUnits(amount, 6);

type Op =
  | { kind: 'deposit'; user: number; amount: string }
  | { kind: 'withdraw'; user: number; amount: string }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'advance'; pick: number; to: 'processing' | 'done' | 'failed' | 'cancelled' };

const amount = fc.oneof(
  fc.constantFrom('0', '-5', '9.999999', '10', '10.000001', '0.0000001', '1e2', '250'),
  fc.integer({ min: 1, max: 500_000_000 }).map((n) => (n / 1_000_000).toString()),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: fc.nat(1), amount }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.nat(1), amount }),
  fc.record({ kind: fc.constant('cancel' as const), user: fc.nat(1), pick: fc.nat(20) }),
  fc.record({
    kind: fc.constant('advance' as const),
    pick: fc.nat(20),
    to: fc.constantFrom('processing' as const, 'done' as const, 'failed' as const, 'cancelled' as const),
  }),
);

interface Model {
  available: bigint;
  frozen: bigint;
}
interface Sent {
  id: number;
  user: number;
  amount: bigint;
  status: number;
}

const isAmount = (text: string) => /^\d+(\.\d{1,6})?$/.test(text) && units(text) > 0n;

describe('deposits and withdrawals under random sequences', () => {
  it('keep every balance equal to the model and every coin conserved', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const t = await buildDepositApp();
        try {
          const users: Member[] = [await member(t, 'p0'), await member(t, 'p1')];
          const model: Model[] = users.map(() => ({ available: 0n, frozen: 0n }));
          const sent: Sent[] = [];
          let out = 0n;
          let fees = 0n;
          for (const o of ops) {
            if (o.kind === 'deposit') {
              const m = users[o.user] as Member;
              const r = await post(t, '/dev/assets/deposit', { ...NETWORK, uid: m.uid, amount: o.amount });
              // The deposit minimum on this network is 1 USDT.
              const accepted = isAmount(o.amount) && units(o.amount) >= 1_000_000n;
              expect(r.code === 0, `${o.amount}: ${r.message}`).toBe(accepted);
              if (accepted) {
                await waitForDeposit(t, (r.data as { id: number }).id, 1);
                (model[o.user] as Model).available += units(o.amount);
              }
            } else if (o.kind === 'withdraw') {
              const m = users[o.user] as Member;
              t.advance(61_000);
              const code = await withdrawCode(t, m);
              const r = await post(
                t,
                '/uc/withdraw/create',
                { ...NETWORK, address: DESTINATION, amount: o.amount, emailCode: code },
                m.headers,
              );
              const mine = model[o.user] as Model;
              const accepted = isAmount(o.amount) && units(o.amount) >= MIN && units(o.amount) <= mine.available;
              expect(r.code === 0, `${o.amount}: ${r.message}`).toBe(accepted);
              if (accepted) {
                sent.push({ id: (r.data as { id: number }).id, user: o.user, amount: units(o.amount), status: 0 });
                mine.available -= units(o.amount);
                mine.frozen += units(o.amount);
              }
            } else if (o.kind === 'cancel') {
              const own = sent.filter((s) => s.user === o.user);
              const w = own[o.pick % Math.max(1, own.length)];
              if (!w) continue;
              const r = await post(t, '/uc/withdraw/cancel', { id: w.id }, (users[o.user] as Member).headers);
              expect(r.code === 0).toBe(w.status === 0);
              if (w.status === 0) {
                w.status = 3;
                const mine = model[w.user] as Model;
                mine.available += w.amount;
                mine.frozen -= w.amount;
              }
            } else {
              const w = sent[o.pick % Math.max(1, sent.length)];
              if (!w) continue;
              const r = await post(t, '/dev/assets/withdraw/advance', { id: w.id, status: o.to });
              const open = w.status === 0 || w.status === 1;
              const allowed = open && (o.to !== 'processing' || w.status === 0);
              expect(r.code === 0, `${w.status} → ${o.to}: ${r.message}`).toBe(allowed);
              if (!allowed) continue;
              const mine = model[w.user] as Model;
              if (o.to === 'processing') w.status = 1;
              else if (o.to === 'done') {
                w.status = 2;
                mine.frozen -= w.amount;
                out += w.amount - FEE;
                fees += FEE;
              } else {
                w.status = o.to === 'failed' ? 4 : 3;
                mine.frozen -= w.amount;
                mine.available += w.amount;
              }
            }
            for (const [i, m] of users.entries()) {
              const expected = model[i] as Model;
              const actual = await funds(t, m.id, 'USDT');
              expect({ available: units(actual.available), frozen: units(actual.frozen) }).toEqual(expected);
            }
          }
          const accounts = t.server.exchange.accounts;
          accounts.assertConserved();
          expect(BigInt(accounts.systemBalance('withdrawals', 'USDT'))).toBe(out);
          expect(BigInt(accounts.systemBalance('fees', 'USDT'))).toBe(fees);
          t.server.exchange.sync();
          expect(auditLedger(sqliteOf(t.db))).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
        } finally {
          await t.close();
        }
      }),
      { numRuns: 8 },
    );
  }, 120_000);
});
