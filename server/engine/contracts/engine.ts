import {
  ActionCode,
  ContractOrderStatus,
  MarginModel,
  PositionClass,
  PricePreference,
  type TpslMode,
} from '../../../common/margin/codes.ts';
import { settleFunding } from '../../../common/margin/funding.ts';
import { applyRateCeil, notional } from '../../../common/margin/grid.ts';
import type { MarginSet } from '../../../common/margin/liquidation.ts';
import { initialMargin, type Position, unrealizedPnl } from '../../../common/margin/position.ts';
import { notionalCap } from '../../../common/margin/tiers.ts';
import { isLegTriggerValid } from '../../../common/margin/triggers.ts';
import { OrderType, Side } from '../../../common/trading.ts';
import type { Accounts } from '../../ledger/accounts.ts';
import { OrderBook } from '../book.ts';
import { crosses, walkBook } from './book-walk.ts';
import { type Contract, isLeverageAllowed, tiersAt } from './contract.ts';
import { type ClosedPosition, type FillContext, releaseExcess, settleFill } from './fills.ts';
import { type Holding, Holdings, leverageOf, type SymbolSettings } from './holdings.ts';
import { isolatedSet } from './liquidation.ts';
import { Liquidator, type LiquidatorHost } from './liquidator.ts';
import {
  freeToUse,
  isolatedTopUp,
  type MarkOf,
  payMinor,
  positionExposure,
  receiveMinor,
  removableMargin,
  reservationOfValue,
} from './margin-check.ts';
import { type ContractOrder, signOf } from './order.ts';
import { execRefusal, Planner, type PlannerHost } from './planner.ts';
import { PlanBook, PlanStatus, type Prices, type SwapPlan } from './plans.ts';
import type { PlanExecution, PositionSide } from './terms.ts';
import type { SwapEvent, SwapMarket, SwapPlace, SwapRejectReason, SwapResult } from './types.ts';
import { FUNDING_HOUSE_ACCOUNT, SwapKind, SwapWallet } from './wallet.ts';

const positiveInt = (n: number) => Number.isSafeInteger(n) && n > 0;

/** Clearance fee on what a liquidation closes on the book, to the insurance fund: 1 % (dYdX caps it at 1.5 %). */
export const LIQUIDATION_FEE_RATE = 1_000_000n;

export interface SwapEngineOptions {
  fundUserId?: number;
  liquidationFeeRate?: bigint;
}

/**
 * The perpetual-contract engine: price-time matching on the spot engine's book (server/engine/book.ts) with margin
 * instead of delivery. Pure and deterministic like the spot engine — no I/O, time from the injected clock — and
 * every command returns its effects as values; money moves only on the ledger (wallet.ts).
 */
export class SwapEngine {
  readonly holdings = new Holdings();
  private readonly markets = new Map<string, SwapMarket>();
  private readonly wallets = new Map<string, SwapWallet>();
  private readonly open = new Map<number, ContractOrder>();
  private readonly openByUser = new Map<number, Set<ContractOrder>>();
  /**
   * What each user's open cross orders hold reserved, kept as they rest, fill and finish: a cross account is measured
   * on every mark of each contract it holds, and the market makers keep thousands of orders (summing them per mark
   * held the loop 30–70 ms a second).
   */
  private readonly crossFrozen = new Map<number, number>();
  private readonly plansByUser = new Map<number, Set<SwapPlan>>();
  private readonly preferences = new Map<number, PricePreference>();
  private readonly planner: Planner;
  private events: SwapEvent[] = [];
  nextOrderId = 1;
  nextTradeId = 1;
  nextBookSeq = 1;

  /** The insurance fund's account: it takes over what liquidation cannot close on the book (research §1.6). */
  readonly fundUserId: number;
  readonly liquidationFeeRate: bigint;
  private readonly liquidator: Liquidator;

  constructor(
    contracts: readonly Contract[],
    readonly accounts: Accounts,
    private readonly clock: () => number,
    options: SwapEngineOptions = {},
  ) {
    this.fundUserId = options.fundUserId ?? 0;
    this.liquidationFeeRate = options.liquidationFeeRate ?? LIQUIDATION_FEE_RATE;
    for (const contract of contracts) {
      this.markets.set(contract.symbol, {
        contract,
        book: new OrderBook(),
        plans: new PlanBook(),
        lastPrice: 0,
        mark: 0,
        index: 0,
      });
      if (!this.wallets.has(contract.settle))
        this.wallets.set(contract.settle, new SwapWallet(accounts, contract.settle));
    }
    this.planner = new Planner(this.plannerHost());
    this.liquidator = new Liquidator(this.liquidatorHost());
  }

  market(symbol: string): SwapMarket | undefined {
    return this.markets.get(symbol);
  }

  allMarkets(): IterableIterator<SwapMarket> {
    return this.markets.values();
  }

  wallet(coin: string): SwapWallet | undefined {
    return this.wallets.get(coin);
  }

  order(id: number): ContractOrder | undefined {
    return this.open.get(id);
  }

  /** The sum of `frozen` over the user's open cross orders. */
  crossReserved(userId: number): number {
    return this.crossFrozen.get(userId) ?? 0;
  }

  /** A user's open orders, oldest first. */
  openOrders(userId: number, symbol?: string): ContractOrder[] {
    const orders = [...(this.openByUser.get(userId) ?? [])];
    return (symbol ? orders.filter((o) => o.symbol === symbol) : orders).sort((a, b) => a.id - b.id);
  }

