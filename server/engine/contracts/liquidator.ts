import { ActionCode, ContractOrderStatus, MarginModel } from '../../../common/margin/codes.ts';
import { applyRateCeil } from '../../../common/margin/grid.ts';
import { liquidationPrice } from '../../../common/margin/liquidation.ts';
import { OrderType, Side } from '../../../common/trading.ts';
import { type ClosedPosition, type FillContext, settleFill } from './fills.ts';
import type { Holding, Holdings } from './holdings.ts';
import {
  adlQueue,
  bankruptcyPrice,
  crossSet,
  fundCanAbsorb,
  isLiquidatable,
  isolatedSet,
  refreshAdl,
} from './liquidation.ts';
import { LiquidationIndex } from './liquidation-index.ts';
import { type MarkOf, payMinor } from './margin-check.ts';
import type { ContractOrder } from './order.ts';
import type { PositionSide } from './terms.ts';
import type { SwapEvent, SwapMarket, SwapPlace, SwapRejectReason } from './types.ts';
import { SwapKind, type SwapWallet } from './wallet.ts';

/** How often the ADL lights are ranked again. */
export const ADL_REFRESH_MS = 5_000;

/** What the liquidator needs of the engine. */
export interface LiquidatorHost {
  readonly holdings: Holdings;
  readonly fundUserId: number;
  readonly liquidationFeeRate: bigint;
  readonly markOf: MarkOf;
  clock(): number;
  market(symbol: string): SwapMarket | undefined;
  wallet(coin: string): SwapWallet | undefined;
  openOrders(userId: number): ContractOrder[];
  /** The sum of `frozen` over the user's open cross orders. */
  crossReserved(userId: number): number;
  cancelOrder(order: ContractOrder): void;
  placeOrder(cmd: SwapPlace): ContractOrder | SwapRejectReason;
  afterFill(order: ContractOrder, holding: Holding): void;
  emit(event: SwapEvent): void;
  nextTransferId(): number;
  nextOrderId(): number;
  onClosed(closed: ClosedPosition): void;
}

/**
 * The liquidation state machine (research §1.6): on every mark, each position whose equity has reached its
 * maintenance is liquidated — open orders cancelled, the position closed through the book no worse than its
 * bankruptcy price, what the book cannot take handed to the insurance fund at that price, or, when the fund cannot
 * hold it, closed against the opposite side's positions in ADL order. Nobody without a position ever pays.
 */
export class Liquidator {
  private readonly indexes = new Map<string, LiquidationIndex>();
  /** Positions changed since their symbol's last sweep: their liquidation price is computed then, once. */
  private readonly dirty = new Set<Holding>();
  /** Cross accounts by symbol: they are measured whole on every mark of a symbol they hold. */
  private readonly crossUsers = new Map<string, Set<number>>();

  private readonly lightsAt = new Map<string, number>();
  /** ADL queues of the current sweep, ranked once per side (a wave of liquidations must not rank per position). */
  private queues = new Map<number, Holding[]>();

  constructor(private readonly host: LiquidatorHost) {}

  /** A position, its margin or its mode changed. */
  touch(holding: Holding): void {
    this.dirty.add(holding);
  }

  sweep(market: SwapMarket): void {
    const mark = market.mark;
    // No mark yet (a fresh market): nothing can be measured.
    if (mark <= 0) return;
    const symbol = market.contract.symbol;
    this.queues = new Map();
    const index = this.reindex(market);
    for (const h of index.due(mark)) {
      if (!h.position) continue;
      if (isLiquidatable(isolatedSet(market.contract, h), mark)) this.liquidate(market, [h], false);
      else this.touch(h);
    }
    for (const userId of [...(this.crossUsers.get(symbol) ?? [])]) {
      const set = this.crossSetOf(userId, symbol, market.contract.settle);
      if (!set || !isLiquidatable(set, mark)) continue;
      const legs = [...this.host.holdings.openOf(userId)].filter(
        (h) => h.symbol === symbol && h.marginModel === MarginModel.cross,
      );
      this.liquidate(market, legs, true);
    }
    this.unwindFund(market);
    this.reindex(market);
    this.refreshLights(market);
  }

  /**
   * The ADL lights, ranked over every position of the contract: at most every {@link ADL_REFRESH_MS} (Binance every
   * 30 s), outside the mark-to-liquidation path, published for the positions whose light changed.
   */
  private refreshLights(market: SwapMarket): void {
    const now = this.host.clock();
    const symbol = market.contract.symbol;
    const last = this.lightsAt.get(symbol);
    if (last !== undefined && now - last < ADL_REFRESH_MS) return;
    this.lightsAt.set(symbol, now);
    const { holdings, fundUserId } = this.host;
    for (const holding of refreshAdl(market.contract.grid, holdings.openOn(symbol), market.mark, fundUserId)) {
      this.host.emit({ type: 'position', holding });
    }
  }

