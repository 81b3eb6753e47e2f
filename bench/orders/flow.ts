import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderType, Side } from '../../common/trading.ts';
import type { Db } from '../../server/db/schema.ts';
import type { Exchange, PlaceCommand } from '../../server/exchange/index.ts';
import { benchUsers } from '../users.ts';

/**
 * The order flow every row of the bench runs: client k places limit orders on BTC/USDT at one price, even clients
 * buying and odd ones selling, so most orders fill against another client's and the books stay a few orders deep
 * (no one reaches the 500 open orders a user may keep). Every order is a real command: frozen, matched, settled.
 */
export const SYMBOL = 'BTC/USDT';
export const PRICE = '95000';
export const AMOUNT = '0.001';
/** The same in the engine's integers: ticks (priceScale 2) and lots (amountScale 5). */
const PRICE_TICKS = 9_500_000;
const AMOUNT_LOTS = 100;

export const sideOf = (client: number): Side => (client % 2 === 0 ? Side.buy : Side.sell);

/** The form a client posts to `/exchange/order/add`. */
export function orderForm(client: number): string {
  return JSON.stringify({
    symbol: SYMBOL,
    price: PRICE,
    amount: AMOUNT,
    type: OrderType.limit,
    direction: sideOf(client),
  });
}

/** The same order as the engine's command. */
export function placeCommand(client: number, userId: number): PlaceCommand {
  return {
    userId,
    symbol: SYMBOL,
    side: sideOf(client),
    type: OrderType.limit,
    price: PRICE_TICKS,
    quantity: AMOUNT_LOTS,
  };
}

/** A fresh data folder per process, so no run reads another's pages. */
export const freshDir = () => mkdtempSync(join(tmpdir(), 'tickstream-bench-orders-'));

/** `count` users straight in the database, each funded (enough for a minute of orders) through the exchange. */
export async function fundedUsers(db: Db, exchange: Exchange, count: number): Promise<number[]> {
  const ids = await benchUsers(db, count);
  for (const id of ids) {
    // 10^12 USDT units (10^6 USDT) and 10^11 BTC units (1000 BTC).
    await exchange.credit(id, 'USDT', 1e12, 'system:bench', `bench:${id}:usdt`, 'bench');
    await exchange.credit(id, 'BTC', 1e11, 'system:bench', `bench:${id}:btc`, 'bench');
  }
  return ids;
}

/** What one process measured: acknowledged orders and each one's latency in ms. */
export interface Outcome {
  acknowledged: number;
  refused: number;
  seconds: number;
  latencies: number[];
  /** Journal rows written while measuring and the commands in them (commands per commit). */
  commits?: number;
  commands?: number;
  /** CPU time of the process that runs the exchange while measuring (user + system), ms. */
  cpuMs?: number;
  /** CPU time of the clients' process while measuring, ms (the HTTP rows: it shares the machine's two cores). */
  clientCpuMs?: number;
}

/** An outcome in a few numbers (what a child process prints on one line). */
export interface Summary {
  acknowledged: number;
  refused: number;
  seconds: number;
  p50: number;
  p99: number;
  p999: number;
  commits?: number;
  commands?: number;
  cpuMs?: number;
  clientCpuMs?: number;
}

export function summarize({ latencies, ...rest }: Outcome): Summary {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { ...rest, p50: at(0.5), p99: at(0.99), p999: at(0.999) };
}
