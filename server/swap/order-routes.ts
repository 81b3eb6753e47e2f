import { Type } from 'typebox';
import {
  CancelBodySchema,
  type CloseBody,
  CloseBodySchema,
  ContractBodySchema,
  LeverageBodySchema,
  type OpenBody,
  OpenBodySchema,
  PatternBodySchema,
  PositionBodySchema,
  PreferenceBodySchema,
  PrincipalBodySchema,
  SwapOrderSchema,
} from '../../common/contracts/swap.ts';
import { positiveUnits } from '../../common/decimal.ts';
import type { MarginModel, PositionClass, PricePreference } from '../../common/margin/codes.ts';
import { OrderType, type Side, TriggerType } from '../../common/order-codes.ts';
import { userOf } from '../auth/session.ts';
import type { ContractRow } from '../engine/contracts/contract.ts';
import type { ContractOrder } from '../engine/contracts/order.ts';
import type { SwapPlace } from '../engine/contracts/types.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import type { SwapContext } from './context.ts';
import { swapRefusal } from './rejections.ts';
import { orderView } from './views.ts';

const OrderOrNull = Type.Union([SwapOrderSchema, Type.Null()]);

/** Ticks of a price field, or the refusal naming the contract's price scale. */
export function ticksOf(row: ContractRow, text: string | undefined, reason: 'badPrice' | 'badTrigger' = 'badPrice') {
  const ticks = positiveUnits(text, row.priceScale);
  if (ticks === null) throw swapRefusal(reason, { scale: row.priceScale });
  return ticks;
}

/** The engine command of an open or close form; `side` is the order's (a close sells a long, buys a short). */
function placeOf(userId: number, row: ContractRow, body: OpenBody | CloseBody, side: Side, close: boolean): SwapPlace {
  const type = body.type as OrderType;
  const cmd: SwapPlace = {
    userId,
    symbol: row.symbol,
    side,
    type,
    price: type === OrderType.market ? 0 : ticksOf(row, body.entrustPrice),
    volume: body.volume,
    close,
  };
  // A close form has no TP/SL or reduce-only (an open form need not send reduceOnly: it was what told them apart).
  if (close) return cmd;
  const open = body as OpenBody;
  cmd.reduceOnly = open.reduceOnly === 1;
  const triggerType = (open.triggerType ?? TriggerType.tradePrice) as TriggerType;
  if (open.takeProfitPrice)
    cmd.takeProfit = { triggerPrice: ticksOf(row, open.takeProfitPrice, 'badTrigger'), triggerType };
  if (open.stopLossPrice) cmd.stopLoss = { triggerPrice: ticksOf(row, open.stopLossPrice, 'badTrigger'), triggerType };
  return cmd;
}

/** Opening and closing (spec /swap/order/open|close): a trigger price makes it a plan that waits off the book. */
async function placeRoutes(app: Api, { contract, run }: SwapContext): Promise<void> {
  const place = async (userId: number, body: OpenBody | CloseBody, close: boolean) => {
    const { row, market } = contract(body);
    // A close names the position it closes (1 long, 2 short).
    const side = (close ? (body.direction === 1 ? 2 : 1) : body.direction) as Side;
    const cmd = placeOf(userId, row, body, side, close);
    if (body.triggerPrice) {
      const triggerPrice = ticksOf(row, body.triggerPrice, 'badTrigger');
      const triggerType = (body.triggerType ?? TriggerType.tradePrice) as TriggerType;
      const orderType = cmd.type === OrderType.limit ? OrderType.limit : OrderType.market;
      await run((e) => e.placePlan({ ...cmd, triggerPrice, triggerType, orderType, orderPrice: cmd.price }), row);
      return ok(null);
    }
    const result = await run((e) => e.place(cmd), row);
    return ok(result.ack ? orderView(market, row, result.ack) : null);
  };
  app.post('/swap/order/open', { schema: { body: OpenBodySchema, response: reply(OrderOrNull) } }, (request) =>
    place(userOf(request).id, request.body, false),
  );
  app.post('/swap/order/close', { schema: { body: CloseBodySchema, response: reply(OrderOrNull) } }, (request) =>
    place(userOf(request).id, request.body, true),
  );
}

