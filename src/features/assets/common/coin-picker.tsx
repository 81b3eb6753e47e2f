import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ChevronDownIcon, SearchIcon } from '../../../ui/icons.tsx';
import { Popover } from '../../../ui/popover.tsx';
import { useVirtualRows } from '../../../ui/virtual-rows.ts';
import type { CoinInfo } from './api.ts';
import { filterCoins } from './model.ts';

export function CoinLogo({ coin, size = 20 }: { coin: Pick<CoinInfo, 'logo' | 'unit'>; size?: number }) {
  return <img className="ast-logo" src={coin.logo} alt="" width={size} height={size} loading="lazy" />;
}

/** Fixed row height and list height (assets.css .ast-options): the list is virtualised, as coins can grow. */
const ROW_HEIGHT = 36;
const VIEWPORT = 280;

/** The coin choice of the deposit and withdraw forms: the current coin, and a searchable list (ticker or name). */
export function CoinPicker(props: { coins: readonly CoinInfo[]; value: string; onChange: (coin: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const current = props.coins.find((c) => c.unit === props.value);
  const shown = filterCoins(props.coins, query);
  const view = useVirtualRows(shown.length, ROW_HEIGHT, VIEWPORT);

  const pick = (unit: string) => {
    props.onChange(unit);
    setOpen(false);
    setQuery('');
  };

  return (
    <div className="ast-picker">
      <Popover
        open={open}
        onOpenChange={setOpen}
        className="ast-popover"
        label={t('recharge.coin')}
        initialFocus={search}
        trigger={
          <button type="button" className="ast-select" data-testid="coin-picker">
            {current ? (
              <>
                <CoinLogo coin={current} />
                <strong>{current.unit}</strong>
                <span className="ast-muted">{current.name}</span>
              </>
            ) : (
              <span className="ast-muted">{t('recharge.chooseCoin')}</span>
            )}
            <ChevronDownIcon className="ast-chevron" />
          </button>
        }
      >
        <label className="ast-search">
          <SearchIcon />
          <input
            ref={search}
            value={query}
            placeholder={t('recharge.searchCoin')}
            aria-label={t('recharge.searchCoin')}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              const first = shown[0];
              if (e.key === 'Enter' && first) {
                e.preventDefault();
                pick(first.unit);
              }
            }}
          />
        </label>
        <div className="ast-options" ref={view.scrollerRef}>
          <ul
            aria-label={t('recharge.coin')}
            ref={view.bodyRef}
            style={{ paddingTop: view.before, paddingBottom: view.after }}
          >
            {shown.slice(view.start, view.end).map((c) => (
              <li key={c.unit}>
                <button
                  type="button"
                  aria-pressed={c.unit === props.value}
                  onClick={() => pick(c.unit)}
                  data-coin={c.unit}
                >
                  <CoinLogo coin={c} />
                  <strong>{c.unit}</strong>
                  <span className="ast-muted">{c.name}</span>
                </button>
              </li>
            ))}
            {shown.length === 0 ? <li className="ast-muted ast-none">{t('recharge.noCoin')}</li> : null}
          </ul>
        </div>
      </Popover>
    </div>
  );
}