  /** The mark the margin checks use: the published mark, else the last trade (a fresh market). */
  readonly markOf: MarkOf = (symbol) => {
    const m = this.markets.get(symbol);
    if (!m) return undefined;
    return { contract: m.contract, mark: m.mark || m.lastPrice };
  };

  /** What the user may still commit from the contract wallet, in ledger units of `coin`. */
  freeToUse(userId: number, coin: string): number {
    const wallet = this.wallets.get(coin);
    if (!wallet) return 0;
    return freeToUse(wallet.amount(wallet.free(userId)), this.holdings, userId, this.markOf);
  }

  place(cmd: SwapPlace): SwapResult {
    this.events = [];
    const placed = this.placeOrder(cmd);
    if (typeof placed === 'string') return this.reject(placed);
    this.runPlans(this.markets.get(cmd.symbol) as SwapMarket);
    return { ok: true, order: placed, events: this.events };
  }

  /** Checks, reserves and executes an order; the events go to the current command's list. */
  private placeOrder(cmd: SwapPlace): ContractOrder | SwapRejectReason {
    const market = this.markets.get(cmd.symbol);
    if (!market) return 'unknownContract';
    const refused = this.checkShape(market, cmd);
    if (refused) return refused;
    const settings = this.holdings.settings(cmd.userId, market.contract);
    const hedge = settings.positionClass === PositionClass.multi;
    if (hedge && cmd.reduceOnly && !cmd.close) return 'badOrder';
    const positionSide = positionSideOf(hedge, cmd.side, cmd.close === true);
    const reduceOnly = cmd.close === true || cmd.reduceOnly === true;
    const holding = this.holdings.find(cmd.userId, cmd.symbol, positionSide);
    if (reduceOnly && !(holding?.position && holding.position.sign !== signOf(cmd.side))) return 'noPosition';
    const limit = cmd.type === OrderType.market ? (cmd.bound ?? 0) : cmd.price;
    const walk = walkBook(market.contract, market.book, cmd.side, cmd.volume, limit);
    if (cmd.type === OrderType.fillOrKill && walk.contracts < cmd.volume) return 'notFillable';
    if (cmd.type === OrderType.market && walk.contracts === 0) return 'noLiquidity';
    const leverage = leverageOf(settings, positionSide);
    let frozen = 0;
    if (!reduceOnly) {
      const resting = cmd.type === OrderType.limit ? cmd.volume - walk.contracts : 0;
      const value = walk.value + notional(market.contract.grid, resting, limit);
      if (this.overRiskLimit(market, cmd, holding, leverage, value)) return 'riskLimitExceeded';
      frozen = reservationOfValue(market.contract, leverage, value);
      if (frozen > this.freeToUse(cmd.userId, market.contract.settle)) return 'insufficientMargin';
    }
    const order = this.newOrder(cmd, positionSide, reduceOnly, settings.marginModel, leverage, frozen);
    this.execute(market, order);
    return order;
  }

  private checkShape(market: SwapMarket, cmd: SwapPlace): SwapRejectReason | null {
    const { contract } = market;
    if (cmd.side !== Side.buy && cmd.side !== Side.sell) return 'badOrder';
    const types: readonly number[] = [OrderType.limit, OrderType.market, OrderType.fillOrKill];
    if (!types.includes(cmd.type)) return 'badOrder';
    if (cmd.type !== OrderType.market && !positiveInt(cmd.price)) return 'badPrice';
    if (!positiveInt(cmd.volume)) return 'badVolume';
    if (cmd.volume < contract.minVolume) return 'belowMinVolume';
    // Values stay exact: contracts × ticks × fine units per contract-tick is a bigint, but ticks × contracts is not.
    if (cmd.type !== OrderType.market && cmd.price * cmd.volume > Number.MAX_SAFE_INTEGER) return 'badVolume';
    return this.attachedRefusal(market, cmd);
  }

  /** TP/SL with an order: only on opens, each leg on the profit or loss side of where the order opens. */
  private attachedRefusal(market: SwapMarket, cmd: SwapPlace): SwapRejectReason | null {
    const legs = [
      ['takeProfit', cmd.takeProfit],
      ['stopLoss', cmd.stopLoss],
    ] as const;
    if (!cmd.takeProfit && !cmd.stopLoss) return null;
    if (cmd.close || cmd.reduceOnly) return 'badOrder';
    const from = cmd.type === OrderType.market ? market.lastPrice : cmd.price;
    for (const [leg, exec] of legs) {
      if (!exec) continue;
      const refused = execRefusal(exec);
      if (refused) return refused;
      if (!isLegTriggerValid(signOf(cmd.side), leg, exec.triggerPrice, from)) return 'triggerWouldFire';
    }
    return null;
  }

  /**
   * Bybit's rule (research §1.3): the position's value plus the same side's open orders plus this order must stay
   * within the notional the chosen leverage's tier allows.
   */
  private overRiskLimit(
    market: SwapMarket,
    cmd: SwapPlace,
    holding: Holding | undefined,
    leverage: number,
    value: bigint,
  ): boolean {
    const cap = notionalCap(tiersAt(market.contract, leverage), leverage);
    if (cap === null) return false;
    const resting = holding ? holding.resting[cmd.side === Side.buy ? 0 : 1] : 0n;
    return positionExposure(holding, signOf(cmd.side)) + resting + value > cap;
  }

