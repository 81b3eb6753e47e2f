import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { loadWallet } from '../property/api.ts';
import { PropertyLayout } from '../property/property-layout.tsx';
import { type BillTypeOption, loadBillTypes, loadSpotBillTypes } from './api.ts';
import { MemberBills } from './member-bills.tsx';
import { SpotBills } from './spot-bills.tsx';

type Tab = 'member' | 'spot';

/** The filter choices both tabs need: bill types, spot bill kinds and the coins of the catalogue. */
interface Choices {
  types: BillTypeOption[];
  spotTypes: { type: string; name: string }[];
  coins: string[];
}

/**
 * `/bill` (spec shell §2, §7 bills): the member bills of every wallet and the spot bills, each filtered and paged by 10
 * (spec shell §9). `?tab=spot` opens the spot tab.
 */
export function BillPage() {
  const { t } = useTranslation();
  const [pathname, navigate] = useLocation();
  const tab: Tab = new URLSearchParams(useSearch()).get('tab') === 'spot' ? 'spot' : 'member';
  const [choices, setChoices] = useState<Choices>({ types: [], spotTypes: [], coins: [] });

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void Promise.all([loadBillTypes(signal), loadSpotBillTypes(signal), loadWallet('spot', signal)]).then(
      ([types, spotTypes, wallet]) => {
        if (signal.aborted) return; // the page closed
        setChoices({
          types: isSuccess(types.code) && types.data ? types.data : [],
          spotTypes: isSuccess(spotTypes.code) && spotTypes.data ? spotTypes.data : [],
          coins: wallet.data?.wallets[0]?.balances.map((r) => r.unit) ?? [],
        });
      },
    );
    return () => controller.abort();
  }, []);

  const tabs: readonly Tab[] = ['member', 'spot'];
  return (
    <PropertyLayout>
      <div className="pty-panel" data-testid="bill-page">
        <h1 className="pty-title">{t('property.bill.title')}</h1>
        <div className="pty-tabs" role="tablist">
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={tab === k ? 'active' : ''}
              onClick={() => navigate(k === 'spot' ? `${pathname}?tab=spot` : pathname, { replace: true })}
            >
              {t(`property.bill.${k}Tab`)}
            </button>
          ))}
        </div>
        {tab === 'member' ? (
          <MemberBills types={choices.types} coins={choices.coins} />
        ) : (
          <SpotBills types={choices.spotTypes} coins={choices.coins} />
        )}
      </div>
    </PropertyLayout>
  );
}
