/**
 * Contract events as in-site messages (issue 21 §6): a liquidation, a TP/SL or trailing stop that fired, an
 * auto-deleveraging fill and a funding payment each leave a message in the user's message centre, rendered in the
 * reader's language from the templates of migration 0017. Sent after the events are durable; a replayed event writes
 * nothing twice (each message has a dedupe key).
 */

import { fromUnits } from '../../common/decimal.ts';
import { ActionCode } from '../../common/margin/codes.ts';
import { formatTicks } from '../../common/margin/grid.ts';
import { CONTRACT_TEMPLATES } from '../db/migrations/0017-contract-messages.ts';
import { PlanStatus } from '../engine/contracts/plans.ts';
import type { SwapEvent } from '../engine/contracts/types.ts';
import type { Exchange } from '../exchange/index.ts';
import type { SwapExchange } from '../exchange/swap.ts';
import type { InboxRepository } from '../shell/inbox-repository.ts';

/** A message to deliver: template, parameters and the key that makes it once-only. */
export interface ContractMessage {
  userId: number;
  template: string;
  params: Record<string, string | number>;
  dedupeKey: string;
}

const TPSL_KINDS: ReadonlySet<string> = new Set(['takeProfit', 'stopLoss', 'trailing']);

/** The messages a batch of committed events means for people (never for bots or the insurance fund). */
export function contractMessages(
  swap: SwapExchange,
  events: readonly SwapEvent[],
  isPerson: (userId: number) => boolean,
): ContractMessage[] {
  const out: ContractMessage[] = [];
  for (const e of events) {
    const message = messageOf(swap, e);
    if (message && isPerson(message.userId)) out.push(message);
  }
  return out;
}

function messageOf(swap: SwapExchange, e: SwapEvent): ContractMessage | null {
  const grid = (symbol: string) => swap.engine.market(symbol)?.contract.grid;
  if (e.type === 'liquidation') {
    const g = grid(e.symbol);
    if (!g) return null;
    const params = { symbol: e.symbol, volume: e.contracts, price: formatTicks(g, e.price) };
    const key = `swap-liq:${e.symbol}:${e.positionSide}:${e.time}`;
    return { userId: e.userId, template: CONTRACT_TEMPLATES.liquidation, params, dedupeKey: key };
  }
  if (e.type === 'plan' && e.plan.status === PlanStatus.triggered && TPSL_KINDS.has(e.plan.kind)) {
    const g = grid(e.plan.symbol);
    if (!g) return null;
    const params = { symbol: e.plan.symbol, volume: e.plan.volume, price: formatTicks(g, e.plan.triggerPrice) };
    return { userId: e.plan.userId, template: CONTRACT_TEMPLATES.tpsl, params, dedupeKey: `swap-tpsl:${e.plan.id}` };
  }
  if (e.type === 'fill' && e.order.action === ActionCode.autoDeleveraging) {
    const g = grid(e.order.symbol);
    if (!g) return null;
    const params = { symbol: e.order.symbol, volume: e.contracts, price: formatTicks(g, e.price) };
    const key = `swap-adl:${e.tradeId}`;
    return { userId: e.order.userId, template: CONTRACT_TEMPLATES.adl, params, dedupeKey: key };
  }
  if (e.type === 'funding') return fundingMessage(swap, e);
  return null;
}

function fundingMessage(swap: SwapExchange, e: Extract<SwapEvent, { type: 'funding' }>): ContractMessage | null {
  const market = swap.engine.market(e.symbol);
  if (!market || e.amount === 0) return null;
  const row = swap.catalogue.get(e.symbol);
  if (!row) return null;
  // Ledger units of the settle coin; the rate in 10^-8, shown as a percentage.
  const amount = fromUnits(BigInt(e.amount), row.settleDecimals);
  const rate = `${fromUnits(e.rate, 6)}%`;
  const params = { symbol: e.symbol, volume: e.contracts, amount, coin: row.quote, rate };
  return {
    userId: e.userId,
    template: CONTRACT_TEMPLATES.funding,
    params,
    dedupeKey: `swap-funding:${e.positionId}:${e.time}`,
  };
}

/** Delivers the messages of every committed contract batch; a failed write is logged, the trade stands. */
export function deliverContractMessages(
  exchange: Exchange,
  inbox: Pick<InboxRepository, 'send'>,
  options: { clock: () => number; onError: (error: unknown) => void },
): () => void {
  const fund = exchange.swap.engine.fundUserId;
  const isPerson = (userId: number) => userId !== fund && !exchange.engine.isMarketMaker(userId);
  return exchange.swap.listen({
    committed(events) {
      const now = options.clock();
      for (const m of contractMessages(exchange.swap, events, isPerson)) {
        inbox.send(m.userId, m.template, m.params, now, m.dedupeKey).catch(options.onError);
      }
    },
  });
}