  /** Keeps a slot's resting notional by side as an opening order rests (+), fills or leaves the book (−). */
  private rest(market: SwapMarket, order: ContractOrder, contracts: number): void {
    if (order.reduceOnly || order.price === 0) return;
    const settings = this.holdings.settings(order.userId, market.contract);
    const slot = this.holdings.slot(order.userId, order.symbol, order.positionSide, settings);
    slot.resting[order.side === Side.buy ? 0 : 1] += notional(market.contract.grid, contracts, order.price);
  }

  private newOrder(
    cmd: SwapPlace,
    positionSide: PositionSide,
    reduceOnly: boolean,
    marginModel: MarginModel,
    leverage: number,
    frozen: number,
  ): ContractOrder {
    const time = this.clock();
    const id = this.nextOrderId++;
    const order: ContractOrder = {
      id,
      userId: cmd.userId,
      symbol: cmd.symbol,
      side: cmd.side,
      type: cmd.type,
      positionSide,
      reduceOnly,
      marginModel,
      leverage,
      closeAll: cmd.closeAll === true,
      action: cmd.action ?? (cmd.close ? ActionCode.close : ActionCode.open),
      price: cmd.type === OrderType.market ? (cmd.bound ?? 0) : cmd.price,
      volume: cmd.volume,
      createdAt: time,
      remaining: cmd.volume,
      filled: 0,
      cost: 0n,
      fee: 0,
      frozen,
      status: ContractOrderStatus.open,
      tpsl: cmd.takeProfit || cmd.stopLoss ? attachedLegs(cmd) : null,
      bookSeq: 0,
      updatedAt: time,
      prev: null,
      next: null,
    };
    const wallet = this.walletOf(order);
    wallet.move(
      wallet.free(order.userId),
      wallet.frozen(order.userId),
      frozen,
      SwapKind.orderMargin,
      `swap-order:${id}`,
      time,
    );
    this.events.push({ type: 'order', order });
    return order;
  }

  private walletOf(order: ContractOrder): SwapWallet {
    const market = this.markets.get(order.symbol) as SwapMarket;
    return this.wallets.get(market.contract.settle) as SwapWallet;
  }

  /** Matches a new order, then rests a limit order's rest and finishes a market or fill-or-kill order. */
  private execute(market: SwapMarket, order: ContractOrder): void {
    this.match(market, order);
    if (order.remaining > 0 && order.type === OrderType.limit && this.reduceRoom(order) > 0) {
      order.bookSeq = this.nextBookSeq++;
      this.rest(market, order, order.remaining);
      const volume = market.book.sideOf(order.side).add(order);
      this.track(order);
      this.events.push({ type: 'level', symbol: order.symbol, side: order.side, price: order.price, volume });
      return;
    }
    this.finish(market, order);
  }

  /** Contracts a reduce-only order may still fill: what is left of the position it reduces. */
  private reduceRoom(order: ContractOrder): number {
    if (!order.reduceOnly) return Number.POSITIVE_INFINITY;
    const position = this.holdings.find(order.userId, order.symbol, order.positionSide)?.position;
    return position && position.sign !== signOf(order.side) ? position.contracts : 0;
  }

  private match(market: SwapMarket, taker: ContractOrder): void {
    const opposite = market.book.sideOf(taker.side === Side.buy ? Side.sell : Side.buy);
    while (taker.remaining > 0) {
      const level = opposite.best();
      if (!level || !crosses(taker.side, taker.price, level.price)) return;
      const maker = level.head as ContractOrder;
      const makerRoom = this.reduceRoom(maker);
      // Self-trade prevention as in spot: the resting order goes; so does a reduce-only order with nothing to reduce.
      if (maker.userId === taker.userId || makerRoom === 0) {
        this.cancelOpen(market, maker);
        continue;
      }
      const contracts = Math.min(taker.remaining, maker.remaining, makerRoom, this.reduceRoom(taker));
      if (contracts === 0) return;
      this.fill(market, maker, taker, contracts, level.price);
    }
  }

  /** settleFill, with what an open cross order's reservation gave up taken off its user's total. */
  private settle(ctx: FillContext, order: ContractOrder, contracts: number, price: number, maker: boolean) {
    const before = order.frozen;
    const settled = settleFill(ctx, order, contracts, price, maker);
    if (this.open.has(order.id)) this.addCross(order, order.frozen - before);
    return settled;
  }

  private addCross(order: ContractOrder, amount: number): void {
    if (order.marginModel !== MarginModel.cross || amount === 0) return;
    const total = (this.crossFrozen.get(order.userId) ?? 0) + amount;
    if (total === 0) this.crossFrozen.delete(order.userId);
    else this.crossFrozen.set(order.userId, total);
  }

