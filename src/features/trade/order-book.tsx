import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BookStatus, Drawn, FeedState, LadderSide, ViewSpec } from '../../../workers/api.ts';
import { BOOK_COLUMN, BOOK_COLUMNS, TICKER_COLUMN } from '../../../workers/api.ts';
import { isOwnLevel } from '../../../workers/paint/index.ts';
import { dataClient, useInViewport, useTicker } from '../../data/hooks.ts';
import { formatPrice, formatPriceText } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLatchedState } from '../../ui/use-latched-state.ts';
import { useResetOn } from '../../ui/use-reset-on.ts';
import { bookFirst } from './book-first.ts';
import { BookLadders, type BookSnapshot, type LadderScales } from './book-ladders.ts';
import { bookSummary, useLiveSummary } from './live-summary.ts';
import { GROUP_STEPS, groupedPriceScale, groupStepLabel } from './market.ts';
import { bookView } from './market-views.ts';
import { pickPrice } from './price-store.ts';

export type BookView = 'both' | 'bids' | 'asks';
type Readout = 'live' | 'stale' | 'resyncing' | 'connecting';

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
  const ladders = useRef<BookLadders | null>(null);
  const hosts = useRef<Record<LadderSide, HTMLDivElement | null>>({ ask: null, bid: null });
  const visible = useInViewport(section);
  const shownScale = groupedPriceScale(group, priceScale);
  // What the canvases show, for screen readers: read from the latest snapshot, on a timer of its own.
  const summary = useLiveSummary((tr, lang) => bookSummary(tr, lang, ladders.current?.book ?? null, shownScale, unit));
  useBookLadders(
    { ladders, section, hosts },
    {
      spec: bookView(symbol, group),
      scales: { priceScale: shownScale, amountScale },
      visible,
      sides: view,
      describedBy: summary.id,
    },
    (snapshot, drawn) => {
      setReadout(bookReadout(snapshot.health.feed, snapshot.health.book?.status));
      const el = section.current;
      if (!el) return;
      // For tests and tools: what is drawn, without reading pixels.
      el.dataset.bestBid = String(snapshot.bids[0] ?? '');
      el.dataset.bestAsk = String(snapshot.asks[0] ?? '');
      el.dataset.seq = String(snapshot.health.book?.seq ?? '');
      if (drawn) {
        el.dataset.paints = `${drawn.asks} ${drawn.bids}`;
        el.dataset.drawnAt = String(drawn.at);
        el.dataset.drawnFirst = String(drawn.first);
        if (drawn.first > 0) bookFirst.drawn();
      }
      const own = ownLevelPrices(snapshot, shownScale);
      // Touch the DOM only on a change.
      if (el.dataset.ownLevels !== own) el.dataset.ownLevels = own;
    },
  );
  const handlers = useLevelPicker(ladders, section, (price) => {
    const shown = formatPrice(price, shownScale);
    pickPrice(symbol, shown);
    return shown;
  });
  const host = (side: LadderSide) => (element: HTMLDivElement | null) => {
    hosts.current[side] = element;
  };

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
        {view !== 'bids' && <div ref={host('ask')} className="book-side" data-side="ask" {...handlers('ask')} />}
        <MidPrice key={symbol} symbol={symbol} priceScale={priceScale} />
        {view !== 'asks' && <div ref={host('bid')} className="book-side" data-side="bid" {...handlers('bid')} />}
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

/**
 * The panel's ladders (./book-ladders.ts), made with the section and let go with it: the view follows the market and
 * grouping, the sides follow the hosts rendered (`hosts`, set by their refs), and the view is posted while `visible`.
 * `onSnapshot` gets each snapshot with what has been drawn.
 */
function useBookLadders(
  refs: {
    ladders: RefObject<BookLadders | null>;
    section: RefObject<HTMLElement | null>;
    hosts: RefObject<Record<LadderSide, HTMLDivElement | null>>;
  },
  shown: {
    spec: ViewSpec & { kind: 'book' };
    scales: LadderScales;
    visible: boolean;
    sides: BookView;
    describedBy: string;
  },
  onSnapshot: (snapshot: BookSnapshot, drawn: Drawn | null) => void,
): void {
  const { t } = useTranslation();
  const { ladders, section, hosts } = refs;
  const callback = useRef(onSnapshot);
  callback.current = onSnapshot;
  const attached = useRef<Record<LadderSide, HTMLDivElement | null>>({ ask: null, bid: null });
  const key = JSON.stringify(shown.spec);
  const scales = useRef(shown.scales);
  scales.current = shown.scales;
  // Layout effects run after the hosts' refs are set, in this order: made, opened, sides attached.
  useLayoutEffect(() => {
    const root = section.current;
    if (!root) return;
    const made = new BookLadders(dataClient(), root, (snapshot, drawn) => callback.current(snapshot, drawn));
    ladders.current = made;
    return () => {
      made.dispose();
      ladders.current = null;
      attached.current = { ask: null, bid: null };
    };
  }, [ladders, section]);
  // A new market or grouping is a new view; new scales for it (the market's thumb came) are a restyle.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the spec.
  useLayoutEffect(() => ladders.current?.open(shown.spec, scales.current), [key]);
  const { priceScale, amountScale } = shown.scales;
  useLayoutEffect(() => ladders.current?.setScales({ priceScale, amountScale }), [ladders, priceScale, amountScale]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hosts change with the sides shown.
  useLayoutEffect(() => {
    const made = ladders.current;
    if (!made) return;
    for (const side of ['ask', 'bid'] as const) {
      const host = hosts.current[side];
      if (host === attached.current[side]) continue;
      attached.current[side] = host;
      if (!host) made.detach(side);
      else made.attach(side, host, t(`trade.book.${side}sLadder`), shown.describedBy);
    }
  }, [shown.sides]);
  useEffect(() => ladders.current?.setVisible(shown.visible), [ladders, shown.visible]);
}

/** Pointer handlers of a side: hover highlights a level, a click picks its price (`pick` returns it shown). */
function useLevelPicker(
  ladders: RefObject<BookLadders | null>,
  section: RefObject<HTMLElement | null>,
  pick: (price: number) => string,
) {
  const y = (event: React.MouseEvent<HTMLElement>) => event.clientY - event.currentTarget.getBoundingClientRect().top;
  return (side: LadderSide) => ({
    onClick: (event: React.MouseEvent<HTMLElement>) => {
      void ladders.current?.priceAt(side, y(event)).then((price) => {
        if (!Number.isFinite(price)) return;
        const shown = pick(price);
        if (section.current) section.current.dataset.picked = shown;
      });
    },
    onPointerMove: (event: React.PointerEvent<HTMLElement>) => ladders.current?.point(side, y(event)),
    onPointerLeave: () => ladders.current?.point(side, Number.NaN),
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
