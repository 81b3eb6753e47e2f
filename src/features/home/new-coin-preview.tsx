import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { useRequest } from '../../api/use-request.ts';
import { formatDateTime } from '../../format/intl.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { loadNewCoinPreview, type NewCoin, type NewCoinList } from './api.ts';
import { useServerNow } from './hooks.ts';
import { clockOffset, coinStatus, goTradeLink, hms, PREVIEW_COINS, pad2 } from './rules.ts';

/**
 * The new-coin preview banner (spec shell §2, §4): the first two listings; a coming coin (status 0) counts down
 * hours, minutes and seconds to its online time every second and turns to status 1 at zero.
 */
export function NewCoinPreview() {
  const { t } = useTranslation();
  const { state } = useRequest<NewCoinList>(useCallback((signal: AbortSignal) => loadNewCoinPreview(signal), []));
  if (state.status === 'loading') return null;
  const coins = state.status === 'done' ? state.data.newCoinList.slice(0, PREVIEW_COINS) : [];
  return (
    <section className="home-newcoins" aria-labelledby="home-newcoins-title">
      <h2 id="home-newcoins-title">{t('homePage.newCoin.title')}</h2>
      {coins.length === 0 ? (
        <p className="home-status">{t('homePage.newCoin.none')}</p>
      ) : (
        <PreviewCards coins={coins} serverTime={state.status === 'done' ? state.data.currentTime : Date.now()} />
      )}
    </section>
  );
}

function PreviewCards({ coins, serverTime }: { coins: NewCoin[]; serverTime: number }) {
  const [offset] = useState(() => clockOffset(serverTime, Date.now()));
  const now = useServerNow(offset);
  return (
    <div className="home-newcoin-cards">
      {coins.map((c) => (
        <PreviewCard key={c.id} coin={c} now={now} />
      ))}
    </div>
  );
}

function PreviewCard({ coin, now }: { coin: NewCoin; now: number }) {
  const { t } = useTranslation();
  const status = coinStatus(coin.onlineTime, now);
  const left = hms(coin.onlineTime, now);
  return (
    <article className="home-newcoin-card" data-testid="newcoin-card" data-unit={coin.unit} data-status={status}>
      <header>
        <img src={coin.imgUrl} alt="" width={36} height={36} />
        <div>
          <b>{coin.unit}</b>
          <span className="home-muted">{coin.name}</span>
        </div>
        <span className={status === 1 ? 'home-badge live' : 'home-badge'}>
          {status === 1 ? t('homePage.newCoin.online') : t('homePage.newCoin.comingSoon')}
        </span>
      </header>
      {status === 0 ? (
        <div className="home-hms" data-testid="newcoin-countdown">
          <span className="home-muted">{t('homePage.newCoin.opensIn')}</span>
          <span className="home-hms-cell">
            <b>{pad2(left.hours)}</b>
            {t('homePage.newCoin.hours')}
          </span>
          <span className="home-hms-cell">
            <b>{pad2(left.minutes)}</b>
            {t('homePage.newCoin.minutes')}
          </span>
          <span className="home-hms-cell">
            <b>{pad2(left.seconds)}</b>
            {t('homePage.newCoin.seconds')}
          </span>
        </div>
      ) : (
        <p className="home-muted">{t('homePage.newCoin.opensAt', { time: formatDateTime(coin.onlineTime) })}</p>
      )}
      <Link href={goTradeLink(coin.jumpSymbol)} className="home-trade-button">
        {t('homePage.newCoin.goTrade')}
      </Link>
    </article>
  );
}