  private fill(market: SwapMarket, maker: ContractOrder, taker: ContractOrder, contracts: number, price: number) {
    const time = this.clock();
    const id = this.nextTradeId++;
    const ctx = (order: ContractOrder): FillContext => ({
      contract: market.contract,
      holdings: this.holdings,
      wallet: this.walletOf(order),
      settings: this.holdings.settings(order.userId, market.contract),
      txn: `swap-trade:${id}`,
      time,
      onClosed: this.onClosed,
    });
    const made = this.settle(ctx(maker), maker, contracts, price, true);
    const took = this.settle(ctx(taker), taker, contracts, price, false);
    const makerHolding = made.holding;
    const takerHolding = took.holding;
    for (const [order, holding] of [
      [maker, makerHolding],
      [taker, takerHolding],
    ] as const)
      this.afterFill(order, holding);
    const side = market.book.sideOf(maker.side);
    this.rest(market, maker, -contracts);
    const volume = maker.remaining === 0 ? side.remove(maker, contracts) : this.shrink(market, maker, contracts);
    if (maker.remaining === 0) this.finish(market, maker);
    else this.setStatus(maker, time);
    this.setStatus(taker, time);
    market.lastPrice = price;
    this.events.push(
      { type: 'level', symbol: market.contract.symbol, side: maker.side, price, volume },
      { type: 'position', holding: makerHolding },
      { type: 'position', holding: takerHolding },
      {
        type: 'trade',
        trade: { id, symbol: market.contract.symbol, price, contracts, takerSide: taker.side, maker, taker, time },
      },
      {
        type: 'fill',
        tradeId: id,
        order: maker,
        maker: true,
        price,
        contracts,
        fee: made.fee,
        pnl: made.realized,
        time,
      },
      {
        type: 'fill',
        tradeId: id,
        order: taker,
        maker: false,
        price,
        contracts,
        fee: took.fee,
        pnl: took.realized,
        time,
      },
    );
  }

  private readonly onClosed = (closed: ClosedPosition): void => {
    this.events.push({ type: 'positionClosed', closed });
  };

  /** TP/SL given with an order follow its fills; a position that closed takes its TP/SL and trailing stops along. */
  private afterFill(order: ContractOrder, holding: Holding): void {
    this.liquidator.touch(holding);
    if (order.tpsl && !order.reduceOnly) this.planner.attach(order, order.tpsl.takeProfit, order.tpsl.stopLoss);
    if (!holding.position) this.planner.retire(holding.userId, holding.symbol, holding.positionSide, () => true);
  }

  /** A partly filled maker stays in its place; its level loses the filled contracts. */
  private shrink(market: SwapMarket, maker: ContractOrder, contracts: number): number {
    const level = market.book.sideOf(maker.side).level(maker.price);
    if (!level) throw new Error(`order ${maker.id} is not on the book`);
    level.volume -= contracts;
    return level.volume;
  }

  private setStatus(order: ContractOrder, time: number): void {
    order.updatedAt = time;
    if (order.remaining === 0) order.status = ContractOrderStatus.filled;
    else if (order.filled > 0) order.status = ContractOrderStatus.partlyFilled;
    this.events.push({ type: 'order', order });
  }

  /** An order that will fill no more: the unfilled rest is cancelled and its reservation released. */
  private finish(market: SwapMarket, order: ContractOrder, announce = true): void {
    const time = this.clock();
    if (order.remaining > 0) {
      order.status = order.filled > 0 ? ContractOrderStatus.partlyCancelled : ContractOrderStatus.cancelled;
    } else order.status = ContractOrderStatus.filled;
    order.updatedAt = time;
    const wallet = this.walletOf(order);
    // Untracked first: the whole reservation leaves the user's cross total, then goes back to the free wallet.
    this.untrack(order);
    releaseExcess({ contract: market.contract, wallet, txn: `swap-order:${order.id}`, time }, order, true);
    if (announce) this.events.push({ type: 'order', order });
  }

  /** Cancels one of the user's open orders; another user's order is "not found", never touched. */
  cancel(userId: number, orderId: number): SwapResult {
    this.events = [];
    const order = this.open.get(orderId);
    if (!order || order.userId !== userId) return this.reject('orderNotFound');
    this.cancelOpen(this.markets.get(order.symbol) as SwapMarket, order);
    return { ok: true, order, events: this.events };
  }

  /**
   * Closes every position of the user at market, on one contract or all (spec `close-all`, bill 206); a position the
   * book cannot take whole keeps the rest.
   */
  closeAll(userId: number, symbol?: string): SwapResult {
    this.events = [];
    if (symbol !== undefined && !this.markets.has(symbol)) return this.reject('unknownContract');
    for (const h of [...this.holdings.openOf(userId)]) {
      if (!h.position || (symbol !== undefined && h.symbol !== symbol)) continue;
      const side = h.position.sign === 1 ? Side.sell : Side.buy;
      this.placeOrder({
        userId,
        symbol: h.symbol,
        side,
        type: OrderType.market,
        price: 0,
        volume: h.position.contracts,
        close: true,
        closeAll: true,
      });
      this.runPlans(this.markets.get(h.symbol) as SwapMarket);
    }
    return { ok: true, order: null, events: this.events };
  }

  /**
   * Reverses a position (spec `backhand`, action 8): closes it and opens the same size the other way, at market, as
   * one command — refused whole, changing nothing, unless the book can take both and the margin covers the new side.
   */
  reverse(userId: number, positionId: number): SwapResult {
    this.events = [];
    const h = this.holdings.byPositionId(positionId);
    if (!h?.position || h.userId !== userId) return this.reject('noPosition');
    const market = this.markets.get(h.symbol) as SwapMarket;
    const { contracts, sign } = h.position;
    const side = sign === 1 ? Side.sell : Side.buy;
    const walk = walkBook(market.contract, market.book, side, 2 * contracts, 0);
    if (walk.contracts < 2 * contracts) return this.reject('noLiquidity');
    const settings = this.holdings.settings(userId, market.contract);
    const hedge = settings.positionClass === PositionClass.multi;
    const opening = positionSideOf(hedge, side, false);
    const closing = walkBook(market.contract, market.book, side, contracts, 0);
    const needed = reservationOfValue(market.contract, leverageOf(settings, opening), walk.value - closing.value);
    if (needed > this.freeAfterClose(h, closing.value)) return this.reject('insufficientMargin');
    const action = ActionCode.positionReverse;
    const base = { userId, symbol: h.symbol, side, type: OrderType.market, price: 0, volume: contracts, action };
    this.placeOrder({ ...base, close: true });
    const opened = this.placeOrder(base);
    this.runPlans(market);
    return { ok: true, order: typeof opened === 'string' ? null : opened, events: this.events };
  }

