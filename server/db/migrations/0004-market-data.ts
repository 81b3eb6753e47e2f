import type { Kysely } from 'kysely';

/**
 * Candles of the spot markets (server/marketdata), so charts and the 24 h ticker survive restarts. Prices are integer
 * ticks of the market's priceScale, volume integer lots of its amountScale; amount (Σ price × volume in the quote
 * currency) is a statistic and may be a float. open_time is the period start in Unix ms (UTC).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('candles')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('open', 'bigint', (c) => c.notNull())
    .addColumn('high', 'bigint', (c) => c.notNull())
    .addColumn('low', 'bigint', (c) => c.notNull())
    .addColumn('close', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['symbol', 'interval', 'open_time'])
    .execute();
}
