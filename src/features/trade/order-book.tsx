import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookStatus, FeedState, Snapshot } from '../../../workers/api.ts';
import { BOOK_COLUMN, BOOK_COLUMNS, TICKER_COLUMN } from '../../../workers/api.ts';
import {
  isOwnLevel,
  type LadderColors,
  LadderPainter,
  type LadderSide,
  levelAt,
  maxCumulative,
  ROW_HEIGHT,
  rowsThatFit,
} from '../../canvas/book-ladder.ts';
import { CanvasSurface, cssVar, type DrawFn } from '../../canvas/surface.ts';
import { useInViewport, useTicker, useViewData } from '../../data/hooks.ts';
import { formatPrice, formatPriceText } from '../../format/price.ts';
import { useLatchedState } from '../../ui/use-latched-state.ts';
import { useResetOn } from '../../ui/use-reset-on.ts';
import { bookSummary, useLiveSummary } from './live-summary.ts';
import { GROUP_STEPS, groupedPriceScale, groupStepLabel } from './market.ts';
import { bookView } from './market-views.ts';
import { pickPrice } from './price-store.ts';

export type BookView = 'both' | 'bids' | 'asks';
type Readout = 'live' | 'stale' | 'resyncing' | 'connecting';
type BookSnapshot = Extract<Snapshot, { kind: 'book' }>;
type Surfaces = { ask: CanvasSurface | null; bid: CanvasSurface | null };

/** Levels asked of the worker per side: more than any panel shows. */

/** What the readout says: the book's own state while the socket is up, the socket's otherwise. */
export function bookReadout(feed: FeedState | undefined, book: BookStatus | undefined): Readout {
  if (feed === undefined || feed === 'connecting') return 'connecting';
  if (feed === 'stale' || feed === 'closed') return 'stale';
  return book ?? 'resyncing';
}

/** The shown prices of the levels holding the user's own volume, asks then bids (the worker marks them). */
export function ownLevelPrices(snapshot: BookSnapshot, priceScale: number): string {
  const marked: string[] = [];
  for (const [levels, own] of [
    [snapshot.asks, snapshot.ownAsks],
    [snapshot.bids, snapshot.ownBids],
  ] as const) {
    const n = levels.length / BOOK_COLUMNS;
    for (let i = 0; i < n; i++) {
      if (isOwnLevel(own, i)) marked.push(formatPrice(levels[i * BOOK_COLUMNS + BOOK_COLUMN.price] ?? 0, priceScale));
    }
  }
  return marked.join(' ');
}

function colorsOf(element: Element): LadderColors {
  return {
    up: cssVar(element, '--up', '#0ecb81'),
    down: cssVar(element, '--down', '#f6465d'),
    text: cssVar(element, '--text', '#eaecef'),
    muted: cssVar(element, '--muted', '#848e9c'),
    upBar: 'rgba(14, 203, 129, 0.14)',
    downBar: 'rgba(246, 70, 93, 0.14)',
    mark: cssVar(element, '--hover', '#2b3139'),
  };
}

function fontOf(element: Element): string {
  const family = getComputedStyle(element).fontFamily || 'sans-serif';
  return `12px ${family}`;
}

/** @deprecated The marks come from the worker's snapshot now; trade-page.tsx still passes the prices, unread. */
export interface OwnPrices {
  bids: readonly string[];
  asks: readonly string[];
}

/**
 * The order book on canvas from the worker's snapshots (spec trading §2): asks above, bids below, depth bars against
 * the deeper side, cumulative volume and value per level, the user's own orders marked (by the worker); a click
 * publishes the level's price for the order form.
 */