  /**
   * What the user could commit once `h` is closed for `exitValue`: today's free amount, plus what the position commits
   * (its cross initial margin and loss at the mark, or its isolated margin), plus its PnL at the exit, less the fee.
   */
  private freeAfterClose(h: Holding, exitValue: bigint): number {
    const market = this.markets.get(h.symbol) as SwapMarket;
    const position = h.position as Position;
    const { contract } = market;
    const mark = this.markOf(h.symbol)?.mark ?? 0;
    let released = h.isolatedMargin;
    if (h.marginModel === MarginModel.cross) {
      const loss = -unrealizedPnl(contract.grid, position, mark);
      released =
        payMinor(contract, initialMargin(position.cost, h.leverage)) + (loss > 0n ? payMinor(contract, loss) : 0);
    }
    const realized = BigInt(position.sign) * (exitValue - position.cost);
    const pnl = realized >= 0n ? receiveMinor(contract, realized) : -payMinor(contract, -realized);
    const fee = payMinor(contract, applyRateCeil(exitValue, contract.takerRate));
    return this.freeToUse(h.userId, contract.settle) + released + pnl - fee;
  }

  /** Cancels every open order of the user, on one contract or all. */
  cancelAll(userId: number, symbol?: string): SwapResult {
    this.events = [];
    if (symbol !== undefined && !this.markets.has(symbol)) return this.reject('unknownContract');
    for (const order of this.openOrders(userId, symbol))
      this.cancelOpen(this.markets.get(order.symbol) as SwapMarket, order);
    return { ok: true, order: null, events: this.events };
  }

  private cancelOpen(market: SwapMarket, order: ContractOrder): void {
    this.rest(market, order, -order.remaining);
    const volume = market.book.sideOf(order.side).remove(order, order.remaining);
    this.events.push({ type: 'level', symbol: order.symbol, side: order.side, price: order.price, volume });
    this.finish(market, order);
  }

  /**
   * Leverage of a symbol (both sides in one-way mode, one side in hedge mode). A position already open must fit the
   * new leverage's tier, and an isolated one gets the extra initial margin a lower leverage needs from the free wallet.
   */
  setLeverage(userId: number, symbol: string, leverage: number, positionSide?: 'long' | 'short'): SwapResult {
    this.events = [];
    const market = this.markets.get(symbol);
    if (!market) return this.reject('unknownContract');
    if (!isLeverageAllowed(market.contract, leverage)) return this.reject('leverageNotAllowed');
    const settings = this.holdings.settings(userId, market.contract);
    const hedge = settings.positionClass === PositionClass.multi;
    const sides: PositionSide[] = !hedge ? ['both'] : positionSide ? [positionSide] : ['long', 'short'];
    const cap = notionalCap(tiersAt(market.contract, leverage), leverage);
    const slots = sides.map((side) => this.holdings.find(userId, symbol, side)).filter((h) => h?.position) as Holding[];
    if (cap !== null && slots.some((h) => (h.position?.cost ?? 0n) > cap)) return this.reject('riskLimitExceeded');
    const wallet = this.wallets.get(market.contract.settle) as SwapWallet;
    const topUps = slots.map((h) =>
      h.marginModel === MarginModel.isolated ? isolatedTopUp(market.contract, h, leverage) : 0,
    );
    const needed = topUps.reduce((a, b) => a + b, 0);
    if (needed > this.freeToUse(userId, market.contract.settle)) return this.reject('insufficientMargin');
    const time = this.clock();
    slots.forEach((h, i) => {
      const topUp = topUps[i] ?? 0;
      wallet.move(
        wallet.free(userId),
        wallet.frozen(userId),
        topUp,
        SwapKind.isolatedMargin,
        `swap-leverage:${userId}`,
        time,
      );
      h.isolatedMargin += topUp;
      h.leverage = leverage;
      this.liquidator.touch(h);
      this.events.push({ type: 'position', holding: h });
    });
    if (!hedge || positionSide !== 'short') settings.leverageLong = leverage;
    if (!hedge || positionSide !== 'long') settings.leverageShort = leverage;
    this.events.push({ type: 'settings', userId, symbol, settings });
    return { ok: true, order: null, events: this.events };
  }

  /** Cross (1) or isolated (2), only while the user has no position and no open order on the symbol. */
  setMarginModel(userId: number, symbol: string, model: MarginModel): SwapResult {
    return this.switchMode(userId, symbol, (settings) => {
      settings.marginModel = model;
    });
  }

  /** Multi/hedge (1) or single/one-way (2), under the same rule. Leaving hedge mode takes the long side's leverage. */
  setPositionClass(userId: number, symbol: string, positionClass: PositionClass): SwapResult {
    return this.switchMode(userId, symbol, (settings) => {
      settings.positionClass = positionClass;
      if (positionClass === PositionClass.single) settings.leverageShort = settings.leverageLong;
    });
  }

