import { useCallback, useMemo, useState } from 'react';
import type { Lang } from '../../../common/i18n.ts';
import { SPOT_QUOTES, type SpotQuote, type SymbolThumb } from '../../../common/market.ts';
import { request } from '../../api/request.ts';
import { useRequest } from '../../api/use-request.ts';
import { formatChangePercent, formatPrice } from '../../format/price.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { OrderBookPreview } from './order-book-preview.tsx';

/** The spot market list, read from `GET /market/symbol-thumb`, one tab per quote currency. */
export function MarketList({ lang }: { lang: Lang }) {
  const t = useCallback((key: MessageKey) => translate(lang, key), [lang]);
  const [quote, setQuote] = useState<SpotQuote>('USDT');
  const [selected, setSelected] = useState('BTC/USDT');
  const load = useCallback(
    (signal: AbortSignal) =>
      request<SymbolThumb[]>('GET', '/market/symbol-thumb', {}, { lang, signal, networkError: t('networkError') }),
    [lang, t],
  );
  const { state, reload } = useRequest(load);
  const rows = useMemo(
    () => (state.status === 'done' ? state.data.filter((m) => m.baseSymbol === quote) : []),
    [state, quote],
  );

  const chosen = state.status === 'done' ? state.data.find((m) => m.symbol === selected) : undefined;

  return (
    <div className="markets">
      <section className="market-list" aria-labelledby="market-list-title">
        <h1 id="market-list-title">{t('title')}</h1>
        <div className="tabs" role="tablist">
          {SPOT_QUOTES.map((q) => (
            <button key={q} type="button" role="tab" aria-selected={q === quote} onClick={() => setQuote(q)}>
              {q}
            </button>
          ))}
        </div>
        {state.status === 'loading' && <p className="status">{t('loading')}</p>}
        {state.status === 'error' && (
          <p className="status error" role="alert">
            {state.message}{' '}
            <button type="button" onClick={reload}>
              {t('retry')}
            </button>
          </p>
        )}
        {state.status === 'done' && rows.length === 0 && <p className="status">{t('empty')}</p>}
        {rows.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('pair')}</th>
                <th scope="col">{t('lastPrice')}</th>
                <th scope="col">{t('change')}</th>
                <th scope="col">{t('high')}</th>
                <th scope="col">{t('low')}</th>
                <th scope="col">{t('volume')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.symbol} data-symbol={m.symbol} aria-selected={m.symbol === selected}>
                  <th scope="row">
                    <button type="button" className="pair" title={t('showBook')} onClick={() => setSelected(m.symbol)}>
                      <img src={m.logoUrl} alt="" width={20} height={20} />
                      <span className="base">{m.coinSymbol}</span>
                      <span className="quote">/{m.baseSymbol}</span>
                    </button>
                  </th>
                  <td>{formatPrice(m.close, m.priceScale)}</td>
                  <td className={m.chg < 0 ? 'down' : 'up'}>{formatChangePercent(m.chg)}</td>
                  <td>{formatPrice(m.high, m.priceScale)}</td>
                  <td>{formatPrice(m.low, m.priceScale)}</td>
                  <td>{formatPrice(m.volume, 2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {chosen && (
        <OrderBookPreview
          symbol={chosen.symbol}
          priceScale={chosen.priceScale}
          amountScale={chosen.amountScale}
          lang={lang}
        />
      )}
    </div>
  );
}
