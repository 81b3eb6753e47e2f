// The before → after preview of an order (issue 21 §3): margin, liquidation price, margin ratio, fee and the funding
// at the next settlement, computed with the engine's own functions (common/margin) on the same integers, so what the
// form shows is what /swap/position-list then reports. tests/src/features/contract/entry/preview-server.test.ts
// places the previewed orders on the real server and compares.
import type { Position as PositionView, SwapWallet } from '../../../../common/contracts/swap.ts';
import { MarginModel } from '../../../../common/margin/codes.ts';
import { settleFunding } from '../../../../common/margin/funding.ts';
import {
  applyRateCeil,
  fromMinor,
  notional,
  parseRate,
  toMinorCeil,
  toMinorFloor,
} from '../../../../common/margin/grid.ts';
import {
  equityAt,
  liquidationPrice,
  type MarginLeg,
  type MarginSet,
  maintenanceOf,
  marginRatio,
} from '../../../../common/margin/liquidation.ts';
import { applyFill, initialMargin, type Position } from '../../../../common/margin/position.ts';
import { minorOf, positionOf, type Terms, tiersFor } from './terms.ts';
import type { EntrySettings } from './types.ts';

/** One slot of the contract (a hedge has two) as the margin module sees it. */
interface Slot {
  direction: 1 | 2;
  position: Position;
  marginModel: number;
  leverage: number;
  /** Isolated margin, ledger units. */
  margin: bigint;
}

/** The user's contract account as far as this contract's margin goes. */
interface Account {
  /** Free wallet, ledger units (balance less frozen). */
  free: bigint;
  /** Other contracts' cross uPnL less maintenance, ledger units (the cross set's carry-over). */
  others: bigint;
  slots: Slot[];
}

/** The order previewed: `close` names the position it closes; `ticks` is where it is expected to fill. */
export interface PreviewOrder {
  direction: 1 | 2;
  close: boolean;
  contracts: number;
  ticks: number;
  /** Taker (a market order or a limit that crosses) or maker fee rate. */
  taker: boolean;
}

export interface PreviewInput {
  terms: Terms;
  settings: EntrySettings;
  wallet: SwapWallet;
  /** All the user's positions (other contracts count for cross). */
  positions: readonly PositionView[];
  /** Mark price in ticks. */
  mark: number;
  /** Predicted funding rate as the server writes it ("0.0001"). */
  fundingRate: string;
}

/** The figures of the position the order works on; fine units of the settle coin, prices in ticks. */
export interface Figures {
  direction: 1 | 2;
  contracts: number;
  /** Isolated margin, or the cross position's initial margin (what the positions panel shows). */
  margin: bigint;
  /** null: no price liquidates it. */
  liquidation: number | null;
  /** 10^-8. */
  ratio: bigint;
  /** What the next settlement pays (+) or charges (−) at the current mark and rate. */
  funding: bigint;
}

export interface Preview {
  before: Figures | null;
  after: Figures | null;
  /** The order's fee, fine units (a whole ledger unit, rounded up as the engine charges). */
  fee: bigint;
  /** What opening reserves now: initial margin of the opened part plus the fee, fine units. */
  cost: bigint;
}

function accountOf(input: PreviewInput): Account {
  const { terms, wallet } = input;
  const symbol = terms.info.symbol;
  let others = 0n;
  const slots: Slot[] = [];
  for (const view of input.positions) {
    if (view.symbol !== symbol) {
      if (view.marginModel === MarginModel.cross) {
        others += minorOf(terms, view.unrealizedPnl) - minorOf(terms, view.maintenanceMargin);
      }
      continue;
    }
    slots.push({
      direction: view.direction === 1 ? 1 : 2,
      position: positionOf(terms, view),
      marginModel: view.marginModel,
      leverage: view.leverage,
      margin: view.marginModel === MarginModel.isolated ? minorOf(terms, view.margin) : 0n,
    });
  }
  return { free: minorOf(terms, wallet.balance) - minorOf(terms, wallet.frozen), others, slots };
}

/** The slot an order works on: one-way mode has one per contract; hedge mode the direction's. */
function slotIndex(account: Account, settings: EntrySettings, order: PreviewOrder): number {
  if (settings.positionClass !== 1) return account.slots.length > 0 ? 0 : -1;
  return account.slots.findIndex((s) => s.direction === order.direction);
}

