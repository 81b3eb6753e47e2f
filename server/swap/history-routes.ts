import { type ListBody, ListBodySchema, PositionBodySchema } from '../../common/contracts/swap.ts';
import {
  ClosedPositionPageSchema,
  FundingPaymentPageSchema,
  FundingRatePageSchema,
  ShareSchema,
  SwapFillPageSchema,
  SwapOrderPageSchema,
  SwapPlanPageSchema,
} from '../../common/contracts/swap-history.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { orderOfRow, planOfRow } from '../exchange/swap-recovery.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import type { SwapContext } from './context.ts';
import { closedPositionView, closedShareView, fillView, fundingPaymentView, fundingRateView } from './history-views.ts';
import { swapRefusal } from './rejections.ts';
import type { PageWindow, SwapRepository } from './repository.ts';
import { orderView, planView, positionView } from './views.ts';

/** Spec trading §9: lists default to 20 a page (the terminal's panels ask for 4). */
const pageOf = (body: ListBody): PageWindow => ({ pageNo: body.pageNo ?? 1, pageSize: body.pageSize ?? 20 });

/**
 * The contract records (spec trading §7 "Contract (swap)"): the user's finished orders and plans, fills, funding
 * payments, closed positions and a position's share card; and, for anyone, a contract's settled funding rates.
 * All lists are newest first and read the query tables, brought up to date with the journal first.
 */
export async function historyRoutes(app: Api, context: SwapContext, repository: SwapRepository): Promise<void> {
  const rates = async (request: { query?: unknown; body?: unknown }) => {
    const body = (request.body ?? request.query ?? {}) as ListBody;
    const { row, market } = context.contract(body);
    const page = pageOf(body);
    const { rows, total } = await repository.fundingRates(row.symbol, page);
    return ok({ records: rows.map((r) => fundingRateView(market, r)), total, ...page });
  };
  const rateSchema = { response: reply(FundingRatePageSchema) };
  app.get('/swap/funding/rates', { schema: { querystring: ListBodySchema, ...rateSchema } }, rates);
  app.post('/swap/funding/rates', { schema: { body: ListBodySchema, ...rateSchema } }, rates);
  await app.register(async (user: Api) => {
    user.addHook('preHandler', requireUser);
    await recordRoutes(user, context, repository);
    await positionRecordRoutes(user, context, repository);
  });
}

/** The user's finished orders and plans, fills and funding payments. */
async function recordRoutes(app: Api, { contract }: SwapContext, repository: SwapRepository): Promise<void> {
  const filterOf = (userId: number, body: ListBody | undefined) => {
    const b = body ?? {};
    return { filter: { userId, symbol: b.symbol || b.contractCoinId ? contract(b).row.symbol : undefined }, b };
  };
  const view = <R extends { symbol: string }, V>(rows: R[], of: (c: ReturnType<typeof contract>, r: R) => V) =>
    rows.map((r) => of(contract({ symbol: r.symbol }), r));

  app.post(
    '/swap/order/history',
    { schema: { body: ListBodySchema, response: reply(SwapOrderPageSchema) } },
    async (request) => {
      const { filter, b } = filterOf(userOf(request).id, request.body);
      const { rows, total } = await repository.finishedOrders(filter, pageOf(b));
      const records = view(rows, (c, r) => orderView(c.market, c.row, orderOfRow(r)));
      return ok({ records, total, ...pageOf(b) });
    },
  );
  app.post(
    '/swap/order/plan-history',
    { schema: { body: ListBodySchema, response: reply(SwapPlanPageSchema) } },
    async (request) => {
      const { filter, b } = filterOf(userOf(request).id, request.body);
      const { rows, total } = await repository.finishedPlans(filter, pageOf(b));
      const records = view(rows, (c, r) => planView(c.market, planOfRow(r)));
      return ok({ records, total, ...pageOf(b) });
    },
  );
  app.post(
    '/swap/order/trade-history',
    { schema: { body: ListBodySchema, response: reply(SwapFillPageSchema) } },
    async (request) => {
      const { filter, b } = filterOf(userOf(request).id, request.body);
      const { rows, total } = await repository.fills(filter, pageOf(b));
      const records = view(rows, (c, r) => fillView(c.market, c.row, r));
      return ok({ records, total, ...pageOf(b) });
    },
  );
  app.post(
    '/swap/funding/history',
    { schema: { body: ListBodySchema, response: reply(FundingPaymentPageSchema) } },
    async (request) => {
      const { filter, b } = filterOf(userOf(request).id, request.body);
      const { rows, total } = await repository.fundingPayments(filter, pageOf(b));
      const records = view(rows, (c, r) => fundingPaymentView(c.market, c.row, r));
      return ok({ records, total, ...pageOf(b) });
    },
  );
}

/** Closed positions, and the share card of an open or a closed position. */
async function positionRecordRoutes(app: Api, context: SwapContext, repository: SwapRepository): Promise<void> {
  const { contract, swap } = context;
  app.post(
    '/swap/order/positionHistory',
    { schema: { body: ListBodySchema, response: reply(ClosedPositionPageSchema) } },
    async (request) => {
      const b = request.body ?? {};
      const symbol = b.symbol || b.contractCoinId ? contract(b).row.symbol : undefined;
      const page = pageOf(b);
      const { rows, total } = await repository.closedPositions({ userId: userOf(request).id, symbol }, page);
      const records = rows.map((r) => {
        const { row, market } = contract({ symbol: r.symbol });
        return closedPositionView(market, row, r);
      });
      return ok({ records, total, ...page });
    },
  );
  // Position ids are one sequence for open and closed positions: the id alone says which card to draw.
  app.post(
    '/swap/order/share',
    { schema: { body: PositionBodySchema, response: reply(ShareSchema) } },
    async (request) => {
      const userId = userOf(request).id;
      const { positionId } = request.body;
      const open = swap.engine.holdings.byPositionId(positionId);
      if (open && open.userId === userId) {
        const { row, market } = contract({ symbol: open.symbol });
        const p = positionView(swap.engine, market, row, open);
        const { direction, leverage, entryPrice, markPrice: price, roe, unrealizedPnl: pnl } = p;
        return ok({ positionId, symbol: p.symbol, direction, leverage, entryPrice, price, closed: false, roe, pnl });
      }
      const closed = await repository.closedPosition(userId, positionId);
      if (!closed) throw swapRefusal('noPosition');
      const { row, market } = contract({ symbol: closed.symbol });
      return ok(closedShareView(market, row, closed));
    },
  );
}
