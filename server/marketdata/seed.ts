/**
 * A believable past for a market that has none (a fresh server): candles of every interval, drawn backwards from the
 * live price by the simulator's kind of walk, so the first chart, sparkline and 24 h ticker a newcomer sees look like
 * a market and join the live candles without a jump. Coarser candles are built from the finer ones wherever those
 * exist, so every interval tells the same story.
 */
import { MINUTE_MS, periodOf } from '../../common/candles.ts';
import type { CandleInterval } from '../../common/protocol.ts';
import type { Sqlite } from '../db/schema.ts';
import { mulberry32, Rng } from '../sim/random.ts';
import type { CandleRow } from './candles.ts';

/** Candles of each interval at least (spec trading §9's default history); more than a day of M1 for the 24 h ticker. */
export const SEED_CANDLES = 300;
// An hour more than the ticker's day, so its open is a close from before the window, as after any restart.
const SEED_M1 = 25 * 60;

/** Each interval and the finer one it is built from where that one reaches (whole multiples, aligned periods). */
const LADDER: readonly (readonly [CandleInterval, CandleInterval | null])[] = [
  ['M1', null],
  ['M5', 'M1'],
  ['M15', 'M5'],
  ['M30', 'M15'],
  ['H1', 'M30'],
  ['H2', 'H1'],
  ['H4', 'H2'],
  ['H6', 'H2'],
  ['H12', 'H6'],
  ['D1', 'H12'],
  ['W1', 'D1'],
  ['1month', 'D1'],
];

export interface SeedMarket {
  symbol: string;
  /** The live price in ticks: the newest candle closes here. */
  price: number;
  /** Volatility of ln(price) per √second (the simulator's walk). */
  sigma: number;
  /** Spread of ln(price) around `price` in the long run: what months and years wander within. */
  spread: number;
  /** Lots traded per minute on average. */
  lotsPerMinute: number;
  /** Ticks × lots ÷ this = the amount in the quote coin (MarketData's quoteUnit). */
  quoteUnit: number;
}

/** The candles of every interval for one market, oldest first, ending with the period holding `now`. */
export function seedCandles(market: SeedMarket, now: number): Map<CandleInterval, CandleRow[]> {
  const rng = new Rng(mulberry32(hash(market.symbol)));
  const out = new Map<CandleInterval, CandleRow[]>();
  for (const [interval, finer] of LADDER) {
    const count = interval === 'M1' ? SEED_M1 : SEED_CANDLES;
    out.set(interval, series(market, interval, count, now, finer ? (out.get(finer) ?? []) : [], rng));
  }
  return out;
}

/** Rows per insert statement: one call into SQLite per hundred candles, not per candle. */
const ROWS_PER_INSERT = 100;

/** Writes a market's seed when it has no candle at all; returns whether it did. */
export function seedMarket(sqlite: Sqlite, market: SeedMarket, now: number): boolean {
  const any = sqlite.prepare('select 1 from candles where symbol = ? limit 1').get(market.symbol);
  if (any || market.price <= 0) return false;
  const insert = (rows: number) =>
    sqlite.prepare(
      `insert into candles (symbol, interval, open_time, open, high, low, close, volume, amount) values
       ${new Array(rows).fill('(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')} on conflict do nothing`,
    );
  const full = insert(ROWS_PER_INSERT);
  const values: (string | number)[] = [];
  for (const [interval, rows] of seedCandles(market, now)) {
    for (const r of rows)
      values.push(market.symbol, interval, r.openTime, r.open, r.high, r.low, r.close, r.volume, r.amount);
  }
  const width = 9 * ROWS_PER_INSERT;
  sqlite.transaction(() => {
    let at = 0;
    for (; at + width <= values.length; at += width) full.run(values.slice(at, at + width));
    if (at < values.length) insert((values.length - at) / 9).run(values.slice(at));
  })();
  return true;
}

/** `count` candles of `interval` up to the period of `now`: from `finer` where it covers a period, else walked. */
function series(m: SeedMarket, interval: CandleInterval, count: number, now: number, finer: CandleRow[], rng: Rng) {
  const starts = periodStarts(interval, now, count);
  const rows: CandleRow[] = [];
  let close = m.price;
  // Both lists are oldest first: one pointer walks the finer candles back as the periods go back.
  let j = finer.length;
  for (let i = starts.length - 1; i >= 0; i--) {
    const start = starts[i] as number;
    const end = j;
    while (j > 0 && (finer[j - 1] as CandleRow).openTime >= start) j--;
    const inside = finer.slice(j, end);
    const row = inside.length > 0 ? merge(start, inside) : walked(m, start, periodEnd(interval, start), close, rng);
    // The part of a period before the finer candles begin is walked, so its open moves like the rest.
    const first = inside[0];
    if (first && first.openTime > start) extend(m, row, first.openTime - start, rng);
    rows.push(row);
    close = row.open;
  }
  return rows.reverse();
}

function periodEnd(interval: CandleInterval, start: number): number {
  return periodOf(interval, start, { start: 0, end: 0 }).end;
}

/** The starts of the last `count` periods of `interval`, oldest first, the newest holding `now`. */
function periodStarts(interval: CandleInterval, now: number, count: number): number[] {
  const starts: number[] = [];
  const period = periodOf(interval, now, { start: 0, end: 0 });
  for (let i = 0; i < count; i++) {
    starts.push(period.start);
    periodOf(interval, period.start - 1, period);
  }
  return starts.reverse();
}

function merge(start: number, rows: readonly CandleRow[]): CandleRow {
  const first = rows[0] as CandleRow;
  const last = rows[rows.length - 1] as CandleRow;
  let { high, low } = first;
  let volume = 0;
  let amount = 0;
  for (const r of rows) {
    if (r.high > high) high = r.high;
    if (r.low < low) low = r.low;
    volume += r.volume;
    amount += r.amount;
  }
  return { openTime: start, open: first.open, high, low, close: last.close, volume, amount };
}

/** A candle ending at `close`, its open one step of the walk before (pulled towards the live price over long spans). */
function walked(m: SeedMarket, start: number, end: number, close: number, rng: Rng): CandleRow {
  const row: CandleRow = { openTime: start, open: close, high: close, low: close, close, volume: 0, amount: 0 };
  extend(m, row, end - start, rng);
  return row;
}

/** Walks `row`'s open back over `ms` more, widening high and low and adding that span's volume. */
function extend(m: SeedMarket, row: CandleRow, ms: number, rng: Rng): void {
  const seconds = ms / 1000;
  // Over long spans the walk is held within `spread` of the live price, as the simulator's walk is by its reversion.
  const step = Math.min(m.sigma * Math.sqrt(seconds), m.spread);
  const from = Math.log(row.open);
  const target = Math.log(m.price);
  const pull = Math.min(1, (step / m.spread) ** 2);
  const open = Math.exp(from + pull * (target - from) + step * rng.gaussian());
  const reach = step * 0.6;
  const high = Math.max(open, row.open) * Math.exp(Math.abs(rng.gaussian()) * reach);
  const low = Math.min(open, row.open) * Math.exp(-Math.abs(rng.gaussian()) * reach);
  const volume = Math.max(1, Math.round(m.lotsPerMinute * (ms / MINUTE_MS) * Math.exp(0.5 * rng.gaussian() - 0.125)));
  row.open = Math.max(1, Math.round(open));
  row.high = Math.max(row.high, Math.round(high), row.open);
  row.low = Math.max(1, Math.min(row.low, Math.round(low), row.open));
  row.volume += volume;
  row.amount += (((row.open + row.close) / 2) * volume) / m.quoteUnit;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
