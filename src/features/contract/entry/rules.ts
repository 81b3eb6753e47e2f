// The contract order form's rules (spec trading §3 contract order, §4 open tab, §5 numeric input): which position an
// order works on, the size in contracts or in quote value, the percent slider, the checks made before sending and the
// body of /swap/order/open or /close (common/contracts/swap.ts). No React; tests/src/features/contract/entry/rules.test.ts.
import type { CloseBody, OpenBody, Position as PositionView, SwapWallet } from '../../../../common/contracts/swap.ts';
import { MarginModel, OpenTab, PositionClass, PricePreference } from '../../../../common/margin/codes.ts';
import { formatFine, notional, RATE_SCALE } from '../../../../common/margin/grid.ts';
import { notionalCap } from '../../../../common/margin/tiers.ts';
import { isLegTriggerValid } from '../../../../common/margin/triggers.ts';
import { OrderType, TriggerType } from '../../../../common/order-codes.ts';
import { sanitizeNumericInput } from '../../../format/numeric-input.ts';
import { PERCENTS } from '../../trade/order-entry/math.ts';
import { maxContracts, minorOf, positionOf, type Terms, ticksOf, tiersFor } from './terms.ts';
import type { EntryPrices, EntrySettings } from './types.ts';

export { PERCENTS };
export const OPEN_TABS: readonly OpenTab[] = [OpenTab.market, OpenTab.limit, OpenTab.plan];
/** Decimals of a size typed as quote value (spec trading §9: futures figures default to 2). */
export const QUOTE_DECIMALS = 2;
export const MAX_VOLUME = 1_000_000_000;

/** 1 long, 2 short: the position an order opens or closes (the wire's `direction`). */
export type Direction = 1 | 2;
export type EntryMode = 'open' | 'close';
export type SizeUnit = 'contracts' | 'quote';

export interface EntryForm {
  tab: OpenTab;
  mode: EntryMode;
  unit: SizeUnit;
  price: string;
  trigger: string;
  /** What a plan's trigger watches: 1 the trade price (last or mark, by the preference), 2 the index. */
  triggerType: TriggerType;
  size: string;
  /** The slider's share (0 when the size was typed). */
  percent: number;
  tpsl: boolean;
  takeProfit: string;
  stopLoss: string;
  tpslTrigger: TriggerType;
  reduceOnly: boolean;
}

export const emptyForm = (): EntryForm => ({
  tab: OpenTab.limit,
  mode: 'open',
  unit: 'contracts',
  price: '',
  trigger: '',
  triggerType: TriggerType.tradePrice,
  size: '',
  percent: 0,
  tpsl: false,
  takeProfit: '',
  stopLoss: '',
  tpslTrigger: TriggerType.tradePrice,
  reduceOnly: false,
});

/** What the rules read besides the form. */
export interface EntryContext {
  terms: Terms;
  settings: EntrySettings;
  wallet: SwapWallet | null;
  /** The user's positions on this contract. */
  positions: readonly PositionView[];
  prices: EntryPrices | null;
}

export type EntryField = 'price' | 'trigger' | 'size' | 'takeProfit' | 'stopLoss';

/** The numeric input rule per field: prices to the tick, contracts whole, quote value to the cent. */
export function editField(form: EntryForm, field: EntryField, raw: string, terms: Terms): EntryForm {
  if (field === 'size') {
    const decimals = form.unit === 'contracts' ? 0 : QUOTE_DECIMALS;
    return {
      ...form,
      size: sanitizeNumericInput(raw, { decimals, max: form.unit === 'contracts' ? MAX_VOLUME : undefined }),
      percent: 0,
    };
  }
  return { ...form, [field]: sanitizeNumericInput(raw, { decimals: terms.info.quoteDecimal }) };
}

export const isHedge = (settings: EntrySettings): boolean => settings.positionClass === PositionClass.multi;

/** The leverage an order on `direction`'s position uses: the short side's in hedge mode, else the long one. */
export function leverageOf(settings: EntrySettings, direction: Direction): number {
  return isHedge(settings) && direction === 2 ? settings.leverageShort : settings.leverageLong;
}

