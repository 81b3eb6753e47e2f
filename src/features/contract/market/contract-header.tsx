import { useEffect, useMemo, useRef, useState } from 'react';
import type { ContractThumb } from '../../../../common/contracts/swap.ts';
import { TICKER_COLUMN as COL, TICKER_COLUMNS } from '../../../../workers/api.ts';
import { useShell } from '../../../app/shell-state.tsx';
import { useTicker } from '../../../data/hooks.ts';
import { formatBookAmount } from '../../../format/book.ts';
import { formatPercent } from '../../../format/change.ts';
import { formatPriceText, formatQuoteTurnover } from '../../../format/price.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { priceDirection } from '../../trade/market-header.tsx';
import { formatCountdown, formatFundingRate } from './funding.ts';
import { useMarkPrices } from './mark-prices.ts';

/**
 * The contract market header (issue 21 §2): last price coloured by direction, mark and index prices, 24 h change, high,
 * low, volume (contracts) and turnover from the worker's ticker; the predicted funding rate with a live countdown to
 * the next settlement from the `mark:` view; the open interest from the contract list. Until the first frames the
 * list's figures stand in.
 */
export function ContractHeader(props: { market: string; thumb: ContractThumb | undefined }) {
  const { market, thumb } = props;
  const { lang } = useShell();
  const ticker = useTicker(market);
  const prices = useMarkPrices(market);
  const scale = thumb?.quoteDecimal ?? 2;
  const unit = thumb?.quoteCoin ?? 'USDT';
  const row = ticker && ticker.values.length >= TICKER_COLUMNS ? ticker.values : null;
  const read = (col: number) => (row ? (row[col] ?? Number.NaN) : Number.NaN);
  const price = row ? read(COL.price) : Number(thumb?.last ?? Number.NaN);
  const change = read(COL.change);
  const last = useRef({ price: Number.NaN, dir: 'up' as 'up' | 'down' });
  if (price !== last.current.price && Number.isFinite(price)) {
    last.current = { price, dir: priceDirection(price, last.current.price, change) };
  }
  const mark = prices?.mark ?? Number(thumb?.mark ?? Number.NaN);
  const index = prices?.index ?? Number(thumb?.index ?? Number.NaN);
  const rate = prices?.fundingRate ?? Number(thumb?.fundingRate ?? Number.NaN);
  const next = prices?.nextFundingTime ?? thumb?.nextFundingTime ?? Number.NaN;
  const trend = change < 0 ? 'down' : 'up';
  const label = useLabels(unit);
  return (
    <div className="market-header contract-header" data-market={market}>
      <div className="last" data-testid="last-price">
        <span className={`price ${last.current.dir}`} title={label.last}>
          {formatPriceText(price, scale)}
        </span>
        {/* Beside the price on a phone, whose figures below scroll sideways (trade.css). */}
        <span className={`last-change ${trend}`} data-testid="last-change">
          {formatPercent(read(COL.changeRate))}
        </span>
      </div>
      <dl className="stats">
        <Stat name="mark" label={label.mark} hint={label.markHint}>
          {formatPriceText(mark, scale)}
        </Stat>
        <Stat name="index" label={label.index} hint={label.indexHint}>
          {formatPriceText(index, scale)}
        </Stat>
        <Stat name="funding" label={label.funding} hint={label.fundingHint}>
          <span className={rate < 0 ? 'down' : 'up'} data-testid="funding-rate">
            {formatFundingRate(rate)}
          </span>{' '}
          / <Countdown until={next} />
        </Stat>
        <Stat name="change" label={label.change24h} className={trend}>
          {formatPriceText(change, scale)} {formatPercent(read(COL.changeRate))}
        </Stat>
        <Stat name="high" label={label.high24h}>
          {formatPriceText(read(COL.high), scale)}
        </Stat>
        <Stat name="low" label={label.low24h}>
          {formatPriceText(read(COL.low), scale)}
        </Stat>
        <Stat name="volume" label={label.volume24h}>
          {formatBookAmount(read(COL.volume), 0)}
        </Stat>
        <Stat name="turnover" label={label.turnover24h}>
          {formatQuoteTurnover(read(COL.amount), unit, lang)}
        </Stat>
        <Stat name="open-interest" label={label.openInterest}>
          {thumb ? formatBookAmount(thumb.openInterest, 0) : '--'}
        </Stat>
      </dl>
    </div>
  );
}

/**
 * The header's labels, translated once per language rather than on every ticker (twelve i18next lookups a render were
 * the largest script cost of the 4× terminal profile, before src/i18n had its own lookup).
 */
function useLabels(unit: string) {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      last: t('contract.header.last'),
      mark: t('contract.header.mark'),
      markHint: t('contract.header.markHint'),
      index: t('contract.header.index'),
      indexHint: t('contract.header.indexHint'),
      funding: t('contract.header.funding'),
      fundingHint: t('contract.header.fundingHint'),
      change24h: t('contract.header.change24h'),
      high24h: t('contract.header.high24h'),
      low24h: t('contract.header.low24h'),
      volume24h: t('contract.header.volume24h'),
      turnover24h: t('contract.header.turnover24h', { unit }),
      openInterest: t('contract.header.openInterest'),
    }),
    [t, unit],
  );
}

function Stat(props: { name: string; label: string; hint?: string; className?: string; children: React.ReactNode }) {
  return (
    <div data-stat={props.name} title={props.hint}>
      <dt>{props.label}</dt>
      <dd className={props.className}>{props.children}</dd>
    </div>
  );
}

/** `HH:MM:SS` to `until`, redrawn each second on its own, so the header does not re-render with it. */
function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time data-testid="funding-countdown" dateTime={Number.isFinite(until) ? new Date(until).toISOString() : undefined}>
      {Number.isFinite(until) && until > 0 ? formatCountdown(until - now) : '--:--:--'}
    </time>
  );
}
