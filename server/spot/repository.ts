import { sql } from 'kysely';
import type { Favorite, SpotBill } from '../../common/contracts/spot-trade.ts';
import { fromUnits } from '../../common/decimal.ts';
import { OrderStatus, Side } from '../../common/trading.ts';
import { NOT_BILLS } from '../assets/bills.ts';
import type { Db } from '../db/schema.ts';
import type { Order } from '../engine/order.ts';
import { orderFromRow } from '../exchange/index.ts';
import type { FillParts } from '../exchange/views.ts';

/** Favourites per user (spec trading §9: favourites page size 1000). */
export const MAX_FAVORITES = 1000;

export interface PageWindow {
  pageNo: number;
  pageSize: number;
}

export interface TimeWindow {
  startTime?: number | undefined;
  endTime?: number | undefined;
}

export interface OrderFilter extends TimeWindow {
  symbol?: string | undefined;
  direction?: number | undefined;
  type?: number | undefined;
}

/** A stored fill with the side of the user it was read for. */
export interface SideFill {
  parts: FillParts;
  side: Side;
}

const offsetOf = (p: PageWindow) => (p.pageNo - 1) * p.pageSize;

/**
 * The spot query tables (spot_orders, spot_trades, spot_favorites, ledger_entries) as the spot routes read them. They
 * may lag the journal by a moment: the routes bring them up to date (exchange.sync) first.
 */
export function spotRepository(db: Db) {
  return { ...orderQueries(db), ...favoriteQueries(db), ...billQueries(db) };
}

/** Closed orders and fills of a user, and the trades of one order. */
function orderQueries(db: Db) {
  return {
    async closedOrders(userId: number, f: OrderFilter, page: PageWindow): Promise<{ orders: Order[]; total: number }> {
      let query = db
        .selectFrom('spot_orders')
        .where('user_id', '=', userId)
        .where('status', 'in', [OrderStatus.filled, OrderStatus.cancelled, OrderStatus.partlyCancelled]);
      if (f.symbol) query = query.where('symbol', '=', f.symbol);
      if (f.direction) query = query.where('side', '=', f.direction);
      if (f.type) query = query.where('type', '=', f.type);
      if (f.startTime !== undefined) query = query.where('created_at', '>=', f.startTime);
      if (f.endTime !== undefined) query = query.where('created_at', '<=', f.endTime);
      const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await query.selectAll().orderBy('id', 'desc').limit(page.pageSize).offset(offsetOf(page)).execute();
      return { orders: rows.map(orderFromRow), total: Number(total.n) };
    },

    /** The user's fills, newest first, from the buyer's and the seller's side. */
    async fills(
      userId: number,
      f: TimeWindow & { symbol?: string | undefined; direction?: number | undefined },
      page: PageWindow,
    ): Promise<{ fills: SideFill[]; total: number }> {
      const side = (column: 'buy_user_id' | 'sell_user_id', direction: Side) => {
        // The side is a constant column so that one union can be ordered and paged.
        let query = db
          .selectFrom('spot_trades')
          .selectAll()
          .select(sql<number>`${direction}`.as('side'))
          .where(column, '=', userId);
        if (f.symbol) query = query.where('symbol', '=', f.symbol);
        if (f.startTime !== undefined) query = query.where('time', '>=', f.startTime);
        if (f.endTime !== undefined) query = query.where('time', '<=', f.endTime);
        return query;
      };
      const buys = side('buy_user_id', Side.buy);
      const sells = side('sell_user_id', Side.sell);
      const picked = f.direction === Side.buy ? buys : f.direction === Side.sell ? sells : buys.unionAll(sells);
      const all = db.selectFrom(picked.as('t'));
      const total = await all.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await all
        .selectAll()
        .orderBy('id', 'desc')
        .orderBy('side')
        .limit(page.pageSize)
        .offset(offsetOf(page))
        .execute();
      const fills = rows.map((r) => ({
        parts: {
          id: r.id,
          symbol: r.symbol,
          price: r.price,
          quantity: r.quantity,
          quoteUnits: r.quote_units,
          buyFee: r.buy_fee,
          sellFee: r.sell_fee,
          takerSide: r.taker_side as Side,
          buyOrderId: r.buy_order_id,
          sellOrderId: r.sell_order_id,
          time: r.time,
        },
        side: r.side as Side,
      }));
      return { fills, total: Number(total.n) };
    },

    async storedOrder(id: number): Promise<Order | undefined> {
      const row = await db.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? orderFromRow(row) : undefined;
    },

    /** The trades of one order, oldest first. */
    tradesOf(orderId: number) {
      return db
        .selectFrom('spot_trades')
        .selectAll()
        .where((eb) => eb.or([eb('buy_order_id', '=', orderId), eb('sell_order_id', '=', orderId)]))
        .orderBy('id')
        .execute();
    },
  };
}

/** The user's favourite markets. */
function favoriteQueries(db: Db) {
  return {
    async favorites(userId: number): Promise<Favorite[]> {
      const rows = await db
        .selectFrom('spot_favorites')
        .select(['symbol', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .limit(MAX_FAVORITES)
        .execute();
      return rows.map((r) => ({ symbol: r.symbol, addTime: r.created_at }));
    },

    async favoriteCount(userId: number): Promise<number> {
      const count = await db
        .selectFrom('spot_favorites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(count.n);
    },

    /** Idempotent: a market already a favourite stays one. */
    async addFavorite(userId: number, symbol: string, now: number): Promise<void> {
      await db
        .insertInto('spot_favorites')
        .values({ user_id: userId, symbol, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async deleteFavorite(userId: number, symbol: string): Promise<void> {
      await db.deleteFrom('spot_favorites').where('user_id', '=', userId).where('symbol', '=', symbol).execute();
    },
  };
}

/**
 * Spot bills: the lines of the user's spot wallet, newest first. Reservations are not bills (NOT_BILLS); the paying
 * side of a trade is, though it leaves from the frozen part.
 */
function billQueries(db: Db) {
  return {
    async spotBills(
      userId: number,
      f: TimeWindow & { coin?: string | undefined; type?: string | undefined },
      page: PageWindow,
    ): Promise<{ records: SpotBill[]; total: number }> {
      let query = db
        .selectFrom('ledger_entries as e')
        .innerJoin('coins as c', 'c.unit', 'e.coin')
        .where('e.user_id', '=', userId)
        .where('e.account', 'in', [`user:${userId}`, `user:${userId}:frozen`])
        .where('e.kind', 'not in', NOT_BILLS);
      if (f.coin) query = query.where('e.coin', '=', f.coin.toUpperCase());
      if (f.type) query = query.where('e.kind', '=', f.type);
      if (f.startTime !== undefined) query = query.where('e.created_at', '>=', f.startTime);
      if (f.endTime !== undefined) query = query.where('e.created_at', '<=', f.endTime);
      const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .select(['e.id', 'e.txn_id', 'e.coin', 'e.amount', 'e.kind', 'e.created_at', 'c.decimals'])
        .orderBy('e.id', 'desc')
        .limit(page.pageSize)
        .offset(offsetOf(page))
        .execute();
      const records = rows.map((r) => ({
        id: r.id,
        txnId: r.txn_id,
        coin: r.coin,
        amount: fromUnits(BigInt(r.amount), r.decimals),
        type: r.kind,
        time: r.created_at,
      }));
      return { records, total: Number(total.n) };
    },
  };
}

export type SpotRepository = ReturnType<typeof spotRepository>;
