import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { loadBalances } from '../../../api/shell.ts';
import { useBalancesShown } from '../../../app/preferences.ts';
import { useShell } from '../../../app/shell-state.tsx';
import type { AssetParts } from '../../../format/currency.ts';
import { formatCurrency } from '../../../format/currency.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { QuickExchangePanel } from '../convert/quick-exchange-panel.tsx';
import { BalancesEye } from './balances-eye.tsx';
import { masked, type OverviewWallet, overviewOf } from './model.ts';
import { PropertyLayout } from './property-layout.tsx';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; parts: AssetParts };

/** Where each wallet of the overview leads. */
const WALLET_PAGES = {
  funds: { label: 'assets.funds', to: '/property/funds' },
  spot: { label: 'assets.spot', to: '/property/spot' },
  contract: { label: 'assets.contract', to: '/property/contract' },
  follow: { label: 'assets.follow', to: '/property/follow' },
  financial: { label: 'assets.financing', to: '/property/financing' },
} as const satisfies Record<OverviewWallet, { label: string; to: string }>;

/**
 * `/property`: the asset total (spec shell §9) in the display currency with its USDT equivalent, each wallet's value
 * and share, the hide-balances eye shared with the header, and the deposit, withdraw, transfer, convert and bill actions.
 * The balances are the header dropdown's (`loadBalances`), so both show the same total.
 */
export function PropertyOverview() {
  const { t } = useTranslation();
  const shell = useShell();
  const shown = useBalancesShown();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [run, setRun] = useState(0);
  const [converting, setConverting] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the reload trigger.
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    void loadBalances().then((parts) => {
      if (live) setLoad(parts ? { status: 'done', parts } : { status: 'error' });
    });
    return () => {
      live = false;
    };
  }, [run]);

  const overview = load.status === 'done' ? overviewOf(load.parts, shell.rate) : null;
  const money = (value: string | null) => masked(formatCurrency(value, shell.currency), shown);

  return (
    <PropertyLayout>
      <div className="pty-panel" data-testid="property-overview">
        <div className="pty-head">
          <div>
            <h1 className="pty-title">{t('assets.overview')}</h1>
            <div className="pty-label">
              {t('assets.totalValue')} <BalancesEye />
            </div>
            {load.status === 'loading' && <div className="pty-total muted">{t('common.loading')}</div>}
            {overview && (
              <>
                <div
                  className="pty-total"
                  data-testid="property-total"
                  data-display-currency={shell.currency}
                  {...(shown && overview.total !== null ? { 'data-value': overview.total } : {})}
                >
                  {money(overview.total)}
                </div>
                {shell.currency !== 'USDT' && (
                  <div className="pty-sub muted" data-testid="property-total-usdt">
                    ≈ {masked(formatCurrency(overview.totalUsdt, 'USDT'), shown)}
                  </div>
                )}
              </>
            )}
          </div>
          <div className="pty-actions">
            <Link href="/recharge" className="btn btn-primary btn-sm">
              {t('property.actions.deposit')}
            </Link>
            <Link href="/withdraw" className="btn btn-ghost btn-sm">
              {t('property.actions.withdraw')}
            </Link>
            <Link href="/transfer" className="btn btn-ghost btn-sm">
              {t('property.actions.transfer')}
            </Link>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConverting(true)}>
              {t('property.actions.convert')}
            </button>
            <Link href="/bill" className="btn btn-ghost btn-sm">
              {t('property.actions.bills')}
            </Link>
          </div>
        </div>

        {load.status === 'error' && (
          <div className="pty-state" role="alert">
            <p>{t('assets.unavailable')}</p>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRun((n) => n + 1)}>
              {t('common.retry')}
            </button>
          </div>
        )}

        {overview && (
          <table className="pty-table pty-wallets" data-testid="property-wallets">
            <thead>
              <tr>
                <th>{t('property.wallet')}</th>
                <th className="num">{t('property.value')}</th>
                <th className="num">{t('property.share')}</th>
                <th className="num">{t('property.action')}</th>
              </tr>
            </thead>
            <tbody>
              {overview.parts.map((p) => (
                <tr
                  key={p.wallet}
                  data-wallet={p.wallet}
                  {...(shown ? { 'data-raw': p.raw, 'data-usdt': p.usdt } : {})}
                >
                  <td>
                    <Link href={WALLET_PAGES[p.wallet].to} className="pty-wallet-name">
                      {t(WALLET_PAGES[p.wallet].label)}
                    </Link>
                    {p.wallet === 'financial' && <div className="muted small">{t('property.financing.none')}</div>}
                  </td>
                  <td className="num">
                    <span data-testid="wallet-value">{money(p.value)}</span>
                    {shell.currency !== 'USDT' && (
                      <div className="muted small">≈ {masked(formatCurrency(p.usdt, 'USDT'), shown)}</div>
                    )}
                  </td>
                  <td className="num">
                    <span className="pty-share" aria-hidden="true">
                      <i style={{ width: `${Math.min(100, Number(p.share))}%` }} />
                    </span>{' '}
                    {p.share}%
                  </td>
                  <td className="num">
                    <Link href={WALLET_PAGES[p.wallet].to} className="pty-link">
                      {t('property.details')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {converting && <ConvertDialog onClose={() => setConverting(false)} onDone={() => setRun((n) => n + 1)} />}
    </PropertyLayout>
  );
}

/**
 * The convert dialog: the quick-exchange panel (spec shell §7 quick exchange) in a modal; the panel has its own close
 * button, Escape closes too, and the balances reload after.
 */
function ConvertDialog(props: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { onClose, onDone } = props;
  const close = () => {
    onClose();
    onDone();
  };
  return (
    <Dialog className="pty-dialog" label={t('property.actions.convert')} onClose={close} dismissOnOutside={false}>
      <QuickExchangePanel onClose={close} />
    </Dialog>
  );
}