  private switchMode(userId: number, symbol: string, apply: (settings: SymbolSettings) => void): SwapResult {
    this.events = [];
    const market = this.markets.get(symbol);
    if (!market) return this.reject('unknownContract');
    const plans = [...(this.plansByUser.get(userId) ?? [])].some((p) => p.symbol === symbol);
    if (this.holdings.hasPosition(userId, symbol) || this.openOrders(userId, symbol).length > 0 || plans) {
      return this.reject('positionOrOrdersOpen');
    }
    const settings = this.holdings.settings(userId, market.contract);
    apply(settings);
    this.events.push({ type: 'settings', userId, symbol, settings });
    return { ok: true, order: null, events: this.events };
  }

  /** Adds (amount > 0) or removes (< 0) isolated margin, ledger units (spec `ajust-principal`, action 7). */
  adjustMargin(userId: number, symbol: string, positionSide: PositionSide, amount: number): SwapResult {
    this.events = [];
    const market = this.markets.get(symbol);
    if (!market) return this.reject('unknownContract');
    if (!Number.isSafeInteger(amount) || amount === 0) return this.reject('badAmount');
    const holding = this.holdings.find(userId, symbol, positionSide);
    if (!holding?.position) return this.reject('noPosition');
    if (holding.marginModel !== MarginModel.isolated) return this.reject('notIsolated');
    const wallet = this.wallets.get(market.contract.settle) as SwapWallet;
    const mark = this.markOf(symbol)?.mark ?? 0;
    if (amount > 0 && amount > this.freeToUse(userId, market.contract.settle)) return this.reject('insufficientMargin');
    if (amount < 0 && -amount > removableMargin(market.contract, holding, mark))
      return this.reject('insufficientMargin');
    const [from, to] =
      amount > 0 ? [wallet.free(userId), wallet.frozen(userId)] : [wallet.frozen(userId), wallet.free(userId)];
    wallet.move(from, to, Math.abs(amount), SwapKind.isolatedMargin, `swap-margin:${userId}`, this.clock());
    holding.isolatedMargin += amount;
    this.liquidator.touch(holding);
    this.events.push({ type: 'position', holding });
    return { ok: true, order: null, events: this.events };
  }

  /** The user's price preference (spec: 0 default, 1 mark, 2 latest): which price trade-price triggers watch. */
  setPricePreference(userId: number, preference: PricePreference): SwapResult {
    this.events = [];
    if (!Object.values(PricePreference).includes(preference)) return this.reject('badOrder');
    this.preferences.set(userId, preference);
    this.events.push({ type: 'preference', userId, preference });
    return { ok: true, order: null, events: this.events };
  }

  pricePreference(userId: number): PricePreference {
    return this.preferences.get(userId) ?? PricePreference.default;
  }

  /** A plan order (open tab 2): opens (or closes) when its trigger is crossed. */
  placePlan(cmd: SwapPlace & PlanExecution): SwapResult {
    return this.planCommand(cmd.symbol, () => {
      const market = this.markets.get(cmd.symbol) as SwapMarket;
      const settings = this.holdings.settings(cmd.userId, market.contract);
      const hedge = settings.positionClass === PositionClass.multi;
      const close = cmd.close === true;
      const positionSide = positionSideOf(hedge, cmd.side, close);
      if (cmd.side !== Side.buy && cmd.side !== Side.sell) return 'badOrder';
      const made = this.planner.plan(cmd.userId, cmd.symbol, cmd.side, positionSide, close, cmd.volume, cmd);
      return typeof made === 'string' ? made : [made];
    });
  }

  /** TP and/or SL on a position, whole (1) or partial (2) (spec `position-take-profit-stop-loss`). */
  setTpsl(
    userId: number,
    symbol: string,
    positionSide: PositionSide,
    mode: TpslMode,
    legs: { takeProfit?: PlanExecution; stopLoss?: PlanExecution; volume?: number },
  ): SwapResult {
    return this.planCommand(symbol, () => {
      if (mode !== 1 && mode !== 2) return 'badOrder';
      if (!legs.takeProfit && !legs.stopLoss) return 'badOrder';
      return this.planner.tpsl(userId, symbol, positionSide, mode, legs);
    });
  }

  /** A trailing stop on a position (spec `activePrice`, `drawDownOffset`; volume 0: the whole position). */
  placeTrailing(
    userId: number,
    symbol: string,
    positionSide: PositionSide,
    activePrice: number,
    rate: bigint,
    volume: number,
  ): SwapResult {
    return this.planCommand(symbol, () => {
      const made = this.planner.trailing(userId, symbol, positionSide, activePrice, rate, volume);
      return typeof made === 'string' ? made : [made];
    });
  }

  cancelPlan(userId: number, planId: number): SwapResult {
    this.events = [];
    const ended = this.planner.cancel(userId, planId);
    if (typeof ended === 'string') return this.reject(ended);
    return { ok: true, order: null, plans: [ended], events: this.events };
  }

  /** A user's waiting plans, oldest first. */
  plansOf(userId: number, symbol?: string): SwapPlan[] {
    const plans = [...(this.plansByUser.get(userId) ?? [])];
    return (symbol ? plans.filter((p) => p.symbol === symbol) : plans).sort((a, b) => a.id - b.id);
  }

  private planCommand(symbol: string, make: () => SwapPlan[] | SwapRejectReason): SwapResult {
    this.events = [];
    const market = this.markets.get(symbol);
    if (!market) return this.reject('unknownContract');
    const made = make();
    if (typeof made === 'string') return this.reject(made);
    this.runPlans(market);
    return { ok: true, order: null, plans: made, events: this.events };
  }

