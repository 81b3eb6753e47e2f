import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type TSchema, Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { div, fromUnits, isDecimal, mul, toUnits, truncate } from '../../common/decimal.ts';
import { OrderStatus, OrderType, Side, TriggerType } from '../../common/trading.ts';
import { NOT_BILLS } from '../assets/bills.ts';
import { requireUser, userOf } from '../auth/session.ts';
import type { RejectReason } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import { normalizeSymbol } from '../exchange/catalogue.ts';
import { type Exchange, orderFromRow, type SpotMarketInfo } from '../exchange/index.ts';
import { fillView, type OrderView, orderView, type TradeView } from '../exchange/views.ts';
import { ok } from '../http/envelope.ts';

const Decimal = Type.String({ minLength: 1, maxLength: 40 });
const Paging = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

const AddOrderBody = Type.Object({
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  price: Type.Optional(Type.String({ maxLength: 40 })),
  amount: Decimal,
  type: Type.Integer({ minimum: 1, maximum: 5 }),
  direction: Type.Integer({ minimum: 1, maximum: 2 }),
  useDiscount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  couponNo: Type.Optional(Type.String({ maxLength: 64 })),
  triggerPrice: Type.Optional(Type.String({ maxLength: 40 })),
  triggerType: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
});
type AddOrderBody = Type.Static<typeof AddOrderBody>;

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const SymbolBody = Type.Object({ symbol: Type.String({ minLength: 1, maxLength: 32 }) });
const CurrentQuery = Type.Object({ symbol: Type.Optional(Type.String({ maxLength: 32 })), ...Paging });
const HistoryQuery = Type.Object({
  symbol: Type.Optional(Type.String({ maxLength: 32 })),
  direction: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  ...Paging,
});
const TradesQuery = Type.Object({
  symbol: Type.Optional(Type.String({ maxLength: 32 })),
  direction: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  ...Paging,
});
const BillQuery = Type.Object({
  coin: Type.Optional(Type.String({ maxLength: 16 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  // spec shell §9: bills page by 10.
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});

/** Favourites per user (spec trading §9: favourites page size 1000). */
const MAX_FAVORITES = 1000;
const MAX_OPEN_ORDERS = 500;

const REJECTIONS: Record<RejectReason, { code: number; key: MessageKey }> = {
  unknownMarket: { code: ApiCode.unknownMarket, key: 'unknownMarket' },
  badOrder: { code: ApiCode.badRequest, key: 'badRequest' },
  badPrice: { code: ApiCode.badPrice, key: 'spotBadPrice' },
  badAmount: { code: ApiCode.badAmount, key: 'spotBadAmount' },
  amountTooLarge: { code: ApiCode.badAmount, key: 'spotAmountTooLarge' },
  belowMinAmount: { code: ApiCode.belowMinAmount, key: 'spotBelowMinAmount' },
  belowMinTurnover: { code: ApiCode.belowMinTurnover, key: 'spotBelowMinTurnover' },
  insufficientBalance: { code: ApiCode.insufficientBalance, key: 'spotInsufficientBalance' },
  tooManyOrders: { code: ApiCode.tooManyOrders, key: 'spotTooManyOrders' },
  triggerPriceInvalid: { code: ApiCode.triggerPriceInvalid, key: 'spotTriggerPriceInvalid' },
  orderNotFound: { code: ApiCode.orderNotFound, key: 'spotOrderNotFound' },
};

function rejection(reason: RejectReason, m: SpotMarketInfo | undefined, side?: number): ApiError {
  const { code, key } = REJECTIONS[reason];
  const params: Record<string, string | number> = { symbol: m?.symbol ?? '', max: MAX_OPEN_ORDERS };
  if (m) {
    params.scale = m.priceScale;
    params.min =
      reason === 'belowMinAmount'
        ? `${fromUnits(BigInt(m.minLots), m.amountScale)} ${m.base}`
        : `${fromUnits(BigInt(m.minQuote), m.quoteDecimals)} ${m.quote}`;
    params.coin = side === Side.buy ? m.quote : m.base;
  }
  return new ApiError(200, code, key, params);
}

function unknownMarket(symbol: string): ApiError {
  return new ApiError(200, ApiCode.unknownMarket, 'unknownMarket', { symbol });
}

/** Integer units of an exact decimal string with at most `scale` decimals, or null. */
function units(text: string | undefined, scale: number): number | null {
  if (text === undefined || !isDecimal(text.trim()) || text.trim().startsWith('-')) return null;
  try {
    const n = toUnits(text.trim(), scale);
    return n > 0n && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
  } catch {
    return null;
  }
}

/** Spot trading (spec trading §7 "Spot trade"): orders, favourites and spot bills of the signed-in user. */
export async function exchangeRoutes(app: FastifyInstance, { exchange }: { exchange: Exchange }): Promise<void> {
  const { db } = app.store;
  const market = (symbol: string): SpotMarketInfo | undefined => exchange.markets.get(normalizeSymbol(symbol));
  const view = (o: Order): OrderView => orderView(o, exchange.markets.get(o.symbol) as SpotMarketInfo);

  app.addHook('preHandler', requireUser);

  app.post<{ Body: AddOrderBody }>('/exchange/order/add', { schema: { body: AddOrderBody } }, async (request) => {
    const user = userOf(request);
    const body = request.body;
    const m = market(body.symbol);
    if (!m) throw unknownMarket(body.symbol);
    // This exchange issues no coupons yet, so any coupon number is unknown; and it has no platform token to pay fees
    // with, so `useDiscount` is accepted and changes nothing (the market's fee applies).
    if (body.couponNo?.trim()) throw new ApiError(200, ApiCode.couponNotFound, 'spotCouponNotFound');
    const type = body.type as OrderType;
    const side = body.direction as Side;
    const marketBuy = type === OrderType.market && side === Side.buy;
    let price = 0;
    if (type !== OrderType.market) {
      const ticks = units(body.price, m.priceScale);
      if (ticks === null) throw rejection('badPrice', m);
      price = ticks;
    }
    let quantity = 0;
    let budget = 0;
    if (marketBuy) {
      // A market buy names the quote amount to spend, on the finer of the ledger and value grids.
      const scale = Math.min(m.quoteDecimals, m.priceScale + m.amountScale);
      const spend = units(body.amount, scale);
      if (spend === null) throw new ApiError(200, ApiCode.badAmount, 'spotBadAmount', { scale });
      budget = spend * 10 ** (m.quoteDecimals - scale);
    } else {
      const lots = units(body.amount, m.amountScale);
      if (lots === null) throw new ApiError(200, ApiCode.badAmount, 'spotBadAmount', { scale: m.amountScale });
      quantity = lots;
    }
    let triggerPrice = 0;
    if (type === OrderType.stopLoss || type === OrderType.takeProfit) {
      const ticks = units(body.triggerPrice, m.priceScale);
      if (ticks === null) throw rejection('triggerPriceInvalid', m);
      triggerPrice = ticks;
    }
    const result = await exchange.place({
      userId: user.id,
      symbol: m.symbol,
      side,
      type,
      price,
      quantity,
      budget,
      triggerPrice,
      triggerType: (body.triggerType ?? TriggerType.tradePrice) as TriggerType,
    });
    if (!result.ok) throw rejection(result.reason, m, side);
    return ok(view(result.order as Order));
  });

  app.post<{ Params: Type.Static<typeof IdParams> }>(
    '/exchange/order/cancel/:id',
    { schema: { params: IdParams } },
    async (request) => {
      const result = await exchange.cancel(userOf(request).id, request.params.id);
      if (!result.ok) throw rejection(result.reason, undefined);
      return ok(view(result.order as Order));
    },
  );

  app.post('/exchange/order/cancel-all', async (request) => {
    // The body is optional (no symbol: every market), which a body schema cannot say; checked by hand.
    const raw: unknown = (request.body as Record<string, unknown> | undefined)?.symbol;
    if (raw !== undefined && (typeof raw !== 'string' || raw.length > 32)) throw ApiError.invalidParam('symbol');
    const symbol = raw === '' ? undefined : raw;
    const m = symbol === undefined ? undefined : market(symbol);
    if (symbol !== undefined && !m) throw unknownMarket(symbol);
    const result = await exchange.cancelAll(userOf(request).id, m?.symbol);
    if (!result.ok) throw rejection(result.reason, m);
    const cancelled = result.events.filter((e) => e.type === 'order').map((e) => e.order.id);
    return ok({ cancelled });
  });

  both(app, '/exchange/order/current', CurrentQuery, async (request, q) => {
    const m = q.symbol ? market(q.symbol) : undefined;
    if (q.symbol && !m) throw unknownMarket(q.symbol);
    const open = exchange.engine.openOrders(userOf(request).id, m?.symbol).reverse();
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 20;
    const records = open.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(view);
    return ok({ records, total: open.length, pageNo, pageSize });
  });

  both(app, '/exchange/order/history', HistoryQuery, async (request, q) => {
    const m = q.symbol ? market(q.symbol) : undefined;
    if (q.symbol && !m) throw unknownMarket(q.symbol);
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 20;
    // The query tables may lag the journal by a moment: bring them up to date first.
    exchange.sync();
    let query = db
      .selectFrom('spot_orders')
      .where('user_id', '=', userOf(request).id)
      .where('status', 'in', [OrderStatus.filled, OrderStatus.cancelled, OrderStatus.partlyCancelled]);
    if (m) query = query.where('symbol', '=', m.symbol);
    if (q.direction) query = query.where('side', '=', q.direction);
    if (q.type) query = query.where('type', '=', q.type);
    if (q.startTime !== undefined) query = query.where('created_at', '>=', q.startTime);
    if (q.endTime !== undefined) query = query.where('created_at', '<=', q.endTime);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const records = rows.map((r) => view(orderFromRow(r)));
    return ok({ records, total: Number(total.n), pageNo, pageSize });
  });

  // The user's fills (trade history), newest first, from the buyer's and the seller's side.
  both(app, '/exchange/order/trades', TradesQuery, async (request, q) => {
    const m = q.symbol ? market(q.symbol) : undefined;
    if (q.symbol && !m) throw unknownMarket(q.symbol);
    const userId = userOf(request).id;
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 20;
    exchange.sync();
    const side = (column: 'buy_user_id' | 'sell_user_id', direction: Side) => {
      // The side is a constant column so that one union can be ordered and paged.
      let query = db
        .selectFrom('spot_trades')
        .selectAll()
        .select(sql<number>`${direction}`.as('side'))
        .where(column, '=', userId);
      if (m) query = query.where('symbol', '=', m.symbol);
      if (q.startTime !== undefined) query = query.where('time', '>=', q.startTime);
      if (q.endTime !== undefined) query = query.where('time', '<=', q.endTime);
      return query;
    };
    const buys = side('buy_user_id', Side.buy);
    const sells = side('sell_user_id', Side.sell);
    const picked = q.direction === Side.buy ? buys : q.direction === Side.sell ? sells : buys.unionAll(sells);
    const all = db.selectFrom(picked.as('t'));
    const total = await all.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await all
      .selectAll()
      .orderBy('id', 'desc')
      .orderBy('side')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const records = rows.map((r) =>
      fillView(
        {
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
        r.side as Side,
        exchange.markets.get(r.symbol) as SpotMarketInfo,
      ),
    );
    return ok({ records, total: Number(total.n), pageNo, pageSize });
  });

  app.get<{ Params: Type.Static<typeof IdParams> }>(
    '/exchange/order/detail/:id',
    { schema: { params: IdParams } },
    async (request) => {
      const userId = userOf(request).id;
      // The query tables may lag the journal by a moment: bring them up to date first.
      exchange.sync();
      const live = exchange.engine.order(request.params.id);
      const stored = live
        ? undefined
        : await db.selectFrom('spot_orders').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      const order = live ?? (stored ? orderFromRow(stored) : undefined);
      if (!order || order.userId !== userId) throw rejection('orderNotFound', undefined);
      const m = exchange.markets.get(order.symbol) as SpotMarketInfo;
      const trades = await db
        .selectFrom('spot_trades')
        .selectAll()
        .where((eb) => eb.or([eb('buy_order_id', '=', order.id), eb('sell_order_id', '=', order.id)]))
        .orderBy('id')
        .execute();
      const detail: TradeView[] = trades.map((t) => {
        const buyer = t.buy_order_id === order.id;
        return {
          tradeId: t.id,
          price: fromUnits(BigInt(t.price), m.priceScale),
          amount: fromUnits(BigInt(t.quantity), m.amountScale),
          turnover: fromUnits(BigInt(t.quote_units), m.quoteDecimals),
          fee: buyer ? fromUnits(BigInt(t.buy_fee), m.baseDecimals) : fromUnits(BigInt(t.sell_fee), m.quoteDecimals),
          maker: t.taker_side !== order.side,
          time: t.time,
        };
      });
      return ok({ ...view(order), detail });
    },
  );

  // The spot account of one market (spec trading §3 "Spot account"): what the order form needs to size and check an
  // order. Fee rates are the taker's (the dearer one), so a total shown before sending is never an underestimate.
  both(app, '/exchange/account', SymbolBody, async (request, q) => {
    const m = market(q.symbol);
    if (!m) throw unknownMarket(q.symbol);
    const userId = userOf(request).id;
    const base = exchange.accounts.balance(userId, m.base);
    const quote = exchange.accounts.balance(userId, m.quote);
    const book = exchange.engine.book(m.symbol);
    const price = (ticks: number | undefined) => (ticks ? fromUnits(BigInt(ticks), m.priceScale) : '0');
    const bid = price(book?.bids.best()?.price);
    const ask = price(book?.asks.best()?.price);
    const last = app.marketData.has(m.symbol) ? price(app.marketData.stats(m.symbol).price) : '0';
    const rmb = fromUnits(BigInt(quote.available), m.quoteDecimals);
    const coinHotMoney = fromUnits(BigInt(base.available), m.baseDecimals);
    const rate = fromUnits(BigInt(m.takerRate), 8);
    return ok({
      symbol: m.symbol,
      coinHotMoney,
      currentCoinColdMoney: fromUnits(BigInt(base.frozen), m.baseDecimals),
      rmb,
      coldrmb: fromUnits(BigInt(quote.frozen), m.quoteDecimals),
      buyOnePrice: bid,
      sellOnePrice: ask,
      currentExchangPrice: last,
      canBuyCoin: ask === '0' ? '0' : div(rmb, ask, m.amountScale),
      canSellMoney: truncate(mul(coinHotMoney, bid), m.quoteDecimals),
      buyFeeRate: rate,
      sellFeeRate: rate,
      makerFeeRate: fromUnits(BigInt(m.makerRate), 8),
      takerFeeRate: rate,
      buyMinMoney: fromUnits(BigInt(m.minQuote), m.quoteDecimals),
      sellMinCoin: fromUnits(BigInt(m.minLots), m.amountScale),
      keepDecimalForCoin: m.amountScale,
      keepDecimalForCurrency: m.priceScale,
      // Decimals of an order's value (a market buy's amount): the finer of the ledger and price × amount grids.
      keepDecimalForTotal: Math.min(m.quoteDecimals, m.priceScale + m.amountScale),
      oneTimeOrderNum: MAX_OPEN_ORDERS,
    });
  });

  // Favourites (spec trading §7): idempotent add and delete, unknown markets refused.
  app.route({
    method: ['GET', 'POST'],
    url: '/exchange/favor/find',
    handler: async (request) => {
      const rows = await db
        .selectFrom('spot_favorites')
        .select(['symbol', 'created_at'])
        .where('user_id', '=', userOf(request).id)
        .orderBy('created_at')
        .limit(MAX_FAVORITES)
        .execute();
      return ok(rows.map((r) => ({ symbol: r.symbol, addTime: r.created_at })));
    },
  });

  app.post<{ Body: Type.Static<typeof SymbolBody> }>(
    '/exchange/favor/add',
    { schema: { body: SymbolBody } },
    async (request) => {
      const userId = userOf(request).id;
      const m = market(request.body.symbol);
      if (!m) throw unknownMarket(request.body.symbol);
      const count = await db
        .selectFrom('spot_favorites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_FAVORITES) throw new ApiError(200, ApiCode.badRequest, 'badRequest');
      await db
        .insertInto('spot_favorites')
        .values({ user_id: userId, symbol: m.symbol, created_at: app.clock() })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return ok(null);
    },
  );

  app.post<{ Body: Type.Static<typeof SymbolBody> }>(
    '/exchange/favor/delete',
    { schema: { body: SymbolBody } },
    async (request) => {
      const m = market(request.body.symbol);
      if (!m) throw unknownMarket(request.body.symbol);
      await db
        .deleteFrom('spot_favorites')
        .where('user_id', '=', userOf(request).id)
        .where('symbol', '=', m.symbol)
        .execute();
      return ok(null);
    },
  );

  // Spot bills: the lines of the user's spot wallet, newest first. Reservations are not bills (NOT_BILLS); the paying
  // side of a trade is, though it leaves from the frozen part.
  both(app, '/exchange/spot-bill/list', BillQuery, async (request, q) => {
    const userId = userOf(request).id;
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 10;
    // The query tables may lag the journal by a moment: bring them up to date first.
    exchange.sync();
    let query = db
      .selectFrom('ledger_entries as e')
      .innerJoin('coins as c', 'c.unit', 'e.coin')
      .where('e.user_id', '=', userId)
      .where('e.account', 'in', [`user:${userId}`, `user:${userId}:frozen`])
      .where('e.kind', 'not in', NOT_BILLS);
    if (q.coin) query = query.where('e.coin', '=', q.coin.toUpperCase());
    if (q.type) query = query.where('e.kind', '=', q.type);
    if (q.startTime !== undefined) query = query.where('e.created_at', '>=', q.startTime);
    if (q.endTime !== undefined) query = query.where('e.created_at', '<=', q.endTime);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(['e.id', 'e.txn_id', 'e.coin', 'e.amount', 'e.kind', 'e.created_at', 'c.decimals'])
      .orderBy('e.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const records = rows.map((r) => ({
      id: r.id,
      txnId: r.txn_id,
      coin: r.coin,
      amount: fromUnits(BigInt(r.amount), r.decimals),
      type: r.kind,
      time: r.created_at,
    }));
    return ok({ records, total: Number(total.n), pageNo, pageSize });
  });
}

/** A read route served both as GET (query string) and as a form POST (body), with one schema. */
function both<S extends TSchema>(
  app: FastifyInstance,
  url: string,
  schema: S,
  handler: (request: FastifyRequest, input: Type.Static<S>) => Promise<unknown>,
): void {
  app.get(url, { schema: { querystring: schema } }, (request) => handler(request, request.query as Type.Static<S>));
  app.post(url, { schema: { body: schema } }, (request) => handler(request, (request.body ?? {}) as Type.Static<S>));
}
