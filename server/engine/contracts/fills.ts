import { ActionCode, MarginModel } from '../../../common/margin/codes.ts';
import { applyRateCeil, notional } from '../../../common/margin/grid.ts';
import { applyFill, type FillResult, initialMargin, type Position } from '../../../common/margin/position.ts';
import type { Contract } from './contract.ts';
import { emptyTally, type Holding, type Holdings, type PositionTally, type SymbolSettings } from './holdings.ts';
import { payMinor, receiveMinor, reservationFor } from './margin-check.ts';
import { type ContractOrder, signOf } from './order.ts';
import { INSURANCE_ACCOUNT, SETTLEMENT_ACCOUNT, SwapKind, type SwapWallet } from './wallet.ts';

/** A position as it closed (or flipped): its row in position history. */
export interface ClosedPosition {
  id: number;
  userId: number;
  symbol: string;
  positionSide: Holding['positionSide'];
  sign: 1 | -1;
  maxContracts: number;
  /** Entry value of what closed, fine units. */
  cost: bigint;
  realized: bigint;
  marginModel: Holding['marginModel'];
  leverage: number;
  openedAt: number;
  closedAt: number;
  /** Entry and exit values and fees over its life. */
  tally: PositionTally;
  /** The action code of the order whose fill closed it (close, liquidation, ADL, TP/SL…). */
  action: ActionCode;
}

/** What settling one side of a fill needs. */
export interface FillContext {
  contract: Contract;
  holdings: Holdings;
  wallet: SwapWallet;
  settings: SymbolSettings;
  txn: string;
  time: number;
  /** Told of each position that closed or flipped in the fill. */
  onClosed?: (closed: ClosedPosition) => void;
}

/**
 * Settles one order's side of a fill of `contracts` at `ticks`: the position moves (common/margin/position.ts), a
 * closed part realises its PnL against the settlement account, the fee goes to the fees account, an opened isolated
 * part gets its margin, and the order's reservation keeps only what its rest still needs. Returns the slot, the fee and the PnL.
 */
export function settleFill(
  ctx: FillContext,
  order: ContractOrder,
  contracts: number,
  ticks: number,
  maker: boolean,
  feeRate: bigint = maker ? ctx.contract.makerRate : ctx.contract.takerRate,
): FillOutcome {
  const { contract } = ctx;
  const holding = ctx.holdings.slot(order.userId, order.symbol, order.positionSide, ctx.settings);
  const before = holding.position;
  const result = applyFill(contract.grid, before, signOf(order.side), contracts, ticks);
  const value = notional(contract.grid, contracts, ticks);
  order.remaining -= contracts;
  order.filled += contracts;
  order.cost += value;
  if (before && result.closed > 0) realize(ctx, holding, before, result, order);
  const opened = contracts - result.closed;
  const feeKind = result.closed > 0 ? closeKind(order, before as Position) : openKind(result.position as Position);
  const fee = payFromOrder(ctx, order, payMinor(contract, applyRateCeil(value, feeRate)), feeKind);
  order.fee += fee;
  // A flip's fee is shared by the position it closes and the one it opens, by contracts.
  const closeFee = Math.floor((fee * result.closed) / contracts);
  if (result.closed > 0) tallyClose(holding.tally, contract, result.closed, ticks, closeFee);
  if (before && (!result.position || result.position.sign !== before.sign))
    ctx.onClosed?.(closedOf(holding, before, ctx.time, order.action));
  if (result.position && (!before || before.sign !== result.position.sign)) openSlot(holding, ctx, order);
  if (opened > 0) {
    holding.tally.openValue += notional(contract.grid, opened, ticks);
    holding.tally.openContracts += opened;
  }
  holding.tally.fees += fee - closeFee;
  if (opened > 0 && holding.marginModel === MarginModel.isolated) {
    const margin = payMinor(contract, initialMargin(notional(contract.grid, opened, ticks), holding.leverage));
    holding.isolatedMargin += holdFromOrder(ctx, order, margin);
  }
  ctx.holdings.setPosition(holding, result.position);
  if (result.position && result.position.contracts > holding.maxContracts)
    holding.maxContracts = result.position.contracts;
  holding.updatedAt = ctx.time;
  releaseExcess(ctx, order);
  return { holding, fee, realized: result.realized };
}

/** One order's side of a fill as settled: the slot, the fee paid (ledger units) and the PnL realised (fine units). */
export interface FillOutcome {
  holding: Holding;
  fee: number;
  realized: bigint;
}

function tallyClose(tally: PositionTally, contract: Contract, closed: number, ticks: number, fee: number): void {
  tally.closeValue += notional(contract.grid, closed, ticks);
  tally.closeContracts += closed;
  tally.fees += fee;
}

function closedOf(holding: Holding, before: Position, time: number, action: ActionCode): ClosedPosition {
  const { id, userId, symbol, positionSide, maxContracts, realized, marginModel, leverage, openedAt } = holding;
  const { sign, cost } = before;
  return {
    id,
    userId,
    symbol,
    positionSide,
    sign,
    maxContracts,
    cost,
    realized,
    marginModel,
    leverage,
    openedAt,
    closedAt: time,
    tally: { ...holding.tally },
    action,
  };
}

