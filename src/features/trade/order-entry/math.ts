// Pure order-entry rules of the spot terminal (spec trading §3 spot account and spot order, §5 numeric input): what a
// percent of the balance buys, the total and fee, the checks made before an order is sent, and the body sent.

import type { SpotAccount as SpotAccountView } from '../../../../common/contracts/spot-trade.ts';
import { compare, div, isDecimal, mul, truncate } from '../../../../common/decimal.ts';
import { OrderType, Side } from '../../../../common/trading.ts';

/** Limit, market, or stop-limit (a limit order placed when the last price reaches the trigger). */
export type EntryKind = 'limit' | 'market' | 'stop';
export const ENTRY_KINDS: readonly EntryKind[] = ['limit', 'market', 'stop'];
export const PERCENTS = [25, 50, 75, 100] as const;

/**
 * The spot account of /exchange/account (spec trading §3, common/contracts/spot-trade.ts), the part the form reads:
 * available coins (coinHotMoney base, rmb quote), fee rates, minimums, decimals and the prices.
 */
export type SpotAccount = Pick<
  SpotAccountView,
  | 'symbol'
  | 'coinHotMoney'
  | 'rmb'
  | 'buyFeeRate'
  | 'sellFeeRate'
  | 'buyMinMoney'
  | 'sellMinCoin'
  | 'keepDecimalForCoin'
  | 'keepDecimalForCurrency'
  | 'keepDecimalForTotal'
  | 'currentExchangPrice'
  | 'buyOnePrice'
  | 'sellOnePrice'
>;

/** What one side of the form holds, as typed. A market buy is sized by `total` (the quote to spend). */
export interface EntryInput {
  side: Side;
  kind: EntryKind;
  price: string;
  trigger: string;
  amount: string;
  total: string;
}

const positive = (text: string): boolean => isDecimal(text) && compare(text, '0') > 0;
const clean = (text: string): string => (text.endsWith('.') ? text.slice(0, -1) : text).trim();

/** A market buy names the quote to spend; every other order names the base amount. */
export const sizedByTotal = (side: Side, kind: EntryKind): boolean => side === Side.buy && kind === 'market';

/** The price an order is valued at: its limit price, or for a market order the best opposite price (else last). */
export function valuationPrice(input: Pick<EntryInput, 'side' | 'kind' | 'price'>, account: SpotAccount): string {
  if (input.kind !== 'market') return clean(input.price);
  const best = input.side === Side.buy ? account.sellOnePrice : account.buyOnePrice;
  return positive(best) ? best : account.currentExchangPrice;
}

/** price × amount at the total's decimals (truncated), or '' when either is missing. */
export function totalOf(price: string, amount: string, account: SpotAccount): string {
  const p = clean(price);
  const a = clean(amount);
  if (!positive(p) || !positive(a)) return '';
  return truncate(mul(p, a), account.keepDecimalForTotal);
}

/** amount = total ÷ price at the amount's decimals (truncated), or ''. */
export function amountOf(total: string, price: string, account: SpotAccount): string {
  const t = clean(total);
  const p = clean(price);
  if (!positive(t) || !positive(p)) return '';
  return div(t, p, account.keepDecimalForCoin);
}

/**
 * The slider (25/50/75/100 %): the share of the available balance to use. Buys spend the quote coin (as an amount at
 * the price, or as the total of a market buy), sells the base coin. '' when there is nothing to size by.
 */
export function percentOf(input: EntryInput, percent: number, account: SpotAccount): string {
  const share = String(percent / 100);
  if (input.side === Side.sell) {
    const amount = truncate(mul(account.coinHotMoney, share), account.keepDecimalForCoin);
    return positive(amount) ? amount : '';
  }
  const spend = truncate(mul(account.rmb, share), account.keepDecimalForTotal);
  if (!positive(spend)) return '';
  if (sizedByTotal(input.side, input.kind)) return spend;
  return amountOf(spend, valuationPrice(input, account), account);
}

