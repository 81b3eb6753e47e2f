import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { InstrumentType } from '../../../common/market.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { coins, futuresSymbols, spotMarkets, swapContracts } from '../../../server/db/seed/catalogue.ts';

const dir = mkdtempSync(join(tmpdir(), 'tickstream-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('database', () => {
  it('runs in WAL mode and seeds the catalogue once, across restarts', async () => {
    const first = await openDatabase(dir);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    await first
      .insertInto('users')
      .values({
        uid: '12345678',
        username: 'keeper',
        email: null,
        mobile: null,
        country: null,
        area_code: null,
        password_hash: 'x',
        promotion_code: 'KEEP01',
        kyc_two_code: null,
        created_at: 1,
        password_changed_at: 1,
      })
      .execute();
    await first.destroy();

    const second = await openDatabase(dir);
    const count = async (table: 'spot_markets' | 'coins') =>
      Number(
        (
          await second
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('spot_markets')).toBe(spotMarkets.length);
    expect(await count('coins')).toBe(coins.length);
    expect(await second.selectFrom('users').select('username').execute()).toEqual([{ username: 'keeper' }]);
    await second.destroy();
  });
});

describe('catalogue', () => {
  const decimals = (text: string) => (text.split('.')[1] ?? '').length;

  it('quotes every spot market in a known coin, on its price grid', () => {
    const units = new Set(coins.map((c) => c.unit));
    for (const m of spotMarkets) {
      expect(units.has(m.base) && units.has(m.quote)).toBe(true);
      expect(decimals(m.price)).toBeLessThanOrEqual(m.priceScale);
      expect(decimals(m.minAmount)).toBeLessThanOrEqual(m.amountScale);
    }
  });

  it('has the perpetuals, futures, stock, forex and commodities the spec needs', () => {
    const ofType = (t: number) => futuresSymbols.filter((f) => f.instrumentType === t);
    expect(swapContracts.length).toBeGreaterThanOrEqual(15);
    expect(ofType(InstrumentType.futures)[0]?.symbol).toBe('btc_usdt');
    expect(ofType(InstrumentType.stock).length).toBeGreaterThanOrEqual(10);
    expect(ofType(InstrumentType.forex).length).toBeGreaterThanOrEqual(8);
    expect(ofType(InstrumentType.forex)[0]?.symbol).toBe('eurusd');
    expect(ofType(InstrumentType.commodities).length).toBeGreaterThanOrEqual(6);
    for (const f of futuresSymbols) expect(decimals(f.price)).toBeLessThanOrEqual(f.quoteDecimal);
    expect(new Set(futuresSymbols.map((f) => f.symbol)).size).toBe(futuresSymbols.length);
  });
});
