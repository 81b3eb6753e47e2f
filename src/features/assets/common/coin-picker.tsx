import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, SearchIcon } from '../../../ui/icons.tsx';
import { useDismiss } from '../../../ui/use-dismiss.ts';
import type { CoinInfo } from './api.ts';
import { filterCoins } from './model.ts';

export function CoinLogo({ coin, size = 20 }: { coin: Pick<CoinInfo, 'logo' | 'unit'>; size?: number }) {
  return <img className="ast-logo" src={coin.logo} alt="" width={size} height={size} loading="lazy" />;
}

/** The coin choice of the deposit and withdraw forms: the current coin, and a searchable list (ticker or name). */
export function CoinPicker(props: { coins: readonly CoinInfo[]; value: string; onChange: (coin: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  const current = props.coins.find((c) => c.unit === props.value);
  const shown = filterCoins(props.coins, query);

  useDismiss(open, box, () => setOpen(false));

  const pick = (unit: string) => {
    props.onChange(unit);
    setOpen(false);
    setQuery('');
  };

  return (
    <div className="ast-picker" ref={box}>
      <button
        type="button"
        className="ast-select"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        data-testid="coin-picker"
        onClick={() => setOpen((o) => !o)}
      >
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
      {open ? (
        <div className="ast-popover">
          <label className="ast-search">
            <SearchIcon />
            <input
              // biome-ignore lint/a11y/noAutofocus: the list opens to be searched.
              autoFocus
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
          <ul className="ast-options" id={listId} aria-label={t('recharge.coin')}>
            {shown.map((c) => (
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
      ) : null}
    </div>
  );
}