/** The position a close on `direction` works on (in one-way mode the single position, if it points that way). */
export function positionFor(ctx: EntryContext, direction: Direction): PositionView | null {
  return ctx.positions.find((p) => p.symbol === ctx.terms.info.symbol && p.direction === direction) ?? null;
}

/** The ticks an order is valued at: its limit price; a market order at the last price; a plan at its price or trigger. */
export function valuationTicks(form: EntryForm, ctx: EntryContext): number | null {
  if (form.tab === OpenTab.limit) return ticksOf(ctx.terms, form.price);
  if (form.tab === OpenTab.plan) return ticksOf(ctx.terms, form.price) ?? ticksOf(ctx.terms, form.trigger);
  return ctx.prices ? ticksOf(ctx.terms, ctx.prices.last) : null;
}

/** Contracts of the typed size: as typed, or the whole contracts a quote value buys at `ticks` (rounded down). */
export function contractsOf(form: EntryForm, ctx: EntryContext, ticks: number | null): number {
  const text = form.size.endsWith('.') ? form.size.slice(0, -1) : form.size;
  if (!text) return 0;
  if (form.unit === 'contracts') return Number(text);
  if (ticks === null) return 0;
  const { grid } = ctx.terms;
  const value = minorOf(ctx.terms, text) * grid.perMinor;
  return Number(value / notional(grid, 1, ticks));
}

/** A size in the form's unit for `contracts` at `ticks` (quote value: their notional, to the cent, rounded down). */
export function sizeText(unit: SizeUnit, contracts: number, ticks: number | null, terms: Terms): string {
  if (contracts <= 0) return '';
  if (unit === 'contracts') return String(contracts);
  if (ticks === null) return '';
  return formatFine(terms.grid, notional(terms.grid, contracts, ticks), QUOTE_DECIMALS);
}

/**
 * The slider: an open uses that share of the contracts the available balance reserves at the side's leverage (margin
 * and taker fee); a close that share of the position.
 */
export function percentContracts(form: EntryForm, ctx: EntryContext, direction: Direction, percent: number): number {
  if (form.mode === 'close') {
    const held = positionFor(ctx, direction)?.volume ?? 0;
    return Math.floor((held * percent) / 100);
  }
  const ticks = valuationTicks(form, ctx);
  if (ticks === null || !ctx.wallet) return 0;
  const leverage = leverageOf(ctx.settings, direction);
  const affordable = maxContracts(ctx.terms, leverage, ticks, minorOf(ctx.terms, ctx.wallet.available));
  return Math.floor((Math.min(affordable, capRoom(ctx, direction, leverage, ticks)) * percent) / 100);
}

/** Contracts the leverage's risk limit still leaves room for on top of the same-side position (Bybit's rule). */
export function capRoom(ctx: EntryContext, direction: Direction, leverage: number, ticks: number): number {
  const cap = notionalCap(tiersFor(ctx.terms, leverage), leverage);
  if (cap === null) return MAX_VOLUME;
  const same = positionFor(ctx, direction);
  const room = cap - (same ? positionOf(ctx.terms, same).cost : 0n);
  return room > 0n ? Number(room / notional(ctx.terms.grid, 1, ticks)) : 0;
}

export function withPercent(form: EntryForm, ctx: EntryContext, direction: Direction, percent: number): EntryForm {
  const contracts = percentContracts(form, ctx, direction, percent);
  return { ...form, percent, size: sizeText(form.unit, contracts, valuationTicks(form, ctx), ctx.terms) };
}

/** Switching the unit keeps the size: the contracts it means, said the other way. */
export function withUnit(form: EntryForm, ctx: EntryContext, unit: SizeUnit): EntryForm {
  if (unit === form.unit) return form;
  const ticks = valuationTicks(form, ctx);
  return { ...form, unit, size: sizeText(unit, contractsOf(form, ctx, ticks), ticks, ctx.terms) };
}

/** Translation key under `contractEntry.errors` and its values. */
export interface EntryError {
  key:
    | 'priceRequired'
    | 'triggerRequired'
    | 'triggerAtPrice'
    | 'sizeRequired'
    | 'belowMinVolume'
    | 'aboveMaxVolume'
    | 'noPrice'
    | 'insufficient'
    | 'riskLimit'
    | 'noPosition'
    | 'closeTooLarge'
    | 'takeProfitSide'
    | 'stopLossSide';
  values?: { min?: number; max?: number };
}

