import { Type } from 'typebox';
import {
  ContractBodySchema,
  ContractThumbListSchema,
  CurrentSchema,
  ListBodySchema,
  PositionListSchema,
  SwapPlanSchema,
  SwapWalletSchema,
  TpslBodySchema,
  TradeInitSchema,
} from '../../common/contracts/swap.ts';
import { toUnits } from '../../common/decimal.ts';
import { TpslMode } from '../../common/margin/codes.ts';
import { OrderType, TriggerType } from '../../common/order-codes.ts';
import { userOf } from '../auth/session.ts';
import type { Holding } from '../engine/contracts/holdings.ts';
import type { PlanExecution } from '../engine/contracts/terms.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import type { SwapContext } from './context.ts';
import { ticksOf } from './order-routes.ts';
import { swapRefusal } from './rejections.ts';
import { contractInfo, contractThumb, orderView, planView, positionView, thumbFigures, walletView } from './views.ts';

/** Positions, TP/SL on them, open orders and the wallet of the signed-in user. */
export async function positionRoutes(app: Api, context: SwapContext): Promise<void> {
  const { contract, run, swap } = context;
  const owned = (userId: number, positionId: number): Holding => {
    const holding = swap.engine.holdings.byPositionId(positionId);
    if (!holding || holding.userId !== userId) throw swapRefusal('noPosition');
    return holding;
  };

  app.post(
    '/swap/order/position-take-profit-stop-loss',
    { schema: { body: TpslBodySchema, response: reply(Type.Array(SwapPlanSchema)) } },
    async (request) => {
      const b = request.body;
      const h = owned(userOf(request).id, b.positionId);
      const { row, market } = contract({ symbol: h.symbol });
      const triggerType = (b.triggerType ?? TriggerType.tradePrice) as TriggerType;
      const orderPrice = b.orderPrice ? ticksOf(row, b.orderPrice) : 0;
      const leg = (price: string | undefined): PlanExecution | undefined =>
        price
          ? {
              triggerPrice: ticksOf(row, price, 'badTrigger'),
              triggerType,
              ...(orderPrice ? { orderType: OrderType.limit, orderPrice } : {}),
            }
          : undefined;
      let result: Awaited<ReturnType<typeof run>>;
      if (b.drawDownOffset !== undefined) {
        const rate = rateOf(b.drawDownOffset);
        const active = b.activePrice ? ticksOf(row, b.activePrice, 'badTrigger') : 0;
        const volume = b.stopLossPositionNum ?? 0;
        result = await run((e) => e.placeTrailing(h.userId, h.symbol, h.positionSide, active, rate, volume), row);
      } else {
        const mode = (b.tpslMode ?? TpslMode.whole) as TpslMode;
        const takeProfit = leg(b.stopProfitPrice);
        const stopLoss = leg(b.stopLossPrice);
        const volume = b.stopProfitPositionNum ?? b.stopLossPositionNum;
        const legs = {
          ...(takeProfit ? { takeProfit } : {}),
          ...(stopLoss ? { stopLoss } : {}),
          ...(volume ? { volume } : {}),
        };
        result = await run((e) => e.setTpsl(h.userId, h.symbol, h.positionSide, mode, legs), row);
      }
      return ok(result.ackPlans.map((p) => planView(market, p)));
    },
  );

  app.post(
    '/swap/position-list',
    { schema: { body: ListBodySchema, response: reply(PositionListSchema) } },
    async (request) => {
      const body = request.body ?? {};
      const only = body.symbol || body.contractCoinId ? contract(body).row.symbol : null;
      const views = [];
      for (const h of swap.engine.holdings.openOf(userOf(request).id)) {
        if (only && h.symbol !== only) continue;
        const { row, market } = contract({ symbol: h.symbol });
        views.push(positionView(swap.engine, market, row, h));
      }
      return ok(views.sort((a, b) => a.positionId - b.positionId));
    },
  );

  app.post(
    '/swap/order/current',
    { schema: { body: ListBodySchema, response: reply(CurrentSchema) } },
    async (request) => {
      const body = request.body ?? {};
      const userId = userOf(request).id;
      const only = body.symbol || body.contractCoinId ? contract(body).row.symbol : undefined;
      const pageNo = body.pageNo ?? 1;
      const pageSize = body.pageSize ?? 20;
      const orders = swap.engine.openOrders(userId, only).reverse();
      const records = orders.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((o) => {
        const { row, market } = contract({ symbol: o.symbol });
        return orderView(market, row, o);
      });
      const plans = swap.engine.plansOf(userId, only).map((p) => planView(contract({ symbol: p.symbol }).market, p));
      return ok({ orders: { records, total: orders.length, pageNo, pageSize }, plans });
    },
  );

  app.post('/swap/wallet/balance', { schema: { response: reply(Type.Array(SwapWalletSchema)) } }, async (request) => {
    const userId = userOf(request).id;
    const coins = new Map([...swap.catalogue.values()].map((row) => [row.quote, row]));
    return ok([...coins.values()].map((row) => walletView(swap.engine, row, userId)));
  });
}

/** A callback rate as a decimal ("0.01" = 1 %) in 10^-8; the engine checks its bounds. */
function rateOf(text: string): bigint {
  try {
    return toUnits(text.trim(), 8);
  } catch {
    throw swapRefusal('badRate');
  }
}

/** What anyone may read: the contracts with their prices, and one contract's terms (plus the user's, signed in). */
export async function publicRoutes(app: Api, context: SwapContext, funding: FundingView): Promise<void> {
  const { contract, swap } = context;
  app.get('/swap/symbol-thumb', { schema: { response: reply(ContractThumbListSchema) } }, async () => {
    const thumbs = [];
    for (const row of swap.catalogue.values()) {
      const market = swap.engine.market(row.symbol);
      if (market) {
        thumbs.push(
          contractThumb(row, market, funding(row.symbol), thumbFigures(swap.engine.holdings, app.swapData, row.symbol)),
        );
      }
    }
    return ok(thumbs);
  });
  const tradeInit = async (request: { query?: unknown; body?: unknown; user: { id: number } | null }) => {
    const names = (request.body ?? request.query ?? {}) as { symbol?: string; contractCoinId?: string };
    const { row } = contract(names);
    const user = request.user;
    if (!user) return ok({ contract: contractInfo(row), settings: null, wallet: null });
    const market = swap.engine.market(row.symbol);
    const s = swap.engine.holdings.settings(user.id, (market as NonNullable<typeof market>).contract);
    const settings = { ...s, pricePreference: swap.engine.pricePreference(user.id) };
    return ok({ contract: contractInfo(row), settings, wallet: walletView(swap.engine, row, user.id) });
  };
  app.get(
    '/swap/trade-init',
    { schema: { querystring: ContractBodySchema, response: reply(TradeInitSchema) } },
    tradeInit,
  );
  app.post('/swap/trade-init', { schema: { body: ContractBodySchema, response: reply(TradeInitSchema) } }, tradeInit);
}

/** The funding rate and next settlement a thumb shows (from the price service). */
export type FundingView = (symbol: string) => { rate: bigint; next: number };
