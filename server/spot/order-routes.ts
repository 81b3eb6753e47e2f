import { ApiCode } from '../../common/api.ts';
import {
  type AddOrderBody,
  AddOrderBodySchema,
  CancelAllSchema,
  OrderIdParamsSchema,
  SpotOrderSchema,
} from '../../common/contracts/spot-trade.ts';
import { positiveUnits } from '../../common/decimal.ts';
import { OrderType, Side, TriggerType } from '../../common/trading.ts';
import { userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Order, PlaceCommand, SpotMarketInfo } from '../exchange/index.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import type { SpotContext } from './context.ts';
import { rejection } from './rejections.ts';

/** The integer command of an order form, or the refusal that names the field at fault. */
function placeCommand(userId: number, m: SpotMarketInfo, body: AddOrderBody): PlaceCommand {
  const type = body.type as OrderType;
  const side = body.direction as Side;
  let price = 0;
  if (type !== OrderType.market) {
    const ticks = positiveUnits(body.price, m.priceScale);
    if (ticks === null) throw rejection('badPrice', m);
    price = ticks;
  }
  let quantity = 0;
  let budget = 0;
  if (type === OrderType.market && side === Side.buy) {
    // A market buy names the quote amount to spend, on the finer of the ledger and value grids.
    const scale = Math.min(m.quoteDecimals, m.priceScale + m.amountScale);
    const spend = positiveUnits(body.amount, scale);
    if (spend === null) throw new ApiError(200, ApiCode.badAmount, 'spotBadAmount', { scale });
    budget = spend * 10 ** (m.quoteDecimals - scale);
  } else {
    const lots = positiveUnits(body.amount, m.amountScale);
    if (lots === null) throw new ApiError(200, ApiCode.badAmount, 'spotBadAmount', { scale: m.amountScale });
    quantity = lots;
  }
  let triggerPrice = 0;
  if (type === OrderType.stopLoss || type === OrderType.takeProfit) {
    const ticks = positiveUnits(body.triggerPrice, m.priceScale);
    if (ticks === null) throw rejection('triggerPriceInvalid', m);
    triggerPrice = ticks;
  }
  const triggerType = (body.triggerType ?? TriggerType.tradePrice) as TriggerType;
  return { userId, symbol: m.symbol, side, type, price, quantity, budget, triggerPrice, triggerType };
}

/** Placing and cancelling spot orders (spec trading §7 "Spot trade": order/add, order/cancel/{id}, cancel-all). */
export async function orderRoutes(app: Api, { exchange, markets }: SpotContext): Promise<void> {
  app.post(
    '/exchange/order/add',
    { schema: { body: AddOrderBodySchema, response: reply(SpotOrderSchema) } },
    async (request) => {
      const body = request.body;
      const m = markets.find(body.symbol);
      // This exchange issues no coupons yet, so any coupon number is unknown; and it has no platform token to pay
      // fees with, so `useDiscount` is accepted and changes nothing (the market's fee applies).
      if (body.couponNo?.trim()) throw new ApiError(200, ApiCode.couponNotFound, 'spotCouponNotFound');
      const command = placeCommand(userOf(request).id, m, body);
      const result = await exchange.place(command);
      if (!result.ok) throw rejection(result.reason, m, command.side);
      return ok(markets.view(result.ack as Order));
    },
  );

  app.post(
    '/exchange/order/cancel/:id',
    { schema: { params: OrderIdParamsSchema, response: reply(SpotOrderSchema) } },
    async (request) => {
      const result = await exchange.cancel(userOf(request).id, request.params.id);
      if (!result.ok) throw rejection(result.reason, undefined);
      return ok(markets.view(result.ack as Order));
    },
  );

  app.post('/exchange/order/cancel-all', { schema: { response: reply(CancelAllSchema) } }, async (request) => {
    // The body is optional (no symbol: every market), which a body schema cannot say; checked by hand.
    const raw: unknown = (request.body as Record<string, unknown> | undefined)?.symbol;
    if (raw !== undefined && (typeof raw !== 'string' || raw.length > 32)) throw ApiError.invalidParam('symbol');
    const m = markets.filter(raw as string | undefined);
    const result = await exchange.cancelAll(userOf(request).id, m?.symbol);
    if (!result.ok) throw rejection(result.reason, m);
    const cancelled = result.events.filter((e) => e.type === 'order').map((e) => e.order.id);
    return ok({ cancelled });
  });
}
