import { useRef } from 'react';
import type { Lang } from '../../../common/i18n.ts';
import { BOOK_COLUMNS, type BookStatus, type FeedState } from '../../../workers/api.ts';
import { useBook, useInViewport } from '../../data/hooks.ts';
import { formatNumberText, formatPrice, formatPriceText } from '../../format/price.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';

const LEVELS = 10;

/** What the readout says: the book's own state while the socket is up, the socket's otherwise. */
function state(
  feed: FeedState | undefined,
  book: BookStatus | undefined,
): 'live' | 'stale' | 'resyncing' | 'connecting' {
  if (feed === undefined) return 'connecting';
  if (feed === 'stale' || feed === 'closed') return 'stale';
  if (feed === 'connecting') return 'connecting';
  return book ?? 'resyncing';
}

const LABELS = {
  live: 'feedLive',
  stale: 'feedStale',
  resyncing: 'feedResyncing',
  connecting: 'feedConnecting',
} as const satisfies Record<string, MessageKey>;

/** Rows of one side, `[price, volume, cumVolume, value]` per level from the worker, best first (exported for tests). */
export function previewRows(side: Float64Array | undefined, priceScale: number, amountScale: number, lang: Lang) {
  // A DOM list of 20 rows per book post: grouping and collapsed zeros cost little here, unlike the canvas ladder.
  const amount = (value: number) => formatNumberText(formatPrice(value, amountScale), lang);
  const out: { price: string; volume: string; total: string }[] = [];
  const n = side ? Math.min(LEVELS, side.length / BOOK_COLUMNS) : 0;
  for (let i = 0; i < n; i++) {
    const at = i * BOOK_COLUMNS;
    out.push({
      price: formatPriceText(side?.[at] ?? 0, priceScale, lang),
      volume: amount(side?.[at + 1] ?? 0),
      total: amount(side?.[at + 2] ?? 0),
    });
  }
  return out;
}

/**
 * A compact live order book of one market from the worker data plane, with the feed's health. The trading terminal
 * draws the full book on canvas; this preview lists the top levels.
 */
export function OrderBookPreview(props: { symbol: string; priceScale: number; amountScale: number; lang: Lang }) {
  const { symbol, priceScale, amountScale, lang } = props;
  const t = (key: MessageKey) => translate(lang, key);
  const panel = useRef<HTMLElement>(null);
  // Below a long list on a narrow screen: the worker stops posting the book until it is scrolled into view.
  const book = useBook(symbol, LEVELS, 0, { visible: useInViewport(panel) });
  const readout = state(book?.health.feed, book?.health.book?.status);
  const asks = previewRows(book?.asks, priceScale, amountScale, lang).reverse();
  const bids = previewRows(book?.bids, priceScale, amountScale, lang);
  return (
    <section ref={panel} className="book-preview" aria-labelledby="book-preview-title" data-symbol={symbol}>
      <header>
        <h2 id="book-preview-title">
          {t('orderBook')} · {symbol}
        </h2>
        <output className={`feed-state ${readout}`} data-state={readout}>
          {t(LABELS[readout])}
        </output>
      </header>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('price')}</th>
            <th scope="col">{t('amount')}</th>
            <th scope="col">{t('total')}</th>
          </tr>
        </thead>
        <tbody className="asks">
          {asks.map((r) => (
            <tr key={`a${r.price}`} data-side="ask">
              <td className="down">{r.price}</td>
              <td>{r.volume}</td>
              <td>{r.total}</td>
            </tr>
          ))}
        </tbody>
        <tbody className="bids">
          {bids.map((r) => (
            <tr key={`b${r.price}`} data-side="bid">
              <td className="up">{r.price}</td>
              <td>{r.volume}</td>
              <td>{r.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
