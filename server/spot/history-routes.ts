import {
  CurrentOrdersQuerySchema,
  FillHistoryQuerySchema,
  type OrderDetail,
  OrderDetailSchema,
  OrderHistoryQuerySchema,
  OrderIdParamsSchema,
  SpotFillPageSchema,
  SpotOrderPageSchema,
} from '../../common/contracts/spot-trade.ts';
import { fromUnits } from '../../common/decimal.ts';
import { userOf } from '../auth/session.ts';
import type { SpotMarketInfo } from '../exchange/index.ts';
import { fillView } from '../exchange/views.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import type { SpotContext } from './context.ts';
import { rejection } from './rejections.ts';

/** The routes' own guard is the plugin's: validation first, then the session (spot/routes.ts). */
const spot = { session: false, emptyForm: false };

/** The user's open orders, order history, fills and one order's detail (spec trading §7 "Spot trade"). */
export async function historyRoutes(app: Api, { exchange, markets, repository }: SpotContext): Promise<void> {
  read(
    app,
    '/exchange/order/current',
    { input: CurrentOrdersQuerySchema, data: SpotOrderPageSchema },
    async (request, q) => {
      const m = markets.filter(q.symbol);
      const open = exchange.engine.openOrders(userOf(request).id, m?.symbol).reverse();
      const pageNo = q.pageNo ?? 1;
      const pageSize = q.pageSize ?? 20;
      const records = open.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(markets.view);
      return ok({ records, total: open.length, pageNo, pageSize });
    },
    spot,
  );

  read(
    app,
    '/exchange/order/history',
    { input: OrderHistoryQuerySchema, data: SpotOrderPageSchema },
    async (request, q) => {
      const m = markets.filter(q.symbol);
      const page = { pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 20 };
      exchange.sync();
      const { orders, total } = await repository.closedOrders(userOf(request).id, { ...q, symbol: m?.symbol }, page);
      return ok({ records: orders.map(markets.view), total, ...page });
    },
    spot,
  );

  // The user's fills (trade history), newest first, from the buyer's and the seller's side.
  read(
    app,
    '/exchange/order/trades',
    { input: FillHistoryQuerySchema, data: SpotFillPageSchema },
    async (request, q) => {
      const m = markets.filter(q.symbol);
      const page = { pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 20 };
      exchange.sync();
      const { fills, total } = await repository.fills(userOf(request).id, { ...q, symbol: m?.symbol }, page);
      const records = fills.map((f) =>
        fillView(f.parts, f.side, exchange.markets.get(f.parts.symbol) as SpotMarketInfo),
      );
      return ok({ records, total, ...page });
    },
    spot,
  );

  app.get(
    '/exchange/order/detail/:id',
    { schema: { params: OrderIdParamsSchema, response: reply(OrderDetailSchema) } },
    async (request) => {
      const userId = userOf(request).id;
      exchange.sync();
      const order = exchange.engine.order(request.params.id) ?? (await repository.storedOrder(request.params.id));
      if (!order || order.userId !== userId) throw rejection('orderNotFound', undefined);
      const m = exchange.markets.get(order.symbol) as SpotMarketInfo;
      const trades = await repository.tradesOf(order.id);
      const detail: OrderDetail['detail'] = trades.map((t) => {
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
      return ok({ ...markets.view(order), detail });
    },
  );
}
