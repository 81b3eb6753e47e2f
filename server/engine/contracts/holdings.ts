import { MarginModel, PositionClass } from '../../../common/margin/codes.ts';
import type { Position } from '../../../common/margin/position.ts';
import type { Contract } from './contract.ts';
import type { PositionSide } from './terms.ts';

/** A user's choices on one symbol (spec margin model, position class, leverage per side). */
export interface SymbolSettings {
  marginModel: MarginModel;
  positionClass: PositionClass;
  leverageLong: number;
  leverageShort: number;
}

/** One position slot: the position itself (null when flat) and what backs it. */
export interface Holding {
  /** The position's id (spec `positionId`): new each time the slot opens from flat, 0 before the first. */
  id: number;
  readonly userId: number;
  readonly symbol: string;
  readonly positionSide: PositionSide;
  position: Position | null;
  /** The largest size the position reached (position history). */
  maxContracts: number;
  marginModel: MarginModel;
  leverage: number;
  /** Isolated margin in ledger units, held in the user's frozen contract pocket; 0 in cross. */
  isolatedMargin: number;
  /** PnL realised since the position opened, fine units, before fees and funding (position history). */
  realized: bigint;
  /** Notional of the slot's resting opening orders by side (buy, sell), fine units: the risk limit counts them. */
  resting: [bigint, bigint];
  /** The position's life so far, for position history; reset when the slot opens from flat. */
  tally: PositionTally;
  /** Auto-deleveraging lights 0–4 (research §1.7), published when they change. */
  adlQuantile: number;
  openedAt: number;
  updatedAt: number;
}

/** What a position opened and closed over its life (position history's entry and close averages, fees). */
export interface PositionTally {
  /** Σ notional of the opening fills, fine units. */
  openValue: bigint;
  openContracts: number;
  /** Σ notional of the closing fills, fine units. */
  closeValue: bigint;
  closeContracts: number;
  /** Trading fees paid by the position's fills, ledger units. */
  fees: number;
}

export function emptyTally(): PositionTally {
  return { openValue: 0n, openContracts: 0, closeValue: 0n, closeContracts: 0, fees: 0 };
}

/** The leverage of the side a slot holds: one-way slots use the long setting (both sides are kept equal). */
export function leverageOf(settings: SymbolSettings, positionSide: PositionSide): number {
  return positionSide === 'short' ? settings.leverageShort : settings.leverageLong;
}

/** One user's settings by symbol and position slots by symbol and side. */
interface UserBook {
  settings: Map<string, SymbolSettings>;
  slots: Map<string, Partial<Record<PositionSide, Holding>>>;
}

/**
 * Every user's settings and position slots. Defaults follow the venues: cross margin, one-way mode, the contract's
 * default leverage (spec `defLeverage`).
 */
export class Holdings {
  /** By user, then symbol: number and symbol keys, no key text built per lookup (a liquidation wave does many). */
  private readonly users = new Map<number, UserBook>();
  private readonly bySymbol = new Map<string, Set<Holding>>();
  private readonly byUser = new Map<number, Set<Holding>>();
  private readonly byId = new Map<number, Holding>();
  /** Open positions by symbol, longs then shorts: a sweep or an ADL queue never walks the flat slots or the other side. */
  private readonly open = new Map<string, [Set<Holding>, Set<Holding>]>();
  nextPositionId = 1;

  /** Sets a slot's position (every change goes through here, so {@link openOn} stays true). */
  setPosition(holding: Holding, position: Position | null): void {
    let sides = this.open.get(holding.symbol);
    if (!sides) {
      sides = [new Set(), new Set()];
      this.open.set(holding.symbol, sides);
    }
    if (holding.position) sides[holding.position.sign === 1 ? 0 : 1].delete(holding);
    holding.position = position;
    if (position) sides[position.sign === 1 ? 0 : 1].add(holding);
  }

  private bookOf(userId: number): UserBook {
    let book = this.users.get(userId);
    if (!book) {
      book = { settings: new Map(), slots: new Map() };
      this.users.set(userId, book);
    }
    return book;
  }

  /** A new position id for a slot that opens from flat. */
  opened(holding: Holding): void {
    if (holding.id) this.byId.delete(holding.id);
    holding.id = this.nextPositionId++;
    this.byId.set(holding.id, holding);
  }

  /** Recovery: an open position as stored, in its slot; ids continue after the highest. */
  restore(holding: Holding): void {
    const position = holding.position;
    holding.position = null;
    this.setPosition(holding, position);
    this.byId.set(holding.id, holding);
    if (holding.id >= this.nextPositionId) this.nextPositionId = holding.id + 1;
  }

  /** The slot holding position `id`, while that position is open. */
  byPositionId(id: number): Holding | undefined {
    const holding = this.byId.get(id);
    return holding?.position ? holding : undefined;
  }

  settings(userId: number, contract: Contract): SymbolSettings {
    const book = this.bookOf(userId);
    let found = book.settings.get(contract.symbol);
    if (!found) {
      found = {
        marginModel: MarginModel.cross,
        positionClass: PositionClass.single,
        leverageLong: contract.defLeverage,
        leverageShort: contract.defLeverage,
      };
      book.settings.set(contract.symbol, found);
    }
    return found;
  }

  /** The slot, created flat when missing; a flat slot takes the settings' model and leverage when it opens. */
  slot(userId: number, symbol: string, positionSide: PositionSide, settings: SymbolSettings): Holding {
    const book = this.bookOf(userId);
    let sides = book.slots.get(symbol);
    if (!sides) {
      sides = {};
      book.slots.set(symbol, sides);
    }
    let found = sides[positionSide];
    if (!found) {
      found = {
        id: 0,
        userId,
        symbol,
        positionSide,
        position: null,
        maxContracts: 0,
        marginModel: settings.marginModel,
        leverage: leverageOf(settings, positionSide),
        isolatedMargin: 0,
        realized: 0n,
        resting: [0n, 0n],
        tally: emptyTally(),
        adlQuantile: 0,
        openedAt: 0,
        updatedAt: 0,
      };
      sides[positionSide] = found;
      addTo(this.bySymbol, symbol, found);
      addTo(this.byUser, userId, found);
    }
    return found;
  }

  /** A slot if it exists. */
  find(userId: number, symbol: string, positionSide: PositionSide): Holding | undefined {
    return this.users.get(userId)?.slots.get(symbol)?.[positionSide];
  }

  /** Open positions on a symbol, of one side (`sign`) or both: the liquidation sweep's, ADL's and funding's list. */
  openOn(symbol: string, sign?: 1 | -1): Holding[] {
    const sides = this.open.get(symbol);
    if (!sides) return [];
    if (sign !== undefined) return [...sides[sign === 1 ? 0 : 1]];
    return [...sides[0], ...sides[1]];
  }

  /** A user's open positions, all symbols. */
  *openOf(userId: number): Generator<Holding> {
    for (const h of this.byUser.get(userId) ?? []) if (h.position) yield h;
  }

  /** Whether the user holds a cross position on the symbol. */
  hasCross(userId: number, symbol: string): boolean {
    for (const h of this.byUser.get(userId) ?? []) {
      if (h.symbol === symbol && h.position && h.marginModel === 1) return true;
    }
    return false;
  }

  /** Whether the user holds any position on the symbol. */
  hasPosition(userId: number, symbol: string): boolean {
    for (const h of this.byUser.get(userId) ?? []) if (h.symbol === symbol && h.position) return true;
    return false;
  }
}

function addTo<K>(index: Map<K, Set<Holding>>, key: K, holding: Holding): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(holding);
}
