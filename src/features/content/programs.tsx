import { useCallback } from 'react';
import { Link } from 'wouter';
import { useRequest } from '../../api/use-request.ts';
import { isBuiltPath } from '../../app/routes.ts';
import { formatChangePercent, formatPriceText } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { programPage } from './api.ts';
import { tradePath, useLiveMarkets } from './markets.ts';
import { ArticleHtml, Loaded } from './parts.tsx';

/** A program page stored on the server (partner, new-coin listing): hero then its sections. */
function ProgramView({ pageKey, children }: { pageKey: string; children?: React.ReactNode }) {
  const { state } = useRequest(useCallback(() => programPage(pageKey), [pageKey]));
  return (
    <div className="ct-page" data-testid={`program-${pageKey}`}>
      <Loaded state={state}>
        {(p) => (
          <>
            <div className="ct-hero">
              <h1>{p.title}</h1>
              <p>{p.subtitle}</p>
              {children}
            </div>
            <div className="ct-sections">
              {p.sections.map((s) => (
                <section key={s.title}>
                  <h2>{s.title}</h2>
                  <ArticleHtml html={s.html} />
                </section>
              ))}
            </div>
          </>
        )}
      </Loaded>
    </div>
  );
}

/** /partner: the partner program. */
export function PartnerPage() {
  const { t } = useTranslation();
  return (
    <ProgramView pageKey="partner">
      {isBuiltPath('/promotion') && (
        <Link className="btn btn-primary" href="/promotion">
          {t('content.partner.invite')}
        </Link>
      )}
    </ProgramView>
  );
}

/** /plug/newcoin: how to apply for a listing, with the markets listed today. */
export function NewCoinPage() {
  const { t } = useTranslation();
  const markets = useLiveMarkets();
  return (
    <>
      <ProgramView pageKey="newcoin" />
      {markets && markets.length > 0 && (
        <div className="ct-page" data-testid="newcoin-markets">
          <h2>{t('content.newcoin.markets')}</h2>
          <ul className="ct-columns">
            {markets.map((m) => (
              <li key={m.symbol}>
                {isBuiltPath(tradePath(m)) ? <Link href={tradePath(m)}>{m.symbol}</Link> : m.symbol}{' '}
                <span className="muted">{formatPriceText(m.price, m.priceScale)}</span>{' '}
                <span className={m.chg >= 0 ? 'ct-up' : 'ct-down'}>{formatChangePercent(m.chg)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
