import type { SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../db/schema.ts';
import type { SwapOrderRow, SwapPlanRow } from '../exchange/swap-recovery.ts';

/** Favourite contracts per user (spec trading §9: favourites page size 1000), as spot's. */
export const MAX_SWAP_FAVORITES = 1000;

export interface PageWindow {
  pageNo: number;
  pageSize: number;
}

/** A list's filter: the user and, optionally, one contract. */
export interface Filter {
  userId: number;
  symbol?: string | undefined;
}

/** A closed position's row with its tally (0016) and the funding it paid or received. */
export interface ClosedRow {
  id: number;
  symbol: string;
  position_side: string;
  sign: 1 | -1;
  max_contracts: number;
  margin_model: number;
  leverage: number;
  realized: string;
  opened_at: number;
  closed_at: number;
  open_value: string | null;
  open_contracts: number | null;
  close_value: string | null;
  close_contracts: number | null;
  fees: number | null;
  close_action: number | null;
  funding: number;
}

/** One page of `query` as `select` picks and orders its rows, and the count of the whole query. */
async function paged<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, object>,
  page: PageWindow,
) {
  const count = query.select((eb) => eb.fn.countAll<number>().as('n'));
  const total = Number(((await count.executeTakeFirstOrThrow()) as unknown as { n: number }).n);
  const rows = await select(query)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return { rows, total };
}

/**
 * The contract query tables the history routes read (swap_orders, swap_plans, swap_fills, swap_funding,
 * swap_funding_rates, swap_positions with their tallies) and the favourites and disclaimer the routes write. The
 * journal's projection may lag an acknowledged command by a moment: every read brings it up to date first (`sync`).
 */
export function swapRepository(db: Db, sync: () => void) {
  return { ...historyQueries(db, sync), ...positionQueries(db, sync), ...userQueries(db) };
}
export type SwapRepository = ReturnType<typeof swapRepository>;

function historyQueries(db: Db, sync: () => void) {
  return {
    /** Orders no longer open (0 open and 3 partly filled are), newest first. */
    async finishedOrders(f: Filter, page: PageWindow) {
      sync();
      let query = db.selectFrom('swap_orders').where('user_id', '=', f.userId).where('status', 'not in', [0, 3]);
      if (f.symbol) query = query.where('symbol', '=', f.symbol);
      const { rows, total } = await paged(query, (q) => q.selectAll().orderBy('id', 'desc'), page);
      return { rows: rows as SwapOrderRow[], total };
    },
    /** Plans that no longer wait (triggered, cancelled, failed), newest first. */
    async finishedPlans(f: Filter, page: PageWindow) {
      sync();
      let query = db.selectFrom('swap_plans').where('user_id', '=', f.userId).where('status', '!=', 0);
      if (f.symbol) query = query.where('symbol', '=', f.symbol);
      const { rows, total } = await paged(query, (q) => q.selectAll().orderBy('id', 'desc'), page);
      return { rows: rows as SwapPlanRow[], total };
    },
    /** The user's fills, newest first (a self-trade never happens: both sides are never the same user). */
    async fills(f: Filter, page: PageWindow) {
      sync();
      let query = db.selectFrom('swap_fills').where('user_id', '=', f.userId);
      if (f.symbol) query = query.where('symbol', '=', f.symbol);
      const newest = (q: typeof query) => q.selectAll().orderBy('trade_id', 'desc').orderBy('order_id', 'desc');
      const { rows, total } = await paged(query, newest, page);
      return { rows: rows as Database['swap_fills'][], total };
    },
    async fundingPayments(f: Filter, page: PageWindow) {
      sync();
      let query = db.selectFrom('swap_funding as f').where('f.user_id', '=', f.userId);
      if (f.symbol) query = query.where('f.symbol', '=', f.symbol);
      const joined = query.leftJoin('swap_positions as p', 'p.id', 'f.position_id');
      const { rows, total } = await paged(
        joined,
        (q) =>
          q
            .select(['f.id', 'f.symbol', 'f.position_id', 'f.position_side', 'f.contracts', 'f.amount', 'f.rate'])
            .select(['f.mark', 'f.time', 'p.sign'])
            .orderBy('f.id', 'desc'),
        page,
      );
      return { rows: rows as FundingRow[], total };
    },
    async fundingRates(symbol: string, page: PageWindow) {
      sync();
      const query = db.selectFrom('swap_funding_rates').where('symbol', '=', symbol);
      const { rows, total } = await paged(query, (q) => q.selectAll().orderBy('time', 'desc'), page);
      return { rows: rows as Database['swap_funding_rates'][], total };
    },
  };
}