export type Checked =
  | { ok: true; close: false; body: OpenBody; contracts: number; ticks: number }
  | { ok: true; close: true; body: CloseBody; contracts: number; ticks: number }
  | { ok: false; error: EntryError };

const fail = (key: EntryError['key'], values?: EntryError['values']): Checked =>
  values ? { ok: false, error: { key, values } } : { ok: false, error: { key } };

/** The price a trigger of `type` watches now (spec trading §4 price preference: mark or latest), or null. */
export function watchedPrice(ctx: EntryContext, type: TriggerType): string | null {
  if (!ctx.prices) return null;
  if (type === TriggerType.indexPrice) return ctx.prices.index;
  return ctx.settings.pricePreference === PricePreference.mark ? ctx.prices.mark : ctx.prices.last;
}

/** The order's type and prices (limit 1, market 2; a plan's trigger); the refusal of a missing or equal price. */
function pricing(
  form: EntryForm,
  ctx: EntryContext,
): EntryError | Pick<OpenBody, 'type' | 'entrustPrice' | 'triggerPrice' | 'triggerType'> {
  const price = ticksOf(ctx.terms, form.price);
  if (form.tab === OpenTab.market) return { type: OrderType.market };
  if (form.tab === OpenTab.limit) {
    if (price === null) return { key: 'priceRequired' };
    return { type: OrderType.limit, entrustPrice: form.price.replace(/\.$/, '') };
  }
  const trigger = ticksOf(ctx.terms, form.trigger);
  if (trigger === null) return { key: 'triggerRequired' };
  const watched = watchedPrice(ctx, form.triggerType);
  if (watched && ticksOf(ctx.terms, watched) === trigger) return { key: 'triggerAtPrice' };
  const base = { triggerPrice: form.trigger.replace(/\.$/, ''), triggerType: form.triggerType };
  // A plan without a price fills at market when it fires.
  if (price === null) return { type: OrderType.market, ...base };
  return { type: OrderType.limit, entrustPrice: form.price.replace(/\.$/, ''), ...base };
}

/** The size's checks: present, whole, within the contract's minimum and the wire's maximum. */
function sizing(form: EntryForm, ctx: EntryContext, ticks: number | null): number | EntryError {
  if (!form.size) return { key: 'sizeRequired' };
  if (form.unit === 'quote' && ticks === null) return { key: 'noPrice' };
  const contracts = contractsOf(form, ctx, ticks);
  const min = ctx.terms.info.minVolume;
  if (contracts < 1 || contracts < min) return { key: 'belowMinVolume', values: { min } };
  if (contracts > MAX_VOLUME) return { key: 'aboveMaxVolume', values: { max: MAX_VOLUME } };
  return contracts;
}

/**
 * The checks made before sending (the server makes them again and its message is shown when it still refuses), then
 * the body: an open (long 1 / short 2) with its TP/SL and reduce-only, or a close of the position `direction` names.
 */
export function checkEntry(form: EntryForm, ctx: EntryContext, direction: Direction): Checked {
  const priced = pricing(form, ctx);
  if ('key' in priced) return fail(priced.key);
  const ticks = valuationTicks(form, ctx);
  const contracts = sizing(form, ctx, ticks);
  if (typeof contracts !== 'number') return fail(contracts.key, contracts.values);
  if (ticks === null) return fail('noPrice');
  const symbol = ctx.terms.info.symbol;
  if (form.mode === 'close') {
    const held = positionFor(ctx, direction);
    if (!held) return fail('noPosition');
    if (contracts > held.volume) return fail('closeTooLarge', { max: held.volume });
    return { ok: true, close: true, body: { symbol, direction, volume: contracts, ...priced }, contracts, ticks };
  }
  const body: OpenBody = { symbol, direction, volume: contracts, ...priced };
  if (reduceOnlyAllowed(form, ctx.settings) && form.reduceOnly) {
    // Reduce-only works on the opposite one-way position; it needs no margin.
    if (!positionFor(ctx, direction === 1 ? 2 : 1)) return fail('noPosition');
    return { ok: true, close: false, body: { ...body, reduceOnly: 1 }, contracts, ticks };
  }
  const refused = marginRefusal(ctx, direction, contracts, ticks) ?? legsRefusal(form, ctx, direction, ticks, body);
  if (refused) return fail(refused.key, refused.values);
  return { ok: true, close: false, body, contracts, ticks };
}

