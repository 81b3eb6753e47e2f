import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { MOBILE_QUERY } from '../../ui/use-media-query.ts';
import { usePickedPrice } from './price-store.ts';

/** The panels a phone shows one at a time (spec shell §9): the orders/positions stay below whichever is chosen. */
export const MOBILE_TABS = ['chart', 'book', 'trades', 'form'] as const;
export type MobileTab = (typeof MOBILE_TABS)[number];

/** Whether the terminal shows its panels one at a time under tabs now. */
export const isMobile = () => typeof matchMedia !== 'undefined' && matchMedia(MOBILE_QUERY).matches;

/** The tab after `tab` in the direction of an arrow key, wrapping; the same tab for any other key. */
export function nextMobileTab(tab: MobileTab, key: string): MobileTab {
  const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (key === 'Home') return MOBILE_TABS[0];
  if (key === 'End') return MOBILE_TABS[MOBILE_TABS.length - 1] as MobileTab;
  const at = MOBILE_TABS.indexOf(tab);
  return MOBILE_TABS[(at + step + MOBILE_TABS.length) % MOBILE_TABS.length] as MobileTab;
}

/**
 * The chosen panel of a phone's terminal. A price picked in the book opens the form on a phone, where the book and
 * the form are not on screen together (a desktop keeps its tab, which it does not show).
 */
export function useMobileTab(symbol: string): [MobileTab, (tab: MobileTab) => void] {
  const [tab, setTab] = useState<MobileTab>('chart');
  const picked = usePickedPrice(symbol);
  // A pick made before this page opened is not news.
  const seen = useRef(picked?.seq);
  useEffect(() => {
    if (picked === null || picked.seq === seen.current) return;
    seen.current = picked.seq;
    if (isMobile()) setTab('form');
  }, [picked]);
  return [tab, setTab];
}

/** The tab bar over the terminal's panels below the breakpoint; trade.css hides it above. */
export function MobileTabs(props: { tab: MobileTab; onChange: (tab: MobileTab) => void }) {
  const { tab, onChange } = props;
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextMobileTab(tab, event.key);
    if (next === tab) return;
    event.preventDefault();
    onChange(next);
    bar.current?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };
  return (
    <div
      ref={bar}
      className="trade-mobile-tabs"
      role="tablist"
      aria-label={t('trade.mobile.tabs')}
      onKeyDown={onKeyDown}
    >
      {MOBILE_TABS.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          data-tab={k}
          aria-selected={tab === k}
          tabIndex={tab === k ? 0 : -1}
          onClick={() => onChange(k)}
        >
          {t(`trade.mobile.${k}`)}
        </button>
      ))}
    </div>
  );
}
