import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { useBalancesShown } from '../../../app/preferences.ts';
import { useShell } from '../../../app/shell-state.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { type FinancialAsset, loadFinancial } from './api.ts';
import { BalancesEye } from './balances-eye.tsx';
import { FINANCING_KINDS, type FinancingKind, masked, usdtInCurrency } from './model.ts';
import { PropertyLayout } from './property-layout.tsx';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; financial: FinancialAsset };

/**
 * `/property/financing/:kind`: the earn wallet (spec shell §3 financial asset: totalAsset, totalInterest,
 * yesterdayInterest) with its flexible and fixed tabs. No earn products are offered yet, which the page says plainly
 * instead of showing an empty table as if it were a list of holdings.
 */
export function FinancingPage({ kind }: { kind: FinancingKind }) {
  const { t } = useTranslation();
  const shell = useShell();
  const shown = useBalancesShown();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [run, setRun] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    void loadFinancial(controller.signal).then((r) => {
      if (controller.signal.aborted) return; // the page moved on
      setLoad(isSuccess(r.code) && r.data ? { status: 'done', financial: r.data.financial } : { status: 'error' });
    });
    return () => controller.abort();
  }, [run]);

  const money = (usdt: string) => masked(usdtInCurrency(usdt, shell.rate, shell.currency), shown);
  const f = load.status === 'done' ? load.financial : null;

  return (
    <PropertyLayout>
      <div className="pty-panel" data-testid="financing-page">
        <div className="pty-head">
          <div>
            <h1 className="pty-title">{t('assets.financing')}</h1>
            <div className="pty-label">
              {t('property.financing.totalAsset')} <BalancesEye />
            </div>
            <div className="pty-total">{f ? money(f.totalAsset) : t('common.loading')}</div>
          </div>
        </div>
        <div className="pty-tabs" role="tablist">
          {FINANCING_KINDS.map((k) => (
            <Link
              key={k}
              href={`/property/financing/${k}`}
              role="tab"
              aria-selected={k === kind}
              className={k === kind ? 'active' : ''}
            >
              {t(`property.financing.${k}`)}
            </Link>
          ))}
        </div>
        {load.status === 'error' && (
          <div className="pty-state" role="alert">
            <p>{t('assets.unavailable')}</p>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRun((n) => n + 1)}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {f && (
          <>
            <dl className="pty-figures">
              <div>
                <dt>{t('property.financing.totalInterest')}</dt>
                <dd>{money(f.totalInterest)}</dd>
              </div>
              <div>
                <dt>{t('property.financing.yesterdayInterest')}</dt>
                <dd>{money(f.yesterdayInterest)}</dd>
              </div>
            </dl>
            {f.products === 0 && (
              <p className="pty-state muted" data-testid="financing-none">
                {t('property.financing.none')}
              </p>
            )}
          </>
        )}
      </div>
    </PropertyLayout>
  );
}