/** Close-all, cancel, reverse: commands on what the user already has. */
async function manageRoutes(app: Api, { contract, run }: SwapContext): Promise<void> {
  app.post(
    '/swap/order/close-all',
    { schema: { body: ContractBodySchema, response: reply(Type.Null()) } },
    async (request) => {
      const body = request.body ?? {};
      const symbol = body.symbol || body.contractCoinId ? contract(body).row.symbol : undefined;
      await run((e) => e.closeAll(userOf(request).id, symbol));
      return ok(null);
    },
  );
  app.post(
    '/swap/order/cancel',
    { schema: { body: CancelBodySchema, response: reply(OrderOrNull) } },
    async (request) => {
      const userId = userOf(request).id;
      const { orderId, planId } = request.body;
      if (planId !== undefined) {
        await run((e) => e.cancelPlan(userId, planId));
        return ok(null);
      }
      if (orderId === undefined) throw swapRefusal('orderNotFound');
      const result = await run((e) => e.cancel(userId, orderId));
      const order = result.ack as ContractOrder;
      const { row, market } = contract({ symbol: order.symbol });
      return ok(orderView(market, row, order));
    },
  );
  app.post(
    '/swap/order/backhand',
    { schema: { body: PositionBodySchema, response: reply(OrderOrNull) } },
    async (request) => {
      const result = await run((e) => e.reverse(userOf(request).id, request.body.positionId));
      const order = result.ack;
      if (!order) return ok(null);
      const { row, market } = contract({ symbol: order.symbol });
      return ok(orderView(market, row, order));
    },
  );
}

/** Leverage, margin model and position class, isolated margin, price preference. */
async function settingRoutes(app: Api, { contract, run, swap }: SwapContext): Promise<void> {
  app.post(
    '/swap/order/modify-leverage',
    { schema: { body: LeverageBodySchema, response: reply(Type.Null()) } },
    async (request) => {
      const { row } = contract(request.body);
      const side = request.body.direction === undefined ? undefined : request.body.direction === 1 ? 'long' : 'short';
      await run((e) => e.setLeverage(userOf(request).id, row.symbol, request.body.leverage, side), row);
      return ok(null);
    },
  );
  app.post(
    '/swap/order/switch-pattern',
    { schema: { body: PatternBodySchema, response: reply(Type.Null()) } },
    async (request) => {
      const { row } = contract(request.body);
      const userId = userOf(request).id;
      const { marginModel, positionClass } = request.body;
      if (marginModel === undefined && positionClass === undefined) throw swapRefusal('badOrder');
      if (marginModel !== undefined)
        await run((e) => e.setMarginModel(userId, row.symbol, marginModel as MarginModel), row);
      if (positionClass !== undefined) {
        await run((e) => e.setPositionClass(userId, row.symbol, positionClass as PositionClass), row);
      }
      return ok(null);
    },
  );
  app.post(
    '/swap/order/ajust-principal',
    { schema: { body: PrincipalBodySchema, response: reply(Type.Null()) } },
    async (request) => {
      const userId = userOf(request).id;
      const holding = swap.engine.holdings.byPositionId(request.body.positionId);
      if (!holding || holding.userId !== userId) throw swapRefusal('noPosition');
      const { row } = contract({ symbol: holding.symbol });
      const units = positiveUnits(request.body.amount, row.settleDecimals);
      if (units === null) throw swapRefusal('badAmount', { scale: row.settleDecimals });
      const amount = request.body.type === 1 ? units : -units;
      await run((e) => e.adjustMargin(userId, holding.symbol, holding.positionSide, amount), row);
      return ok(null);
    },
  );
  app.post(
    '/swap/preference/price',
    { schema: { body: PreferenceBodySchema, response: reply(Type.Null()) } },
    async (request) => {
      await run((e) => e.setPricePreference(userOf(request).id, request.body.pricePreference as PricePreference));
      return ok(null);
    },
  );
}

/** The order commands of the contract area (spec trading §7 "Contract (swap)"). */
export async function orderRoutes(app: Api, context: SwapContext): Promise<void> {
  await placeRoutes(app, context);
  await manageRoutes(app, context);
  await settingRoutes(app, context);
}
