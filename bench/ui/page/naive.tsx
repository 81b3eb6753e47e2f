/**
 * `naive`: the baseline the design argues against (DESIGN §2). One WebSocket on the main thread receives the same
 * frames as JSON text; each is JSON.parse'd, merged into a Map per side, the side sorted again, cumulative volumes
 * summed, and the book put in React state, rendered as one element per row (React 19 batches the updates of one task).
 * Same books, same rows per side, same grid as `ours`. No sequence or checksum checks: the baseline does less work
 * per frame than the worker, not more.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { installMeter, type PageCounters, ROWS } from './meter.tsx';

interface Level {
  price: number;
  volume: number;
  cum: number;
  value: number;
}
interface BookState {
  asks: Level[];
  bids: Level[];
}

interface DepthFrame {
  ch: string;
  kind: 'snapshot' | 'diff';
  bids: number[];
  asks: number[];
}

/** A side as a Map, sorted again after every frame (the naive full recompute). */
function top(levels: Map<number, number>, descending: boolean): Level[] {
  const prices = [...levels.keys()].sort((a, b) => (descending ? b - a : a - b));
  const out: Level[] = [];
  let cum = 0;
  for (const price of prices.slice(0, ROWS)) {
    const volume = levels.get(price) ?? 0;
    cum += volume;
    out.push({ price, volume, cum, value: price * volume });
  }
  return out;
}

function Row({
  level,
  max,
  priceScale,
  amountScale,
}: {
  level: Level;
  max: number;
  priceScale: number;
  amountScale: number;
}) {
  return (
    <div className="row">
      <div className="bar" style={{ width: `${max > 0 ? Math.min(100, (level.cum / max) * 100) : 0}%` }} />
      <span className="price">{level.price.toFixed(priceScale)}</span>
      <span>{level.volume.toFixed(amountScale)}</span>
      <span>{level.cum.toFixed(amountScale)}</span>
      <span>{level.value.toFixed(2)}</span>
    </div>
  );
}

type Setter = (book: BookState) => void;

function Book(props: { symbol: string; setters: Map<string, Setter>; priceScale: number; amountScale: number }) {
  const { symbol, setters, priceScale, amountScale } = props;
  const [book, setBook] = useState<BookState | null>(null);
  useEffect(() => {
    setters.set(symbol, setBook);
    return () => {
      setters.delete(symbol);
    };
  }, [symbol, setters]);
  const max = Math.max(book?.asks.at(-1)?.cum ?? 0, book?.bids.at(-1)?.cum ?? 0);
  const scales = { max, priceScale, amountScale };
  return (
    <section className="book">
      <h2>
        {symbol}
        <span>{book ? 'live' : 'connecting'}</span>
      </h2>
      <div className="side asks">
        {book?.asks.map((level, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row per position, as a ladder is drawn.
          <Row key={i} level={level} {...scales} />
        ))}
      </div>
      <div className="mid">{book?.bids[0]?.price.toFixed(priceScale) ?? '--'}</div>
      <div className="side bids">
        {book?.bids.map((level, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row per position, as a ladder is drawn.
          <Row key={i} level={level} {...scales} />
        ))}
      </div>
    </section>
  );
}

export function startNaive(root: HTMLElement, symbols: string[], grid: { priceScale: number; amountScale: number }) {
  const setters = new Map<string, Setter>();
  const books = new Map<string, { bids: Map<number, number>; asks: Map<number, number> }>();
  const seen = new Set<string>();
  const counters: PageCounters = { updates: 0, ready: () => seen.size, live: () => seen.size };

  createRoot(root).render(symbols.map((symbol) => <Book key={symbol} symbol={symbol} setters={setters} {...grid} />));

  const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/json`);
  socket.onopen = () => socket.send(JSON.stringify({ op: 'sub', ch: symbols.map((s) => `depth:${s}`) }));
  socket.onmessage = (event: MessageEvent<string>) => {
    const frame = JSON.parse(event.data) as DepthFrame;
    const symbol = frame.ch.slice(6);
    let book = books.get(symbol);
    if (!book || frame.kind === 'snapshot') {
      book = { bids: new Map(), asks: new Map() };
      books.set(symbol, book);
    }
    for (const [wire, side] of [
      [frame.bids, book.bids],
      [frame.asks, book.asks],
    ] as const) {
      for (let i = 0; i < wire.length; i += 2) {
        const price = wire[i] as number;
        const volume = wire[i + 1] as number;
        if (volume === 0) side.delete(price);
        else side.set(price, volume);
      }
    }
    counters.updates++;
    seen.add(symbol);
    setters.get(symbol)?.({ bids: top(book.bids, true), asks: top(book.asks, false) });
  };
  installMeter(counters);
}