  /** The mark price moved (the price service publishes it): plans watching it fire. */
  setMark(symbol: string, mark: number): SwapResult {
    const result = this.setPrice(symbol, mark, (market) => {
      market.mark = mark;
    });
    if (!result.ok) return result;
    const market = this.markets.get(symbol) as SwapMarket;
    this.liquidator.sweep(market);
    this.runPlans(market);
    return { ok: true, order: null, events: this.events };
  }

  /**
   * Funding settlement at `mark` with `rate` (10^-8, positive: longs pay): one ledger move per position, payers
   * rounded up and receivers down, the difference kept by the house account, so the sum over accounts is exactly
   * zero (research §1.2). Isolated positions pay from and receive into their margin. Then the sweep runs: a payment
   * may take a position to its maintenance.
   */
  settleFunding(symbol: string, rate: bigint, mark: number): SwapResult {
    this.events = [];
    const market = this.markets.get(symbol);
    if (!market) return this.reject('unknownContract');
    if (!positiveInt(mark)) return this.reject('badPrice');
    const wallet = this.wallets.get(market.contract.settle) as SwapWallet;
    const holdings = this.holdings.openOn(symbol);
    const funded = holdings.map((h, id) => ({
      id,
      sign: (h.position as Position).sign,
      contracts: (h.position as Position).contracts,
    }));
    const { payments } = settleFunding(market.contract.grid, rate, mark, funded);
    const time = this.clock();
    const txn = `swap-funding:${symbol}:${time}`;
    // Payers first, so the house holds what it pays out.
    const order = holdings
      .map((h, id) => ({ h, fine: payments.get(id) ?? 0n }))
      .sort((a, b) => (a.fine < b.fine ? -1 : 1));
    for (const { h, fine } of order) {
      const amount = this.fundingMove(market, wallet, h, fine, txn, time);
      this.liquidator.touch(h);
      if (amount !== 0) {
        const { userId, positionSide, id: positionId } = h;
        const contracts = (h.position as Position).contracts;
        this.events.push({
          ...{ type: 'funding', userId, symbol, positionSide, positionId },
          ...{ contracts, amount, rate, mark, time },
        });
        // An isolated position's margin changed: its row must say so, or a restart brings back the old margin.
        if (h.marginModel === MarginModel.isolated) this.events.push({ type: 'position', holding: h });
      }
    }
    // The settled rate, paid or not, for the contract's funding history.
    this.events.push({ type: 'fundingRate', symbol, rate, mark, time });
    this.liquidator.sweep(market);
    return { ok: true, order: null, events: this.events };
  }

  /** One position's funding on the ledger; returns the signed ledger amount that moved. */
  private fundingMove(market: SwapMarket, wallet: SwapWallet, h: Holding, fine: bigint, txn: string, time: number) {
    const isolated = h.marginModel === MarginModel.isolated;
    const pocket = isolated ? wallet.frozen(h.userId) : wallet.free(h.userId);
    const house = { system: FUNDING_HOUSE_ACCOUNT };
    if (fine < 0n) {
      const due = payMinor(market.contract, -fine);
      const paid = wallet.takeUpTo(
        pocket,
        FUNDING_HOUSE_ACCOUNT,
        isolated ? Math.min(due, h.isolatedMargin) : due,
        SwapKind.funding,
        txn,
        time,
      );
      if (isolated) h.isolatedMargin -= paid;
      return -paid;
    }
    const received = receiveMinor(market.contract, fine);
    wallet.move(house, pocket, received, SwapKind.funding, txn, time);
    if (isolated) h.isolatedMargin += received;
    return received;
  }

  /** The index price moved: plans watching it fire. */
  setIndex(symbol: string, index: number): SwapResult {
    return this.setPrice(symbol, index, (market) => {
      market.index = index;
    });
  }

  private setPrice(symbol: string, price: number, apply: (market: SwapMarket) => void): SwapResult {
    this.events = [];
    const market = this.markets.get(symbol);
    if (!market) return this.reject('unknownContract');
    if (!positiveInt(price)) return this.reject('badPrice');
    apply(market);
    this.runPlans(market);
    return { ok: true, order: null, events: this.events };
  }

  /** Fires every plan the prices have reached; an order a plan sends may move the last price and fire more. */
  private runPlans(market: SwapMarket): void {
    // Each plan fires once, so the loop ends; the bound only guards against a fault.
    const moved = (trailing: SwapPlan) => this.events.push({ type: 'plan', plan: trailing });
    for (let guard = 0; guard < 100_000; guard++) {
      const plan = market.plans.popFired(this.pricesOf(market), moved);
      if (!plan) return;
      this.plansByUser.get(plan.userId)?.delete(plan);
      this.fire(plan);
    }
  }

  private fire(plan: SwapPlan): void {
    const closes = plan.kind !== 'open';
    let volume = plan.volume;
    if (closes) {
      const position = this.holdings.find(plan.userId, plan.symbol, plan.positionSide)?.position;
      if (!position || position.sign === signOf(plan.side)) {
        this.planner.end(plan, PlanStatus.failed, 'noPosition');
        return;
      }
      volume = volume === 0 ? position.contracts : Math.min(volume, position.contracts);
    }
    const placed = this.placeOrder({
      userId: plan.userId,
      symbol: plan.symbol,
      side: plan.side,
      type: plan.orderType,
      price: plan.orderPrice,
      volume,
      close: closes,
      action: plan.action,
    });
    if (typeof placed === 'string') {
      this.planner.end(plan, PlanStatus.failed, placed);
      return;
    }
    plan.orderId = placed.id;
    this.planner.end(plan, PlanStatus.triggered);
  }