/** Reduce-only is a one-way-mode open without TP/SL (the server refuses it in hedge mode). */
export const reduceOnlyAllowed = (form: EntryForm, settings: EntrySettings): boolean =>
  form.mode === 'open' && !isHedge(settings);

/** TP/SL go with opens on the market and limit tabs. */
export const tpslAllowed = (form: EntryForm, settings: EntrySettings): boolean =>
  form.mode === 'open' && form.tab !== OpenTab.plan && !(reduceOnlyAllowed(form, settings) && form.reduceOnly);

/** The balance (reservation with fees) and the risk limit of the leverage's tier (Bybit's rule, as the engine). */
function marginRefusal(ctx: EntryContext, direction: Direction, contracts: number, ticks: number): EntryError | null {
  const leverage = leverageOf(ctx.settings, direction);
  const available = ctx.wallet ? minorOf(ctx.terms, ctx.wallet.available) : 0n;
  // An open against a one-way position first closes it; only the rest needs margin.
  const opposite = isHedge(ctx.settings) ? null : positionFor(ctx, direction === 1 ? 2 : 1);
  const opening = Math.max(0, contracts - (opposite?.volume ?? 0));
  if (opening > 0 && maxContracts(ctx.terms, leverage, ticks, available) < opening) return { key: 'insufficient' };
  const cap = notionalCap(tiersFor(ctx.terms, leverage), leverage);
  const same = positionFor(ctx, direction);
  const exposure = same ? positionOf(ctx.terms, same).cost : 0n;
  if (cap !== null && exposure + notional(ctx.terms.grid, opening, ticks) > cap) return { key: 'riskLimit' };
  return null;
}

/** TP above and SL below where a long opens (the reverse for a short): a leg that would fire at once is refused. */
function legsRefusal(
  form: EntryForm,
  ctx: EntryContext,
  direction: Direction,
  ticks: number,
  body: OpenBody,
): EntryError | null {
  if (!form.tpsl || !tpslAllowed(form, ctx.settings)) return null;
  const sign = direction === 1 ? 1 : -1;
  const tp = ticksOf(ctx.terms, form.takeProfit);
  const sl = ticksOf(ctx.terms, form.stopLoss);
  if (tp !== null) {
    if (!isLegTriggerValid(sign, 'takeProfit', tp, ticks)) return { key: 'takeProfitSide' };
    body.takeProfitPrice = form.takeProfit.replace(/\.$/, '');
  }
  if (sl !== null) {
    if (!isLegTriggerValid(sign, 'stopLoss', sl, ticks)) return { key: 'stopLossSide' };
    body.stopLossPrice = form.stopLoss.replace(/\.$/, '');
  }
  if (tp !== null || sl !== null) body.triggerType = form.tpslTrigger;
  return null;
}

/** Which margin mode a new position takes. */
export const isIsolated = (settings: EntrySettings): boolean => settings.marginModel === MarginModel.isolated;

/** A rate of 10^-8 as a percent text with `decimals` places (fees, funding, margin ratio). */
export function percentText(rate: bigint, decimals = 2): string {
  const scale = 10n ** BigInt(decimals);
  const negative = rate < 0n;
  const abs = negative ? -rate : rate;
  const units = (abs * 100n * scale) / RATE_SCALE;
  const whole = units / scale;
  const fraction = (units % scale).toString().padStart(decimals, '0');
  return `${negative && units > 0n ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}%`;
}

/** Whether the order takes liquidity at once (market, a plan at market, a limit through the last price): its fee rate. */
export function isTaker(form: EntryForm, ctx: EntryContext, direction: Direction, ticks: number): boolean {
  if (form.tab === OpenTab.market) return true;
  if (form.tab === OpenTab.plan && !form.price) return true;
  const last = ctx.prices ? ticksOf(ctx.terms, ctx.prices.last) : null;
  const buying = (direction === 1) !== (form.mode === 'close');
  return last !== null && (buying ? ticks >= last : ticks <= last);
}
