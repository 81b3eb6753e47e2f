import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { swapMarket } from '../../../common/market.ts';
import { useRequest } from '../../api/use-request.ts';
import { useLivePrices } from '../../data/hooks.ts';
import { formatChangePercent, formatPriceText } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { loadRanking, type RankingPage, type RankingRow } from './api.ts';
import { useServerNow } from './hooks.ts';
import {
  clockOffset,
  coinStatus,
  countdown,
  RANKING_TABS,
  type RankingTabKey,
  rankingLink,
  trendColour,
} from './rules.ts';
import { TrendLine } from './trend-line.tsx';

const TAB_LABEL = {
  HOT_SPOT: 'homePage.ranking.hotSpot',
  UP: 'homePage.ranking.gainers',
  NEW_COIN: 'homePage.ranking.newCoins',
  HOT_CONTRACT: 'homePage.ranking.hotContract',
} as const satisfies Record<RankingTabKey, string>;

/**
 * The ranking block (spec shell §2): hot spot, gainers, new coins and hot contracts, six rows each, with live prices
 * from the worker, a daily-close trend and a trading-hall button. New-coin rows count down to their online time,
 * reload the list at zero, and only then show price, change and trend.
 */
export function RankingBlock() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RankingTabKey>('HOT_SPOT');
  const type = RANKING_TABS.find((x) => x.key === tab)?.type ?? 'HOT';
  const load = useCallback((signal: AbortSignal) => loadRanking(type, signal), [type]);
  const { state, reload } = useRequest<RankingPage>(load);

  return (
    <section className="home-ranking" aria-labelledby="home-ranking-title">
      <div className="home-section-head">
        <h2 id="home-ranking-title">{t('homePage.ranking.title')}</h2>
        <Link href="/quotes/list/spot" className="home-more">
          {t('homePage.ranking.more')}
        </Link>
      </div>
      <div className="home-tabs" role="tablist">
        {RANKING_TABS.map((x) => (
          <button
            key={x.key}
            type="button"
            role="tab"
            aria-selected={x.key === tab}
            data-tab={x.key}
            onClick={() => setTab(x.key)}
          >
            {t(TAB_LABEL[x.key])}
          </button>
        ))}
      </div>
      <div role="tabpanel" data-testid="ranking-panel" data-tab={tab}>
        {state.status === 'loading' && (
          <p className="home-status" aria-busy="true">
            <span className="home-spinner" /> {t('common.loading')}
          </p>
        )}
        {state.status === 'error' && (
          <p className="home-status">
            {t('homePage.ranking.empty')}{' '}
            <button type="button" className="home-link-button" onClick={reload}>
              {t('common.retry')}
            </button>
          </p>
        )}
        {state.status === 'done' && (
          <RankingTable tab={tab} page={state.data} reload={reload} key={`${tab}-${state.data.currentTime}`} />
        )}
      </div>
    </section>
  );
}

function RankingTable(props: { tab: RankingTabKey; page: RankingPage; reload: () => void }) {
  const { tab, page, reload } = props;
  const { t } = useTranslation();
  const rows = page.records;
  // Taken when the page arrived: the countdowns follow the server's clock.
  const [offset] = useState(() => clockOffset(page.currentTime, Date.now()));
  const counting =
    tab === 'NEW_COIN' && rows.some((r) => r.onlineTime !== undefined && r.onlineTime > page.currentTime);
  const now = useServerNow(offset, counting);
  // A contract row's live figures are its perpetual market's (`BTC/USDT:USDT`).
  const marketOf = tab === 'HOT_CONTRACT' ? swapMarket : (symbol: string) => symbol;
  const live = useLivePrices(rows.map((r) => marketOf(r.symbol)));

  // At zero a coming coin's row reloads the list once (spec shell §4).
  const reloaded = useRef(false);
  const due = rows.some(
    (r) => r.onlineTime !== undefined && r.onlineTime > page.currentTime && coinStatus(r.onlineTime, now) === 1,
  );
  useEffect(() => {
    if (due && !reloaded.current) {
      reloaded.current = true;
      reload();
    }
  }, [due, reload]);

  if (rows.length === 0) {
    return (
      <p className="home-status home-empty" data-testid="ranking-empty">
        {t('homePage.ranking.empty')}
      </p>
    );
  }
  return (
    <table className="home-ranking-table">
      <thead>
        <tr>
          <th scope="col">{t('homePage.ranking.pair')}</th>
          <th scope="col">{t('homePage.ranking.price')}</th>
          <th scope="col">{t('homePage.ranking.change')}</th>
          <th scope="col">{t('homePage.ranking.trend')}</th>
          <th scope="col">{t('homePage.ranking.action')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <RankingRowView
            key={`${row.symbol}-${row.onlineTime ?? 0}`}
            tab={tab}
            row={row}
            now={now}
            live={live.get(marketOf(row.symbol))}
          />
        ))}
      </tbody>
    </table>
  );
}

function RankingRowView(props: {
  tab: RankingTabKey;
  row: RankingRow;
  now: number;
  live: { price: number; chg: number } | undefined;
}) {
  const { tab, row, now, live } = props;
  const { t } = useTranslation();
  const finished = row.onlineTime === undefined || coinStatus(row.onlineTime, now) === 1;
  const chg = live?.chg ?? row.chg;
  const left = row.onlineTime === undefined ? null : countdown(row.onlineTime, now);
  const [base = row.symbol, quote = ''] = row.symbol.split('/');

  return (
    <tr data-symbol={row.symbol} data-finished={finished}>
      <th scope="row">
        <span className="home-pair">
          <img src={row.logoUrl} alt="" width={24} height={24} />
          <b>{base}</b>
          <span className="home-quote">/{quote}</span>
        </span>
      </th>
      <td className="home-price" data-testid="ranking-price">
        {finished ? (
          formatPriceText(live?.price ?? row.currentPrice, row.priceScale)
        ) : (
          <span className="home-countdown" data-testid="ranking-countdown">
            {t('homePage.ranking.startsIn', {
              time: t('homePage.ranking.countdown', {
                d: left?.days ?? 0,
                h: left?.hours ?? 0,
                m: left?.minutes ?? 0,
                s: left?.seconds ?? 0,
              }),
            })}
          </span>
        )}
      </td>
      <td className={finished ? `home-change ${trendColour(chg)}` : 'home-change'}>
        {finished ? formatChangePercent(chg) : '--'}
      </td>
      <td>
        {finished ? (
          <TrendLine
            quotes={row.lastOneDayQuotes}
            chg={chg}
            label={t('homePage.ranking.trendLabel', { symbol: row.symbol })}
          />
        ) : (
          <span className="home-badge">{t('homePage.ranking.startNow')}</span>
        )}
      </td>
      <td>
        <Link href={rankingLink(tab, row)} className="home-trade-button">
          {t('homePage.ranking.trade')}
        </Link>
      </td>
    </tr>
  );
}
