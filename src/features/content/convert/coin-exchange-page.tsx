import { useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { isBuiltPath } from '../../../app/routes.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { convertCoins, formatAmount } from '../logic.ts';
import { useLiveMarkets } from '../markets.ts';
import { amountOk, initialCoinExchange, quoteOf, reduceCoinExchange } from './coin-exchange-model.ts';
import '../content.css';
import { LogoMark } from '../../../ui/icons.tsx';
import { NumberInput } from '../../../ui/number-input.tsx';

/**
 * /coinExchange (no header, no footer): a read-only conversion quote from the worker's live last prices. Placing the
 * conversion is the trade page's job: the quote links to the market it would go through.
 */
export function CoinExchangePage() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const markets = useLiveMarkets();
  const prices = useMemo(() => new Map((markets ?? []).map((m) => [m.symbol, m.price] as const)), [markets]);
  const coins = useMemo(() => convertCoins(prices), [prices]);
  const { state, dispatch } = useFormModel(reduceCoinExchange, () =>
    initialCoinExchange(query.get('from'), query.get('to')),
  );
  const { from, to, amount } = state;
  const { quote, problem } = quoteOf(state, markets ? prices : null);
  const first = quote?.hops[0];
  const pairPath = first ? `/trade/${first.pair.replace('/', '-')}` : '';

  return (
    <div className="ct-standalone" data-testid="convert-page">
      <div className="ct-panel">
        <Link className="brand" href="/" aria-label="Tickstream">
          <LogoMark size={28} />
          <span className="brand-name">Tickstream</span>
        </Link>
        <h1>{t('content.convert.title')}</h1>
        <p className="muted">{t('content.convert.subtitle')}</p>
        <div className="ct-form">
          <label htmlFor="convert-amount">{t('content.convert.amount')}</label>
          <div className="ct-row">
            <NumberInput
              id="convert-amount"
              value={amount}
              aria-invalid={!amountOk(state) || undefined}
              onValueChange={(text) => dispatch({ type: 'amount', text })}
            />
            <select
              aria-label={t('content.convert.from')}
              value={from}
              onChange={(e) => dispatch({ type: 'from', coin: e.target.value })}
            >
              {(coins.includes(from) ? coins : [from, ...coins]).map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => dispatch({ type: 'swap' })}>
            ⇅ {t('content.convert.swap')}
          </button>
          <label htmlFor="convert-to">{t('content.convert.to')}</label>
          <select id="convert-to" value={to} onChange={(e) => dispatch({ type: 'to', coin: e.target.value })}>
            {(coins.includes(to) ? coins : [to, ...coins]).map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div style={{ margin: '18px 0' }} data-testid="convert-quote">
          {markets === null ? (
            <p className="muted">{t('content.convert.waiting')}</p>
          ) : problem ? (
            <p className="ct-field-error" role="alert">
              {t(`content.convert.${problem}`)}
            </p>
          ) : (
            quote && (
              <>
                <div className="muted">{t('content.convert.receive')}</div>
                <div className="ct-big" data-testid="convert-receive">
                  {formatAmount(quote.receive)} {to}
                </div>
                <div className="muted">{t('content.convert.rate', { from, to, rate: formatAmount(quote.rate) })}</div>
                <div className="muted small" style={{ marginTop: 8 }}>
                  {t('content.convert.route')}:{' '}
                  {quote.hops
                    .map((h) => t(h.side === 'sell' ? 'content.convert.sell' : 'content.convert.buy', { pair: h.pair }))
                    .join(' → ')}
                </div>
              </>
            )
          )}
        </div>
        {first && isBuiltPath(pairPath) && (
          <Link className="btn btn-primary" href={pairPath} style={{ display: 'block', textAlign: 'center' }}>
            {t('content.convert.trade', { pair: first.pair })}
          </Link>
        )}
        <p>
          <Link href="/" className="muted">
            ← {t('content.convert.home')}
          </Link>
        </p>
      </div>
    </div>
  );
}