/** The fee estimate at the (taker) rate: buys pay it in the base coin, sells in the quote coin. '' without a size. */
export function feeOf(input: EntryInput, account: SpotAccount): string {
  if (input.side === Side.buy) {
    const amount = sizedByTotal(input.side, input.kind)
      ? amountOf(input.total, valuationPrice(input, account), account)
      : clean(input.amount);
    return positive(amount) ? truncate(mul(amount, account.buyFeeRate), account.keepDecimalForCoin + 4) : '';
  }
  const total = totalOf(valuationPrice(input, account), input.amount, account);
  return total ? truncate(mul(total, account.sellFeeRate), account.keepDecimalForTotal) : '';
}

/** Translation key (under `trade.entry.errors`) and its values. */
export interface EntryError {
  key:
    | 'priceRequired'
    | 'triggerRequired'
    | 'triggerAtLast'
    | 'amountRequired'
    | 'totalRequired'
    | 'belowMinAmount'
    | 'belowMinTotal'
    | 'insufficient'
    | 'noPrice';
  values?: { min?: string; coin?: string };
}

/** The body of POST /exchange/order/add (spec trading §7), once the checks pass. */
export interface OrderBody {
  symbol: string;
  price?: string;
  amount: string;
  type: OrderType;
  direction: Side;
  triggerPrice?: string;
}

/**
 * The checks made before sending (the server makes them again): prices and sizes present, the market's minimum
 * amount and value, the available balance. `base`/`quote` name the coins in messages.
 */
export function checkOrder(
  input: EntryInput,
  account: SpotAccount,
  coins: { base: string; quote: string },
): { ok: true; body: OrderBody } | { ok: false; error: EntryError } {
  const fail = (key: EntryError['key'], values?: EntryError['values']) =>
    ({ ok: false, error: values ? { key, values } : { key } }) as const;
  const price = clean(input.price);
  const trigger = clean(input.trigger);
  if (input.kind !== 'market' && !positive(price)) return fail('priceRequired');
  let type: OrderType = input.kind === 'market' ? OrderType.market : OrderType.limit;
  if (input.kind === 'stop') {
    if (!positive(trigger)) return fail('triggerRequired');
    const last = account.currentExchangPrice;
    const rising = compare(trigger, last) > 0;
    if (positive(last) && compare(trigger, last) === 0) return fail('triggerAtLast');
    // A buy stop above the last price is a stop-loss, below it a take-profit; a sell the other way round.
    type = rising === (input.side === Side.buy) ? OrderType.stopLoss : OrderType.takeProfit;
  }
  const body: OrderBody = { symbol: account.symbol, type, direction: input.side, amount: '' };
  if (input.kind !== 'market') body.price = price;
  if (input.kind === 'stop') body.triggerPrice = trigger;

  if (sizedByTotal(input.side, input.kind)) {
    const total = clean(input.total);
    if (!positive(total)) return fail('totalRequired');
    if (compare(total, account.buyMinMoney) < 0) {
      return fail('belowMinTotal', { min: account.buyMinMoney, coin: coins.quote });
    }
    if (compare(total, account.rmb) > 0) return fail('insufficient', { coin: coins.quote });
    body.amount = truncate(total, account.keepDecimalForTotal);
    return { ok: true, body };
  }

  const amount = clean(input.amount);
  if (!positive(amount)) return fail('amountRequired');
  if (compare(amount, account.sellMinCoin) < 0) {
    return fail('belowMinAmount', { min: account.sellMinCoin, coin: coins.base });
  }
  const valuation = valuationPrice(input, account);
  if (input.kind === 'market' && !positive(valuation)) return fail('noPrice');
  const total = positive(valuation) ? mul(valuation, amount) : '0';
  // A market sell's value is only known once it fills: the server checks the minimum value of priced orders alone.
  if (input.kind !== 'market' && compare(total, account.buyMinMoney) < 0) {
    return fail('belowMinTotal', { min: account.buyMinMoney, coin: coins.quote });
  }
  const short = input.side === Side.buy ? compare(total, account.rmb) > 0 : compare(amount, account.coinHotMoney) > 0;
  if (short) return fail('insufficient', { coin: input.side === Side.buy ? coins.quote : coins.base });
  body.amount = truncate(amount, account.keepDecimalForCoin);
  return { ok: true, body };
}
