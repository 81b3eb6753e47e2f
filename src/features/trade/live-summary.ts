// The screen-reader text of the canvas book and tape (issue 19 item 8; DESIGN §6): a short summary in a polite live
// region, built from the snapshot the panel already holds, at most once per SUMMARY_INTERVAL_MS and only when it
// changed. It runs on a timer of its own, so the per-frame path (worker snapshot → canvas) is untouched.

import { useEffect, useId, useRef } from 'react';
import type { Lang } from '../../../common/i18n.ts';
import { BOOK_COLUMN, TRADE_COLUMN, TRADE_COLUMNS } from '../../../workers/api.ts';
import { formatBookAmount } from '../../format/book.ts';
import { groupDigits, localeOf } from '../../format/intl.ts';
import { formatPrice } from '../../format/price.ts';
import type { TFunction } from '../../i18n/i18n.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** A screen reader hears the market at most this often: a live book changes many times a second. */
export const SUMMARY_INTERVAL_MS = 5000;
/** How often the timer looks; a text is built only when the interval has passed. */
const SUMMARY_POLL_MS = 1000;

/** When a polite region may speak: not within the interval of its last change, and never the same text twice. */
export class PoliteSummary {
  private said: string | null = null;
  private at = Number.NEGATIVE_INFINITY;

  constructor(private readonly interval = SUMMARY_INTERVAL_MS) {}

  /**
   * The text to write at `now` (ms), or null to leave the region as it is. `build` runs only once the interval has
   * passed; it returns null while there is nothing to tell (no snapshot yet), which spends no turn.
   */
  next(now: number, build: () => string | null): string | null {
    if (now - this.at < this.interval) return null;
    const text = build();
    if (text === null || text === this.said) return null;
    this.said = text;
    this.at = now;
    return text;
  }
}

const priceText = (price: number, scale: number, lang: Lang) => groupDigits(formatPrice(price, scale), lang);

/**
 * Best bid, best ask, spread and spread relative to the mid price, from a book snapshot's first levels (prices on
 * `priceScale`, the grouping shown); null before the first snapshot.
 */
export function bookSummary(
  t: TFunction,
  lang: Lang,
  book: { bids: Float64Array; asks: Float64Array } | null,
  priceScale: number,
  unit: string,
): string | null {
  if (!book) return null;
  const bid = book.bids[BOOK_COLUMN.price];
  const ask = book.asks[BOOK_COLUMN.price];
  if (bid === undefined || ask === undefined) return t('trade.book.summaryEmpty');
  const ticks = 10 ** priceScale;
  // On the tick grid, so 0.3 − 0.2 reads 0.1, not 0.09.
  const spread = Math.round((ask - bid) * ticks) / ticks;
  const percent = new Intl.NumberFormat(localeOf(lang), { maximumSignificantDigits: 2 }).format(
    (spread / ((ask + bid) / 2)) * 100,
  );
  return t('trade.book.summary', {
    bid: priceText(bid, priceScale, lang),
    ask: priceText(ask, priceScale, lang),
    spread: priceText(spread, priceScale, lang),
    percent,
    unit,
  });
}

/** The newest trade: side, amount and price; null before the first snapshot. */
export function tradeSummary(
  t: TFunction,
  lang: Lang,
  trades: Float64Array | null | undefined,
  scales: { priceScale: number; amountScale: number },
  names: { coin: string; unit: string },
): string | null {
  if (!trades) return null;
  if (trades.length < TRADE_COLUMNS) return t('trade.trades.summaryEmpty');
  const side = trades[TRADE_COLUMN.side] === 2 ? 'sell' : 'buy';
  return t('trade.trades.summary', {
    side: t(`trade.trades.${side}`),
    amount: formatBookAmount(trades[TRADE_COLUMN.volume] ?? 0, scales.amountScale),
    price: priceText(trades[TRADE_COLUMN.price] ?? 0, scales.priceScale, lang),
    ...names,
  });
}

/**
 * A visually hidden polite region whose text follows what `build` says in the page's language, by the rule of
 * {@link PoliteSummary}; `build` may change each render. Returns the props of the region's element and its id, for the
 * canvases' `aria-describedby`.
 */
export function useLiveSummary(build: (t: TFunction, lang: Lang) => string | null) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLOutputElement>(null);
  const builder = useRef(() => build(t, currentLanguage()));
  builder.current = () => build(t, currentLanguage());
  useEffect(() => {
    const summary = new PoliteSummary();
    const tick = () => {
      const element = ref.current;
      if (!element) return;
      const text = summary.next(performance.now(), () => builder.current());
      if (text !== null) element.textContent = text;
    };
    const timer = setInterval(tick, SUMMARY_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return { id, region: { ref, id, className: 'sr-only', 'aria-live': 'polite', 'aria-atomic': true } as const };
}