  /** Brings the symbol's index and cross list up to the positions changed since. */
  private reindex(market: SwapMarket): LiquidationIndex {
    const symbol = market.contract.symbol;
    let index = this.indexes.get(symbol);
    if (!index) {
      index = new LiquidationIndex();
      this.indexes.set(symbol, index);
    }
    let cross = this.crossUsers.get(symbol);
    if (!cross) {
      cross = new Set();
      this.crossUsers.set(symbol, cross);
    }
    for (const h of this.dirty) {
      if (h.symbol !== symbol) continue;
      this.dirty.delete(h);
      const measured = h.position !== null && h.userId !== this.host.fundUserId;
      const isolated = measured && h.marginModel === MarginModel.isolated;
      index.set(h, isolated ? liquidationPrice(isolatedSet(market.contract, h), market.mark) : null);
      if (measured && h.marginModel === MarginModel.cross) cross.add(h.userId);
      else if (!this.host.holdings.hasCross(h.userId, symbol)) cross.delete(h.userId);
    }
    return index;
  }

  /** The free wallet and cross orders' reservations: what a cross account stands on besides its positions. */
  crossSetOf(userId: number, symbol: string, coin: string) {
    const wallet = this.host.wallet(coin) as SwapWallet;
    const units = wallet.amount(wallet.free(userId)) + this.host.crossReserved(userId);
    return crossSet(this.host.holdings, this.host.markOf, userId, symbol, units);
  }

  private liquidate(market: SwapMarket, legs: Holding[], cross: boolean): void {
    const first = legs[0];
    if (!first) return;
    const { userId } = first;
    for (const o of this.host.openOrders(userId)) {
      const hit = cross
        ? o.marginModel === MarginModel.cross
        : o.symbol === first.symbol && o.positionSide === first.positionSide;
      if (hit) this.host.cancelOrder(o);
    }
    const set = cross
      ? this.crossSetOf(userId, first.symbol, market.contract.settle)
      : isolatedSet(market.contract, first);
    const bankrupt = set ? bankruptcyPrice(set) : null;
    if (bankrupt === null) return;
    const wallet = this.host.wallet(market.contract.settle) as SwapWallet;
    const freeBefore = wallet.amount(wallet.free(userId));
    let closedValue = 0n;
    for (const h of legs) {
      if (!h.position) continue;
      this.host.emit(liquidationEvent(h, bankrupt, this.host.clock()));
      closedValue += this.closeOnBook(market, h, bankrupt);
      if (h.position) this.absorb(market, h, bankrupt);
    }
    this.chargeFee(market, wallet, userId, closedValue, cross ? null : freeBefore);
  }

  /** IOC through the book, no worse than the bankruptcy price; returns the notional it closed. */
  private closeOnBook(market: SwapMarket, h: Holding, bankrupt: number): bigint {
    const position = h.position as NonNullable<Holding['position']>;
    // Nothing on the book at the bankruptcy price or better: an IOC would fill nothing (and in a wave of hundreds,
    // each empty order costs as much as a takeover).
    const best = position.sign === 1 ? market.book.bids.best()?.price : market.book.asks.best()?.price;
    if (best === undefined || (position.sign === 1 ? best < bankrupt : best > bankrupt)) return 0n;
    const placed = this.host.placeOrder({
      userId: h.userId,
      symbol: h.symbol,
      side: position.sign === 1 ? Side.sell : Side.buy,
      type: OrderType.market,
      price: 0,
      volume: position.contracts,
      close: true,
      action: ActionCode.liquidation,
      bound: bankrupt,
    });
    return typeof placed === 'string' ? 0n : placed.cost;
  }

  /**
   * The clearance fee goes to the insurance fund, out of what the liquidation left the user: in isolated mode only
   * what the position gave back to the free wallet, never the rest of the account.
   */
  private chargeFee(market: SwapMarket, wallet: SwapWallet, userId: number, value: bigint, freeBefore: number | null) {
    const fee = payMinor(market.contract, applyRateCeil(value, this.host.liquidationFeeRate));
    const free = wallet.free(userId);
    const cap = freeBefore === null ? wallet.amount(free) : Math.max(0, wallet.amount(free) - freeBefore);
    const txn = `swap-liquidation:${this.host.nextTransferId()}`;
    wallet.move(
      free,
      wallet.free(this.host.fundUserId),
      Math.min(fee, cap),
      SwapKind.liquidation,
      txn,
      this.host.clock(),
    );
  }

  /** What the book did not take: the fund holds it if it can, else the opposite side in ADL order, else the fund. */
  private absorb(market: SwapMarket, h: Holding, price: number): void {
    const position = h.position as NonNullable<Holding['position']>;
    const { fundUserId } = this.host;
    const wallet = this.host.wallet(market.contract.settle) as SwapWallet;
    const fundFree = wallet.amount(wallet.free(fundUserId));
    const { grid, tiers } = market.contract;
    if (!fundCanAbsorb(grid, tiers, fundFree, position.contracts, price)) {
      for (const other of this.queueFor(market, position.sign === 1 ? -1 : 1)) {
        if (!h.position) break;
        if (!other.position || other.userId === h.userId || other.position.sign === position.sign) continue;
        const contracts = Math.min(h.position.contracts, other.position.contracts);
        this.transfer(
          market,
          h,
          { userId: other.userId, positionSide: other.positionSide, close: true },
          contracts,
          price,
        );
      }
    }
    if (h.position) {
      const fundSide = { userId: fundUserId, positionSide: 'both' as const, close: false };
      this.transfer(market, h, fundSide, h.position.contracts, price);
    }
  }

