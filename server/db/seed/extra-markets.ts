import type { Db } from '../schema.ts';

/** At most this many synthetic markets: enough for any scale test of the lists. */
export const MAX_EXTRA_MARKETS = 20_000;
const PREFIX = 'SYN';

/** Whether a unit is one of the synthetic coins. */
export function isExtraUnit(unit: string): boolean {
  return unit.startsWith(PREFIX) && /^\d{5}$/.test(unit.slice(PREFIX.length));
}

/** The unit of synthetic coin i (1-based): SYN00001. */
export function extraUnit(i: number): string {
  return `${PREFIX}${String(i).padStart(5, '0')}`;
}

/**
 * Lists synthetic coins SYN00001… and their USDT markets up to `count`, after the catalogue, idempotently (a restart
 * with the same count adds nothing). Prices spread from 0.01 to 1000 so every price scale of the lists shows.
 */
export async function listExtraMarkets(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  const { n } = await db
    .selectFrom('spot_markets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('base', 'like', `${PREFIX}%`)
    .executeTakeFirstOrThrow();
  const have = Number(n);
  if (have >= count) return;
  const sort = await db
    .selectFrom('spot_markets')
    .select((eb) => eb.fn.max('sort').as('max'))
    .executeTakeFirstOrThrow();
  const first = Number(sort.max ?? 0) + 1;
  await db.transaction().execute(async (trx) => {
    for (let i = have + 1; i <= count; i += 500) {
      const block = Array.from({ length: Math.min(500, count - i + 1) }, (_, k) => i + k);
      await trx
        .insertInto('coins')
        .values(
          block.map((j) => ({
            unit: extraUnit(j),
            name: `Synthetic ${j}`,
            decimals: 8,
            usd_rate: priceOf(j),
            can_deposit: 0,
            can_withdraw: 0,
            withdraw_fee: '0',
            min_withdraw: '0',
            sort: 10_000 + j,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .insertInto('spot_markets')
        .values(
          block.map((j) => ({
            symbol: `${extraUnit(j)}/USDT`,
            base: extraUnit(j),
            quote: 'USDT',
            reference_price: priceOf(j),
            price_scale: 4,
            amount_scale: 2,
            min_amount: '0.01',
            min_turnover: '1',
            maker_fee: '0.001',
            taker_fee: '0.001',
            enabled: 1,
            sort: first + j,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

/** A reference price on a 4-decimal grid, spread over five decades by a fixed scramble of i. */
function priceOf(i: number): string {
  const scrambled = (i * 7919) % 100_000;
  const decade = 10 ** ((i % 5) - 2);
  return (((scrambled + 1) / 100_000) * decade * 10 + decade).toFixed(4);
}
