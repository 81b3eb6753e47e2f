import { useId, useRef, useState } from 'react';
import { groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Popover } from '../../../ui/popover.tsx';
import { useVirtualRows } from '../../../ui/virtual-rows.ts';

/** Fixed row height and list height (moves.css .mv-coin-list): the list is virtualised, as coins can grow. */
const ROW_HEIGHT = 38;
const VIEWPORT = 280;

export interface PickerCoin {
  coin: string;
  name: string;
  logoUrl: string;
  /** What the relevant wallet holds, shown beside the coin; absent when it does not matter. */
  available?: string | undefined;
}

/**
 * A coin choice with a search box, each coin with its logo, name and what the relevant wallet has available (the
 * transfer's from-wallet, the spot wallet of a conversion). Closes on a choice, Escape or a click elsewhere.
 */
export function CoinPicker(props: {
  label: string;
  coins: readonly PickerCoin[];
  value: string;
  onChange: (coin: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const listId = useId();
  const labelId = useId();
  const current = props.coins.find((c) => c.coin === props.value);
  // spec shell §5 market search: whitespace removed, case-insensitive substring.
  const q = query.replace(/\s+/g, '').toLowerCase();
  const shown = q
    ? props.coins.filter((c) => c.coin.toLowerCase().includes(q) || c.name.toLowerCase().includes(q))
    : props.coins;
  const view = useVirtualRows(shown.length, ROW_HEIGHT, VIEWPORT);
  return (
    <div className="mv-field">
      <span className="mv-label" id={labelId}>
        {props.label}
      </span>
      <Popover
        open={open}
        onOpenChange={setOpen}
        className="mv-popover"
        label={props.label}
        initialFocus={search}
        trigger={
          <button
            type="button"
            className="mv-select mv-coin-button"
            aria-labelledby={labelId}
            data-testid={props.testId}
          >
            {current ? (
              <>
                <img src={current.logoUrl} alt="" width={20} height={20} />
                <span className="mv-coin-unit">{current.coin}</span>
                <span className="mv-muted">{current.name}</span>
              </>
            ) : (
              <span className="mv-muted">{props.value || t('moves.coin')}</span>
            )}
            <span className="mv-caret" aria-hidden="true" />
          </button>
        }
      >
        <input
          ref={search}
          className="mv-input"
          placeholder={t('moves.searchCoin')}
          aria-label={t('moves.searchCoin')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div className="mv-coin-list" ref={view.scrollerRef}>
          {shown.length === 0 ? <p className="mv-muted mv-pad">{t('moves.noCoins')}</p> : null}
          <div
            role="listbox"
            id={listId}
            aria-labelledby={labelId}
            ref={view.bodyRef}
            style={{ paddingTop: view.before, paddingBottom: view.after }}
          >
            {shown.slice(view.start, view.end).map((c) => (
              <button
                key={c.coin}
                type="button"
                role="option"
                aria-selected={c.coin === props.value}
                className="mv-coin-option"
                onClick={() => {
                  props.onChange(c.coin);
                  setOpen(false);
                  setQuery('');
                }}
              >
                <img src={c.logoUrl} alt="" width={20} height={20} loading="lazy" />
                <span className="mv-coin-unit">{c.coin}</span>
                <span className="mv-muted mv-grow">{c.name}</span>
                {c.available !== undefined ? <span className="mv-num">{groupDigits(c.available)}</span> : null}
              </button>
            ))}
          </div>
        </div>
      </Popover>
    </div>
  );
}