  /** The opposite side in ADL order, ranked at the sweep's mark the first time a liquidation needs it. */
  private queueFor(market: SwapMarket, sign: 1 | -1): Holding[] {
    let queue = this.queues.get(sign);
    if (!queue) {
      const { holdings, fundUserId } = this.host;
      const open = holdings.openOn(market.contract.symbol, sign);
      queue = adlQueue(market.contract.grid, open, sign, market.mark, [fundUserId]);
      this.queues.set(sign, queue);
    }
    return queue;
  }

  /**
   * A fill off the book at `price`, without fees: the liquidated side closes, the other side opens (the fund) or
   * closes (an ADL counterparty, action 6).
   */
  private transfer(
    market: SwapMarket,
    from: Holding,
    to: { userId: number; positionSide: PositionSide; close: boolean },
    contracts: number,
    price: number,
  ): void {
    const sellerIsFrom = (from.position as NonNullable<Holding['position']>).sign === 1;
    const id = this.host.nextTransferId();
    // Own order ids (the order sequence), so the two sides never share a row with each other or a user's order.
    const fromOrder = synthetic(
      this.host.nextOrderId(),
      from.userId,
      from.symbol,
      from.positionSide,
      sellerIsFrom ? Side.sell : Side.buy,
      true,
      ActionCode.liquidation,
      contracts,
      this.host.clock(),
    );
    const action = to.close ? ActionCode.autoDeleveraging : ActionCode.liquidation;
    const toOrder = synthetic(
      this.host.nextOrderId(),
      to.userId,
      from.symbol,
      to.positionSide,
      sellerIsFrom ? Side.buy : Side.sell,
      to.close,
      action,
      contracts,
      this.host.clock(),
    );
    for (const order of [fromOrder, toOrder]) {
      const ctx: FillContext = {
        contract: market.contract,
        holdings: this.host.holdings,
        wallet: this.host.wallet(market.contract.settle) as SwapWallet,
        settings: this.host.holdings.settings(order.userId, market.contract),
        txn: `swap-transfer:${id}`,
        time: this.host.clock(),
        onClosed: (closed) => this.host.onClosed(closed),
      };
      const { holding, fee, realized: pnl } = settleFill(ctx, order, contracts, price, false, 0n);
      this.touch(holding);
      order.status = ContractOrderStatus.filled;
      this.host.emit({ type: 'order', order });
      this.host.emit({ type: 'fill', tradeId: id, order, maker: false, price, contracts, fee, pnl, time: ctx.time });
      this.host.emit({ type: 'position', holding });
      this.host.afterFill(order, holding);
    }
  }

  /** The fund sells what it took over back to the book, never worse than the mark. */
  private unwindFund(market: SwapMarket): void {
    const { fundUserId } = this.host;
    for (const side of ['both', 'long', 'short'] as const) {
      const h = this.host.holdings.find(fundUserId, market.contract.symbol, side);
      if (!h?.position) continue;
      this.host.placeOrder({
        userId: fundUserId,
        symbol: h.symbol,
        side: h.position.sign === 1 ? Side.sell : Side.buy,
        type: OrderType.market,
        price: 0,
        volume: h.position.contracts,
        close: true,
        bound: market.mark,
      });
    }
  }
}

function liquidationEvent(h: Holding, price: number, time: number): SwapEvent {
  const position = h.position as NonNullable<Holding['position']>;
  const { userId, symbol, positionSide } = h;
  return {
    type: 'liquidation',
    userId,
    symbol,
    positionSide,
    sign: position.sign,
    contracts: position.contracts,
    price,
    time,
  };
}

/** An order that never rests: one side of a takeover or ADL fill, shown in the user's history with its action. */
function synthetic(
  id: number,
  userId: number,
  symbol: string,
  positionSide: PositionSide,
  side: Side,
  reduceOnly: boolean,
  action: ActionCode,
  volume: number,
  time: number,
): ContractOrder {
  return {
    id,
    userId,
    symbol,
    side,
    type: OrderType.market,
    positionSide,
    reduceOnly,
    marginModel: MarginModel.cross,
    leverage: 1,
    closeAll: false,
    action,
    price: 0,
    volume,
    createdAt: time,
    remaining: volume,
    filled: 0,
    cost: 0n,
    fee: 0,
    frozen: 0,
    status: ContractOrderStatus.open,
    tpsl: null,
    bookSeq: 0,
    updatedAt: time,
    prev: null,
    next: null,
  };
}
