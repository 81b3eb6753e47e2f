import { useCallback, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useRequest } from '../../../api/use-request.ts';
import { useShell } from '../../../app/shell-state.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { LogoMark } from '../../../ui/icons.tsx';
import { QrCode } from '../../../ui/qr-code.tsx';
import { programPage } from '../api.ts';
import { promotionCodeOf } from '../logic.ts';
import { ArticleHtml, Loaded } from '../parts.tsx';

/** /promotion (no header, no footer): the referral offer with ?promotionCode or the signed-in user's own code. */
export function PromotionPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const { user, isLogin } = useShell();
  const code = promotionCodeOf(search, user?.promotionCode);
  const [copied, setCopied] = useState(false);
  const { state } = useRequest(useCallback(() => programPage('promotion'), []));
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const registerPath = code ? `/register?promotionCode=${encodeURIComponent(code)}` : '/register';
  const link = `${origin}${registerPath}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="ct-standalone" data-testid="promotion-page">
      <div className="ct-panel">
        <Link className="brand" href="/" aria-label="Tickstream">
          <LogoMark size={28} />
          <span className="brand-name">Tickstream</span>
        </Link>
        <Loaded state={state}>
          {(p) => (
            <>
              <h1>{p.title}</h1>
              <p className="muted">{p.subtitle}</p>
              {code ? (
                <div data-testid="promotion-code">
                  <div className="muted">{t('content.promotion.code')}</div>
                  <div className="ct-code">{code}</div>
                  <div className="muted" style={{ marginTop: 12 }}>
                    {t('content.promotion.link')}
                  </div>
                  <div className="ct-row">
                    <input readOnly value={link} aria-label={t('content.promotion.link')} style={{ flex: 1 }} />
                    <button type="button" className="btn btn-sm" onClick={() => void copy()}>
                      {copied ? t('content.promotion.copied') : t('content.promotion.copy')}
                    </button>
                  </div>
                  <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', margin: '16px 0' }}>
                    <QrCode value={link} size={140} label={t('content.promotion.scan')} />
                    <div className="muted small">{t('content.promotion.scan')}</div>
                  </div>
                </div>
              ) : (
                !isLogin && (
                  <p>
                    {t('content.promotion.noCode')}{' '}
                    <Link href="/login?fromUrl=/promotion">{t('content.promotion.login')}</Link>
                  </p>
                )
              )}
              <Link className="btn btn-primary" href={registerPath} style={{ display: 'block', textAlign: 'center' }}>
                {t('content.promotion.register')}
              </Link>
              <div className="ct-sections" style={{ marginTop: 18 }}>
                {p.sections.map((s) => (
                  <section key={s.title}>
                    <h2>{s.title}</h2>
                    <ArticleHtml html={s.html} />
                  </section>
                ))}
              </div>
              <Link href="/" className="muted">
                ← {t('content.promotion.home')}
              </Link>
            </>
          )}
        </Loaded>
      </div>
    </div>
  );
}