export interface FundingRow {
  id: number;
  symbol: string;
  position_id: number;
  position_side: string;
  contracts: number;
  amount: number;
  rate: string;
  mark: number;
  time: number;
  sign: number | null;
}

function positionQueries(db: Db, sync: () => void) {
  const closed = (userId: number) =>
    db
      .selectFrom('swap_positions as p')
      .leftJoin('swap_position_tallies as t', 't.position_id', 'p.id')
      .where('p.user_id', '=', userId)
      .where('p.closed_at', 'is not', null);
  const columns = (q: ReturnType<typeof closed>) =>
    q
      .select(['p.id', 'p.symbol', 'p.position_side', 'p.sign', 'p.max_contracts', 'p.margin_model', 'p.leverage'])
      .select(['p.realized', 'p.opened_at', 'p.closed_at', 't.open_value', 't.open_contracts', 't.close_value'])
      .select(['t.close_contracts', 't.fees', 't.close_action'])
      .select((eb) =>
        eb
          .selectFrom('swap_funding as f')
          .whereRef('f.position_id', '=', 'p.id')
          .select((e) => e.fn.coalesce(e.fn.sum<number>('f.amount'), e.lit(0)).as('s'))
          .as('funding'),
      );
  return {
    /** Closed positions, last closed first. */
    async closedPositions(f: Filter, page: PageWindow) {
      sync();
      const query = f.symbol ? closed(f.userId).where('p.symbol', '=', f.symbol) : closed(f.userId);
      const { rows, total } = await paged(
        query,
        (q) => columns(q).orderBy('p.closed_at', 'desc').orderBy('p.id', 'desc'),
        page,
      );
      return { rows: rows as unknown as ClosedRow[], total };
    },
    async closedPosition(userId: number, id: number): Promise<ClosedRow | undefined> {
      sync();
      const row = await columns(closed(userId).where('p.id', '=', id)).executeTakeFirst();
      return row as unknown as ClosedRow | undefined;
    },
  };
}

/** Favourites and the disclaimer: written here directly, as spot's favourites (no engine state behind them). */
function userQueries(db: Db) {
  return {
    async favorites(userId: number) {
      const rows = await db
        .selectFrom('swap_favorites')
        .select(['symbol', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('symbol')
        .limit(MAX_SWAP_FAVORITES)
        .execute();
      return rows.map((r) => ({ symbol: r.symbol, addTime: r.created_at }));
    },
    async favoriteCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('swap_favorites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Idempotent: a contract already a favourite keeps its time. */
    async addFavorite(userId: number, symbol: string, now: number): Promise<void> {
      await db
        .insertInto('swap_favorites')
        .values({ user_id: userId, symbol, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
    async deleteFavorite(userId: number, symbol: string): Promise<void> {
      await db.deleteFrom('swap_favorites').where('user_id', '=', userId).where('symbol', '=', symbol).execute();
    },
    async disclaimerSignedAt(userId: number): Promise<number | null> {
      const row = await db
        .selectFrom('swap_preferences')
        .select('disclaimer_signed_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.disclaimer_signed_at ?? null;
    },
    /** Idempotent: the first signature's time stays. */
    async signDisclaimer(userId: number, now: number): Promise<void> {
      await db
        .insertInto('swap_preferences')
        .values({ user_id: userId, disclaimer_signed_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            disclaimer_signed_at: eb.fn.coalesce(
              'swap_preferences.disclaimer_signed_at',
              'excluded.disclaimer_signed_at',
            ),
          })),
        )
        .execute();
    },
  };
}
