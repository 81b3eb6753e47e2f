import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readExtraMarkets } from '../../../server/config.ts';
import { openDatabase } from '../../../server/db/database.ts';
import type { Db } from '../../../server/db/schema.ts';
import { extraUnit, listExtraMarkets } from '../../../server/db/seed/extra-markets.ts';
import { logoOf, marketsRepository } from '../../../server/exchange/catalogue.ts';

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('synthetic markets for scale tests', () => {
  it('reads TICKSTREAM_EXTRA_MARKETS, refusing bad counts and production', () => {
    expect(readExtraMarkets({}, false)).toBe(0);
    expect(readExtraMarkets({ TICKSTREAM_EXTRA_MARKETS: '5000' }, false)).toBe(5000);
    for (const bad of ['-1', '2.5', 'many', '20001']) {
      expect(() => readExtraMarkets({ TICKSTREAM_EXTRA_MARKETS: bad }, false)).toThrow(ConfigError);
    }
    expect(() => readExtraMarkets({ TICKSTREAM_EXTRA_MARKETS: '10' }, true)).toThrow(ConfigError);
    expect(readExtraMarkets({ TICKSTREAM_EXTRA_MARKETS: '0' }, true)).toBe(0);
  });

  it('lists them after the catalogue once, growing on a bigger count, with the generic logo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickstream-extra-'));
    dirs.push(dir);
    const db = await openDatabase(dir);
    dbs.push(db);
    const markets = marketsRepository(db);
    const catalogue = (await markets.spotMarkets()).length;
    await listExtraMarkets(db, 700);
    await listExtraMarkets(db, 700);
    let all = await markets.spotMarkets();
    expect(all).toHaveLength(catalogue + 700);
    await listExtraMarkets(db, 1200);
    all = await markets.spotMarkets();
    expect(all).toHaveLength(catalogue + 1200);
    const last = all.at(-1);
    expect(last?.symbol).toBe(`${extraUnit(1200)}/USDT`);
    expect(Number(last?.referencePrice)).toBeGreaterThan(0);
    expect(new Set(all.map((m) => m.symbol)).size).toBe(all.length);
    expect(logoOf(extraUnit(7))).toBe('/coins/coin.svg');
    expect(logoOf('BTC')).toBe('/coins/btc.svg');
  });
});