export function OrderBook(props: {
  symbol: string;
  coin: string;
  unit: string;
  priceScale: number;
  amountScale: number;
  /** @deprecated Unread: the worker marks the user's own levels. */
  own?: OwnPrices;
}) {
  const { symbol, coin, unit, priceScale, amountScale } = props;
  const { t } = useTranslation();
  const [view, setView] = useState<BookView>('both');
  const [group, setGroup] = useState(0);
  const [readout, setReadout] = useLatchedState<Readout>('connecting');
  // The panel stays mounted across a market switch (issue 22 item 2): what belonged to the last market starts afresh.
  useResetOn(symbol, () => {
    setGroup(0);
    setReadout('connecting');
  });
  const section = useRef<HTMLElement>(null);
  const askCanvas = useRef<HTMLCanvasElement>(null);
  const bidCanvas = useRef<HTMLCanvasElement>(null);
  const surfaces = useRef<Surfaces>({ ask: null, bid: null });
  const hover = useRef({ ask: Number.NaN, bid: Number.NaN });
  /** No snapshot of the current market and grouping drawn yet. */
  const fresh = useRef(true);
  const visible = useInViewport(section);
  const shownScale = groupedPriceScale(group, priceScale);

  const book = useViewData(bookView(symbol, group), visible, (snapshot) => {
    setReadout(bookReadout(snapshot.health.feed, snapshot.health.book?.status));
    const el = section.current;
    if (el) {
      // For tests and tools: what is drawn, without reading pixels.
      el.dataset.bestBid = String(snapshot.bids[0] ?? '');
      el.dataset.bestAsk = String(snapshot.asks[0] ?? '');
      el.dataset.seq = String(snapshot.health.book?.seq ?? '');
      const own = ownLevelPrices(snapshot, shownScale);
      // Touch the DOM only on a change.
      if (el.dataset.ownLevels !== own) el.dataset.ownLevels = own;
    }
    // A new market's or grouping's first book is drawn in the next frame, ahead of the budget.
    const urgent = fresh.current;
    fresh.current = false;
    surfaces.current.ask?.invalidate(urgent, urgent);
    surfaces.current.bid?.invalidate(urgent, urgent);
  });

  useLadders(
    { section, askCanvas, bidCanvas, surfaces, book, hover, fresh },
    { symbol, group, view, shownScale, amountScale },
  );
  // What the canvases show, for screen readers: read from the snapshot the ladders paint, on a timer of its own.
  const summary = useLiveSummary((tr, lang) => bookSummary(tr, lang, book.current, shownScale, unit));
  const handlers = useLevelPicker(book, hover, surfaces, section, (price) => {
    const shown = formatPrice(price, shownScale);
    pickPrice(symbol, shown);
    return shown;
  });

  return (
    <section
      ref={section}
      className="trade-panel trade-book"
      aria-labelledby="trade-book-title"
      data-view={view}
      data-group={group}
    >
      <header className="panel-head">
        <h2 id="trade-book-title">{t('trade.book.title')}</h2>
        <output className={`feed-state ${readout}`} data-state={readout}>
          {t(`trade.book.${readout}`)}
        </output>
      </header>
      <BookTools view={view} setView={setView} group={group} setGroup={setGroup} priceScale={priceScale} />
      <BookColumns coin={coin} unit={unit} />
      <div className="book-body" title={t('trade.book.pickHint')}>
        {view !== 'bids' && (
          <Ladder side="ask" canvas={askCanvas} describedBy={summary.id} handlers={handlers('ask')} />
        )}
        <MidPrice key={symbol} symbol={symbol} priceScale={priceScale} />
        {view !== 'asks' && (
          <Ladder side="bid" canvas={bidCanvas} describedBy={summary.id} handlers={handlers('bid')} />
        )}
      </div>
      <output {...summary.region} />
    </section>
  );
}

/** The ladders' column titles (drawn text below is not read: the live summary speaks for it). */
function BookColumns({ coin, unit }: { coin: string; unit: string }) {
  const { t } = useTranslation();
  return (
    <div className="book-columns" aria-hidden="true">
      <span>{t('trade.book.price', { unit })}</span>
      <span>{t('trade.book.amount', { coin })}</span>
      <span>{t('trade.book.total', { coin })}</span>
      <span>{t('trade.book.value', { unit })}</span>
    </div>
  );
}

/** One side's canvas: an image to assistive technology, described by the book's live summary. */
function Ladder(props: {
  side: LadderSide;
  canvas: RefObject<HTMLCanvasElement | null>;
  describedBy: string;
  handlers: ReturnType<ReturnType<typeof useLevelPicker>>;
}) {
  const { t } = useTranslation();
  return (
    <canvas
      ref={props.canvas}
      className={`book-side ${props.side}s`}
      data-side={props.side}
      role="img"
      aria-label={t(props.side === 'ask' ? 'trade.book.asksLadder' : 'trade.book.bidsLadder')}
      aria-describedby={props.describedBy}
      {...props.handlers}
    />
  );
}

