import { describe, expect, it } from 'vitest';
import { ensureDemoAccount } from '../../../server/auth/demo.ts';
import { balancesOf } from '../../../server/ledger/ledger.ts';
import { INSURANCE_FUND_USERNAME } from '../../../server/swap/fund.ts';
import { buildTestApp } from '../helpers.ts';

describe('demo account', () => {
  it('is funded once through balanced ledger entries', async () => {
    const t = await buildTestApp();
    try {
      await ensureDemoAccount(t.db, 0); // a second start changes nothing
      const demo = await t.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
      const balances = await balancesOf(t.db, demo.id);
      expect(balances.find((b) => b.coin === 'USDT')).toEqual({ coin: 'USDT', available: '100000', frozen: '0' });
      expect(balances.find((b) => b.coin === 'BTC')?.available).toBe('2');
      const sums = await t.db
        .selectFrom('ledger_entries')
        .select(['coin', (eb) => eb.fn.sum<number>('amount').as('total')])
        .groupBy('coin')
        .execute();
      expect(sums.every((s) => Number(s.total) === 0)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('does not exist in production mode', async () => {
    const t = await buildTestApp({ production: true });
    try {
      // Only the system user of the contract insurance fund (server/swap/fund.ts), never the demo.
      const users = await t.db.selectFrom('users').select('username').execute();
      expect(users).toEqual([{ username: INSURANCE_FUND_USERNAME }]);
    } finally {
      await t.close();
    }
  });
});