  private pricesOf(market: SwapMarket): Prices {
    return { last: market.lastPrice, index: market.index, mark: market.mark };
  }

  private liquidatorHost(): LiquidatorHost {
    return {
      holdings: this.holdings,
      fundUserId: this.fundUserId,
      liquidationFeeRate: this.liquidationFeeRate,
      markOf: this.markOf,
      clock: this.clock,
      market: (symbol) => this.markets.get(symbol),
      wallet: (coin) => this.wallets.get(coin),
      openOrders: (userId) => this.openOrders(userId),
      crossReserved: (userId) => this.crossReserved(userId),
      cancelOrder: (order) => this.cancelOpen(this.markets.get(order.symbol) as SwapMarket, order),
      placeOrder: (cmd) => this.placeOrder(cmd),
      afterFill: (order, holding) => this.afterFill(order, holding),
      emit: (event) => {
        this.events.push(event);
      },
      nextTransferId: () => this.nextTradeId++,
      nextOrderId: () => this.nextOrderId++,
      onClosed: this.onClosed,
    };
  }

  private plannerHost(): PlannerHost {
    return {
      holdings: this.holdings,
      clock: this.clock,
      prices: (symbol) => {
        const market = this.markets.get(symbol);
        return market ? this.pricesOf(market) : undefined;
      },
      preference: (userId) => this.pricePreference(userId),
      emitPlan: (plan) => {
        this.events.push({ type: 'plan', plan });
      },
      addPlan: (plan) => {
        (this.markets.get(plan.symbol) as SwapMarket).plans.add(plan);
        let set = this.plansByUser.get(plan.userId);
        if (!set) {
          set = new Set();
          this.plansByUser.set(plan.userId, set);
        }
        set.add(plan);
      },
      removePlan: (plan) => {
        this.markets.get(plan.symbol)?.plans.remove(plan);
        this.plansByUser.get(plan.userId)?.delete(plan);
      },
      findPlan: (id) => {
        for (const market of this.markets.values()) {
          const plan = market.plans.byId.get(id);
          if (plan) return plan;
        }
        return undefined;
      },
      plansOf: (userId) => this.plansByUser.get(userId) ?? [],
    };
  }

  /**
   * The margin set a position is measured with — its own margin when isolated, the cross account otherwise — as the
   * liquidation sweep builds it, so what a view shows (liquidation price, margin ratio) is where the engine acts.
   */
  marginSetOf(holding: Holding): MarginSet | null {
    const market = this.markets.get(holding.symbol);
    if (!market || !holding.position) return null;
    if (holding.marginModel === MarginModel.isolated) return isolatedSet(market.contract, holding);
    // Cross legs of one contract share one liquidation price (a hedge's long and short together, research §1.5).
    return this.liquidator.crossSetOf(holding.userId, holding.symbol, market.contract.settle);
  }

  /** Recovery: a stored open order back on its book, in book-sequence order so time priority is what it was. */
  restoreOrder(order: ContractOrder): void {
    const market = this.markets.get(order.symbol);
    if (!market) throw new Error(`order ${order.id}: unknown contract ${order.symbol}`);
    market.book.sideOf(order.side).add(order);
    this.rest(market, order, order.remaining);
    this.track(order);
  }

  /** Recovery: a waiting plan. */
  restorePlan(plan: SwapPlan): void {
    this.plannerHost().addPlan(plan);
    if (plan.id >= this.planner.nextPlanId) this.planner.nextPlanId = plan.id + 1;
  }

  /** Recovery: a restored position is measured at the next mark. */
  restoredPosition(holding: Holding): void {
    this.holdings.restore(holding);
    this.liquidator.touch(holding);
  }

  restorePreference(userId: number, preference: PricePreference): void {
    this.preferences.set(userId, preference);
  }

  /** Recovery: the last trade price of a contract. */
  restorePrice(symbol: string, lastPrice: number): void {
    const market = this.markets.get(symbol);
    if (market) market.lastPrice = lastPrice;
  }

  private track(order: ContractOrder): void {
    this.open.set(order.id, order);
    let set = this.openByUser.get(order.userId);
    if (!set) {
      set = new Set();
      this.openByUser.set(order.userId, set);
    }
    set.add(order);
    this.addCross(order, order.frozen);
  }

  private untrack(order: ContractOrder): void {
    if (!this.open.delete(order.id)) return;
    this.openByUser.get(order.userId)?.delete(order);
    this.addCross(order, -order.frozen);
  }

  private reject(reason: SwapRejectReason): SwapResult {
    return { ok: false, reason, events: [] };
  }
}

function attachedLegs(cmd: SwapPlace): { takeProfit?: PlanExecution; stopLoss?: PlanExecution } {
  return {
    ...(cmd.takeProfit ? { takeProfit: cmd.takeProfit } : {}),
    ...(cmd.stopLoss ? { stopLoss: cmd.stopLoss } : {}),
  };
}

/**
 * The position an order works on: one-way mode has one (`both`); in hedge mode an open buy goes long and an open sell
 * short, and a close sell closes the long and a close buy the short.
 */
export function positionSideOf(hedge: boolean, side: Side, close: boolean): PositionSide {
  if (!hedge) return 'both';
  const long = side === Side.buy ? !close : close;
  return long ? 'long' : 'short';
}
