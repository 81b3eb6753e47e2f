import type { FastifyInstance } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import { isDecimal, toUnits } from '../../common/decimal.ts';
import type { Sqlite } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import { InsufficientFunds } from '../ledger/accounts.ts';

/** A refused move: HTTP 200 with a non-zero code and a translated message (spec shell §8), nothing changed. */
export function refuse(
  key: MessageKey,
  params: Record<string, string | number> = {},
  code: number = ApiCode.badRequest,
) {
  return new ApiError(200, code, key, params);
}

export interface CoinInfo {
  unit: string;
  name: string;
  /** Ledger decimals (`coins.decimals`): amounts are integer units of 10^-decimals. */
  decimals: number;
}

/** The catalogue's coins by unit; the catalogue is fixed while the server runs, so it is read once. */
export function coinCatalogue(app: FastifyInstance): () => Promise<ReadonlyMap<string, CoinInfo>> {
  let loaded: Promise<ReadonlyMap<string, CoinInfo>> | null = null;
  return () => {
    loaded ??= app.store.markets
      .coins()
      .then((coins) => new Map(coins.map((c) => [c.unit, { unit: c.unit, name: c.name, decimals: c.decimals }])));
    return loaded;
  };
}

/** A coin of the catalogue by its unit (any case), or the translated unknown-coin refusal. */
export async function coinOf(catalogue: () => Promise<ReadonlyMap<string, CoinInfo>>, unit: string): Promise<CoinInfo> {
  const coin = (await catalogue()).get(unit.trim().toUpperCase());
  if (!coin) throw new ApiError(200, ApiCode.badRequest, 'unknownCoin', { unit: unit.trim().slice(0, 16) });
  return coin;
}

/**
 * Integer units of a typed amount: an exact positive decimal with at most the coin's decimals (spec shell §5 numeric
 * input), within the ledger's safe range. Anything else is refused with a message that says which rule failed.
 */
export function parseAmount(text: string, coin: CoinInfo): bigint {
  const trimmed = text.trim();
  if (!isDecimal(trimmed) || trimmed.startsWith('-')) throw refuse('movesBadAmount', {}, ApiCode.badAmount);
  let units: bigint;
  try {
    units = toUnits(trimmed, coin.decimals);
  } catch {
    throw refuse('movesTooManyDecimals', { coin: coin.unit, decimals: coin.decimals }, ApiCode.badAmount);
  }
  if (units <= 0n) throw refuse('movesBadAmount', {}, ApiCode.badAmount);
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) throw refuse('movesAmountTooLarge', {}, ApiCode.badAmount);
  return units;
}

/** The refusal of a move the ledger turned down (a race with another move of the same money). */
export function ledgerRefusal(error: unknown, coin: string): unknown {
  if (error instanceof InsufficientFunds) return refuse('movesInsufficient', { coin }, ApiCode.insufficientBalance);
  if (error instanceof RangeError) return refuse('movesBadAmount', {}, ApiCode.badAmount);
  return error;
}

/**
 * Ids of a record table, handed out synchronously: the id goes into the ledger txn (`transfer:{id}`) before the record
 * is written in the same SQLite transaction, so it cannot come from the insert. One process owns the database.
 */
export class RecordIds {
  private last: number | null = null;
  constructor(
    private readonly sqlite: Sqlite,
    private readonly table: 'wallet_transfers' | 'internal_transfers' | 'quick_exchanges' | 'withdrawals',
  ) {}

  next(): number {
    if (this.last === null) {
      const row = this.sqlite.prepare(`select coalesce(max(id), 0) as id from ${this.table}`).get() as { id: number };
      this.last = row.id;
    }
    this.last += 1;
    return this.last;
  }
}

/**
 * Double submits: while a request with a key is running, a repeat of the key waits for the same answer. The caller's
 * work looks the key up in its records first, so a repeat after the first finished answers the stored record.
 */
export class Once<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.running.get(key);
    if (running) return running;
    const promise = work().finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }
}