/** The view buttons (both sides, bids, asks) and the grouping step. */
function BookTools(props: {
  view: BookView;
  setView: (view: BookView) => void;
  group: number;
  setGroup: (group: number) => void;
  priceScale: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="book-tools">
      <div className="book-views">
        {(['both', 'bids', 'asks'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={props.view === v}
            className={`book-view ${v}`}
            title={t(`trade.book.${v}`)}
            aria-label={t(`trade.book.${v}`)}
            onClick={() => props.setView(v)}
          >
            <span aria-hidden="true" />
          </button>
        ))}
      </div>
      <label className="book-group">
        <span className="sr-only">{t('trade.book.group')}</span>
        <select
          value={props.group}
          onChange={(e) => props.setGroup(Number(e.target.value))}
          title={t('trade.book.group')}
        >
          {GROUP_STEPS.map((g) => (
            <option key={g} value={g}>
              {groupStepLabel(g, props.priceScale)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

interface LadderRefs {
  section: RefObject<HTMLElement | null>;
  askCanvas: RefObject<HTMLCanvasElement | null>;
  bidCanvas: RefObject<HTMLCanvasElement | null>;
  surfaces: RefObject<Surfaces>;
  book: { readonly current: BookSnapshot | null };
  hover: RefObject<{ ask: number; bid: number }>;
  fresh: RefObject<boolean>;
}

/**
 * One canvas surface per side, drawing the latest snapshot; a new view (sides shown) makes new ones, a new market or
 * grouping repaints them whole, in the frame the new book's snapshot is drawn in.
 */
function useLadders(
  refs: LadderRefs,
  shown: { symbol: string; group: number; view: BookView; shownScale: number; amountScale: number },
) {
  // Scales of the painters, read at each paint.
  const settings = useRef(shown);
  settings.current = shown;
  const { symbol, group, view } = shown;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view makes new surfaces.
  useEffect(() => {
    const root = refs.section.current;
    if (!root) return;
    const make = (side: LadderSide, canvas: HTMLCanvasElement | null) => {
      if (!canvas) return null;
      const painter = new LadderPainter();
      // Theme colours and font are read on full repaints only (computed style is not free at 60 Hz).
      let colors = colorsOf(root);
      let font = fontOf(root);
      const draw: DrawFn = (ctx, size, full) => {
        if (full) {
          colors = colorsOf(root);
          font = fontOf(root);
        }
        const snapshot = refs.book.current;
        const rows = rowsThatFit(size.height);
        const maxCum = Math.max(maxCumulative(snapshot?.asks, rows), maxCumulative(snapshot?.bids, rows));
        const ask = side === 'ask';
        painter.paint(
          ctx,
          size,
          {
            side,
            levels: ask ? snapshot?.asks : snapshot?.bids,
            own: ask ? snapshot?.ownAsks : snapshot?.ownBids,
            priceScale: settings.current.shownScale,
            amountScale: settings.current.amountScale,
            maxCum,
            colors,
            font,
            hover: refs.hover.current[side],
          },
          full,
        );
      };
      // Drawn within the frame budget shared with other books, and not while off screen.
      return new CanvasSurface(canvas, draw, { budgeted: true, skipOffscreen: true });
    };
    const ask = make('ask', refs.askCanvas.current);
    const bid = make('bid', refs.bidCanvas.current);
    refs.surfaces.current = { ask, bid };
    return () => {
      ask?.dispose();
      bid?.dispose();
      refs.surfaces.current = { ask: null, bid: null };
    };
  }, [view]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new market or grouping is a new ladder.
  useEffect(() => {
    const hover = refs.hover.current;
    hover.ask = Number.NaN;
    hover.bid = Number.NaN;
    // The new view's snapshot, when the worker had it (warmed on hover), is drawn next frame; else its first one will be.
    const held = refs.book.current !== null;
    refs.fresh.current = !held;
    refs.surfaces.current.ask?.invalidate(true, held);
    refs.surfaces.current.bid?.invalidate(true, held);
  }, [symbol, group]);
}

/** Pointer handlers of a side's canvas: hover highlights a level, a click picks its price (`pick` returns it shown). */
function useLevelPicker(
  book: { readonly current: BookSnapshot | null },
  hover: RefObject<{ ask: number; bid: number }>,
  surfaces: RefObject<Surfaces>,
  section: RefObject<HTMLElement | null>,
  pick: (price: number) => string,
) {
  const levelUnder = (side: LadderSide, event: React.MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const levels = side === 'ask' ? book.current?.asks : book.current?.bids;
    if (!levels) return -1;
    const rows = rowsThatFit(rect.height);
    const count = Math.min(rows, levels.length / BOOK_COLUMNS);
    const index = levelAt(side, event.clientY - rect.top, count, ROW_HEIGHT, rect.height);
    return index < 0 ? Number.NaN : (levels[index * BOOK_COLUMNS + BOOK_COLUMN.price] ?? Number.NaN);
  };
  return (side: LadderSide) => ({
    onClick: (event: React.MouseEvent<HTMLCanvasElement>) => {
      const price = levelUnder(side, event);
      if (!Number.isFinite(price)) return;
      const shown = pick(price);
      if (section.current) section.current.dataset.picked = shown;
    },
    onPointerMove: (event: React.PointerEvent<HTMLCanvasElement>) => {
      const price = levelUnder(side, event);
      if (Object.is(price, hover.current[side])) return;
      hover.current[side] = price;
      surfaces.current[side]?.invalidate();
    },
    onPointerLeave: () => {
      hover.current[side] = Number.NaN;
      surfaces.current[side]?.invalidate();
    },
  });
}

/** The last price between the sides, coloured by its direction. */
function MidPrice({ symbol, priceScale }: { symbol: string; priceScale: number }) {
  const ticker = useTicker(symbol);
  const last = ticker?.values[TICKER_COLUMN.price];
  const previous = useRef<{ price: number; dir: 'up' | 'down' }>({ price: Number.NaN, dir: 'up' });
  if (last !== undefined && last !== previous.current.price) {
    const before = previous.current.price;
    previous.current = {
      price: last,
      dir:
        Number.isFinite(before) && last < before
          ? 'down'
          : Number.isFinite(before) && last > before
            ? 'up'
            : previous.current.dir,
    };
  }
  return (
    <div className={`book-mid ${previous.current.dir}`} data-testid="book-mid">
      {last === undefined ? '--' : formatPriceText(last, priceScale)}
    </div>
  );
}