/** The account after the order fills in full at its price, as the engine settles a fill (server fills.ts). */
function afterFill(
  input: PreviewInput,
  account: Account,
  order: PreviewOrder,
): { account: Account; index: number; fee: bigint } {
  const { terms, settings } = input;
  const { grid } = terms;
  const index = slotIndex(account, settings, order);
  const slot = index >= 0 ? account.slots[index] : undefined;
  // A close sells a long and buys a short; an open moves the way it names.
  const sign = (order.close ? (order.direction === 1 ? -1 : 1) : order.direction === 1 ? 1 : -1) as 1 | -1;
  const result = applyFill(grid, slot?.position ?? null, sign, order.contracts, order.ticks);
  const value = notional(grid, order.contracts, order.ticks);
  const fee = toMinorCeil(grid, applyRateCeil(value, order.taker ? terms.takerRate : terms.makerRate));
  let free = account.free - fee;
  let margin = slot?.margin ?? 0n;
  const fresh = !slot || (result.position !== null && result.position.sign !== slot.position.sign);
  const model = fresh ? settings.marginModel : (slot?.marginModel ?? settings.marginModel);
  const direction: 1 | 2 = (result.position?.sign ?? sign) === 1 ? 1 : 2;
  const leverage = fresh
    ? settings.positionClass === 1 && direction === 2
      ? settings.leverageShort
      : settings.leverageLong
    : (slot?.leverage ?? 1);
  if (slot && result.closed > 0) {
    const isolated = slot.marginModel === MarginModel.isolated;
    const share =
      result.closed === slot.position.contracts
        ? margin
        : (margin * BigInt(result.closed)) / BigInt(slot.position.contracts);
    margin -= share;
    if (result.realized >= 0n) free += toMinorFloor(grid, result.realized) + share;
    else {
      const loss = toMinorCeil(grid, -result.realized);
      free += isolated ? share - (loss < share ? loss : share) : -loss;
    }
  }
  const opened = order.contracts - result.closed;
  if (opened > 0 && model === MarginModel.isolated) {
    const needed = toMinorCeil(grid, initialMargin(notional(grid, opened, order.ticks), leverage));
    margin += needed;
    free -= needed;
  }
  const slots = account.slots.filter((_, i) => i !== index);
  if (result.position) slots.push({ direction, position: result.position, marginModel: model, leverage, margin });
  return { account: { ...account, free, slots }, index: result.position ? slots.length - 1 : -1, fee };
}

/** The margin set the engine measures a slot with: itself and its margin, or the contract's cross legs and the rest. */
function setOf(terms: Terms, account: Account, slot: Slot): MarginSet {
  const { grid } = terms;
  const leg = (s: Slot): MarginLeg => ({ position: s.position, tiers: tiersFor(terms, s.leverage) });
  if (slot.marginModel === MarginModel.isolated) return { grid, legs: [leg(slot)], base: fromMinor(grid, slot.margin) };
  const legs = account.slots.filter((s) => s.marginModel === MarginModel.cross).map(leg);
  return { grid, legs, base: fromMinor(grid, account.free + account.others) };
}

function figuresOf(input: PreviewInput, account: Account, slot: Slot): Figures {
  const { terms, mark } = input;
  const set = setOf(terms, account, slot);
  const funding =
    settleFunding(terms.grid, parseRate(input.fundingRate), mark, [
      { id: 0, sign: slot.position.sign, contracts: slot.position.contracts },
    ]).payments.get(0) ?? 0n;
  return {
    direction: slot.direction,
    contracts: slot.position.contracts,
    margin:
      slot.marginModel === MarginModel.isolated
        ? fromMinor(terms.grid, slot.margin)
        : initialMargin(slot.position.cost, slot.leverage),
    liquidation: liquidationPrice(set, mark),
    ratio: marginRatio(equityAt(set, mark), maintenanceOf(set, mark)),
    funding,
  };
}

/** The position the order works on, now and once the order has filled in full at `order.ticks`. */
export function previewOrder(input: PreviewInput, order: PreviewOrder): Preview {
  const before = accountOf(input);
  const index = slotIndex(before, input.settings, order);
  const slot = index >= 0 ? before.slots[index] : undefined;
  const after = afterFill(input, before, order);
  const next = after.index >= 0 ? after.account.slots[after.index] : undefined;
  const { grid } = input.terms;
  const closing =
    slot && (order.close || slot.position.sign !== (order.direction === 1 ? 1 : -1)) ? slot.position.contracts : 0;
  const opened = order.close ? 0 : Math.max(0, order.contracts - closing);
  const leverage = next?.leverage ?? slot?.leverage ?? input.settings.leverageLong;
  const fee = fromMinor(grid, after.fee);
  const margin = opened > 0 ? initialMargin(notional(grid, opened, order.ticks), leverage) : 0n;
  return {
    before: slot ? figuresOf(input, before, slot) : null,
    after: next ? figuresOf(input, after.account, next) : null,
    fee,
    cost: margin + fee,
  };
}
