import { useId, useMemo } from 'react';
import { useSession } from '../../../api/session.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useTradeInit } from './api.ts';
import { ContractOrderForm } from './entry-form.tsx';
import { EntrySettingsMenu } from './entry-settings.tsx';
import { ModeBar } from './mode-bar.tsx';
import type { EntryContext } from './rules.ts';
import { termsOf } from './terms.ts';
import type { ContractEntryProps } from './types.ts';
import '../../trade/order-entry/order-entry.css';
import './contract-entry.css';

/**
 * The contract order form (issue 21 §3) for the page's entry area: the contract's terms and the user's settings from
 * trade-init, the wallet and positions live from the session, the prices from the page. A visitor (null session) gets
 * nothing: the page shows its own login prompt.
 */
export function ContractEntry(props: ContractEntryProps) {
  const { contract, prices, session } = props;
  const { t } = useTranslation();
  const { token } = useSession();
  const titleId = useId();
  const init = useTradeInit(contract.symbol, session ? token : null);
  const info = init.data?.contract ?? null;
  const terms = useMemo(() => (info ? termsOf(info) : null), [info]);
  if (!session) return null;
  const settings = init.data?.settings ?? null;
  const body =
    terms && settings ? (
      <Ready
        ctx={{
          terms,
          settings,
          wallet: session.wallet ?? init.data?.wallet ?? null,
          positions: session.positions,
          prices,
        }}
        props={props}
        reload={init.reload}
      />
    ) : (
      <p className="centry-status" role={init.error ? 'alert' : 'status'}>
        {init.error ? `${t('contractEntry.errors.load')} ${init.error}` : t('contractEntry.loading')}
      </p>
    );
  return (
    <section className="trade-panel centry" aria-labelledby={titleId} data-testid="contract-entry">
      <header className="panel-head entry-head centry-head">
        <h2 id={titleId}>{t('contractEntry.title')}</h2>
        {settings && <EntrySettingsMenu settings={settings} onChanged={init.reload} />}
      </header>
      {body}
    </section>
  );
}

function Ready({ ctx, props, reload }: { ctx: EntryContext; props: ContractEntryProps; reload: () => void }) {
  const session = props.session;
  if (!session) return null;
  return (
    <>
      <ModeBar
        ctx={ctx}
        onChanged={() => {
          reload();
          session.refresh();
        }}
      />
      <ContractOrderForm key={ctx.terms.info.symbol} contract={props.contract} ctx={ctx} session={session} />
    </>
  );
}