/** A slot that was flat takes the symbol's current model and leverage (a flip opens anew). */
function openSlot(holding: Holding, ctx: FillContext, order: ContractOrder): void {
  ctx.holdings.opened(holding);
  holding.maxContracts = 0;
  holding.marginModel = ctx.settings.marginModel;
  holding.leverage = order.positionSide === 'short' ? ctx.settings.leverageShort : ctx.settings.leverageLong;
  holding.realized = 0n;
  holding.tally = emptyTally();
  holding.openedAt = ctx.time;
}

function openKind(position: Position): SwapKind {
  return position.sign === 1 ? SwapKind.openLong : SwapKind.openShort;
}

function closeKind(order: ContractOrder, closed: Position): SwapKind {
  if (order.action === ActionCode.liquidation) return SwapKind.liquidation;
  if (order.closeAll) return SwapKind.closeAll;
  return closed.sign === 1 ? SwapKind.closeLong : SwapKind.closeShort;
}

/**
 * PnL of the closed part: a gain from the settlement account (rounded down), a loss to it (rounded up) out of the
 * margin behind the position — the isolated margin's share, or the free cross wallet — and what that margin cannot
 * pay from the insurance fund, so the winner is always paid in full.
 */
function realize(ctx: FillContext, holding: Holding, before: Position, result: FillResult, order: ContractOrder) {
  const { wallet, txn, time, contract } = ctx;
  const kind = closeKind(order, before);
  holding.realized += result.realized;
  const user = holding.userId;
  const isolated = holding.marginModel === MarginModel.isolated;
  let share = 0;
  if (isolated) {
    share =
      result.closed === before.contracts
        ? holding.isolatedMargin
        : Math.floor((holding.isolatedMargin * result.closed) / before.contracts);
    holding.isolatedMargin -= share;
  }
  if (result.realized >= 0n) {
    wallet.move(
      { system: SETTLEMENT_ACCOUNT },
      wallet.free(user),
      receiveMinor(contract, result.realized),
      kind,
      txn,
      time,
    );
    wallet.move(wallet.frozen(user), wallet.free(user), share, SwapKind.isolatedMargin, txn, time);
    return;
  }
  const loss = payMinor(contract, -result.realized);
  const from = isolated ? wallet.frozen(user) : wallet.free(user);
  const paid = wallet.takeUpTo(from, SETTLEMENT_ACCOUNT, isolated ? Math.min(loss, share) : loss, kind, txn, time);
  if (isolated) wallet.move(wallet.frozen(user), wallet.free(user), share - paid, SwapKind.isolatedMargin, txn, time);
  wallet.move(
    { system: INSURANCE_ACCOUNT },
    { system: SETTLEMENT_ACCOUNT },
    loss - paid,
    SwapKind.insurance,
    txn,
    time,
  );
}

/** Pays `amount` out of the order's reservation first, then the free wallet; returns what was paid. */
function payFromOrder(ctx: FillContext, order: ContractOrder, amount: number, kind: SwapKind): number {
  const { wallet, txn, time } = ctx;
  const fromFrozen = Math.min(amount, order.frozen);
  order.frozen -= fromFrozen;
  const paid = wallet.payFee(wallet.frozen(order.userId), fromFrozen, kind, txn, time);
  return paid + wallet.payFee(wallet.free(order.userId), amount - fromFrozen, kind, txn, time);
}

/**
 * Keeps `amount` in the frozen pocket as isolated margin: out of the order's reservation (already frozen), the rest
 * moved from the free wallet as far as it reaches. Returns the margin now held.
 */
function holdFromOrder(ctx: FillContext, order: ContractOrder, amount: number): number {
  const { wallet, txn, time } = ctx;
  const fromOrder = Math.min(amount, order.frozen);
  order.frozen -= fromOrder;
  const free = wallet.free(order.userId);
  const more = Math.min(amount - fromOrder, wallet.amount(free));
  wallet.move(free, wallet.frozen(order.userId), more, SwapKind.isolatedMargin, txn, time);
  return fromOrder + more;
}

/**
 * Releases what the order holds beyond what its remaining contracts need at its limit. A market order keeps its whole
 * reservation (made from its walk through the book) until it finishes; `finished` releases everything.
 */
export function releaseExcess(
  ctx: Pick<FillContext, 'contract' | 'wallet' | 'txn' | 'time'>,
  order: ContractOrder,
  finished = false,
) {
  if (!finished && order.price === 0 && order.remaining > 0) return;
  const resting = !finished && order.remaining > 0 && !order.reduceOnly;
  const keep = resting ? reservationFor(ctx.contract, order.leverage, order.remaining, order.price) : 0;
  const excess = order.frozen - keep;
  if (excess <= 0) return;
  order.frozen -= excess;
  const { wallet } = ctx;
  wallet.move(wallet.frozen(order.userId), wallet.free(order.userId), excess, SwapKind.orderMargin, ctx.txn, ctx.time);
}
