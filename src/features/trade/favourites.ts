// The user's favourite spot markets (spec trading §2, §4, §7): /exchange/favor/find|add|delete, star clicks applied
// at once and sent debounced 1 s; a refusal puts the star back and says why.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Favorite } from '../../../common/contracts/spot-trade.ts';
import { get, post } from '../../api/request.ts';
import { showToast } from '../../api/toast.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FavouriteDebouncer, favouriteFailure, toggleFavourite } from './market.ts';

export interface Favourites {
  /** What the stars show (the user's latest wishes). */
  symbols: ReadonlySet<string>;
  toggle(symbol: string): void;
}

/** Where a kind of favourites lives: the spot markets' (default) or the contracts' (/swap/contract/favor/*). */
export interface FavouritePaths {
  list: string;
  add: string;
  delete: string;
}

export const SPOT_FAVOURITES: FavouritePaths = {
  list: '/exchange/favor/find',
  add: '/exchange/favor/add',
  delete: '/exchange/favor/delete',
};

export function useFavourites(isLogin: boolean, paths: FavouritePaths = SPOT_FAVOURITES): Favourites {
  const { t } = useTranslation();
  const [symbols, setSymbols] = useState<ReadonlySet<string>>(new Set());
  /** What the server has, as far as we know. */
  const saved = useRef<Set<string>>(new Set());
  const wishes = useRef<ReadonlySet<string>>(symbols);
  wishes.current = symbols;

  const debouncer = useRef<FavouriteDebouncer | null>(null);

  const refresh = useCallback(async () => {
    const result = await get<Favorite[]>(paths.list, {}, { silent: true });
    if (result.code !== 0 && result.code !== 200) return;
    const list = new Set((result.data ?? []).map((r) => r.symbol));
    saved.current = list;
    setSymbols(debouncer.current ? debouncer.current.withPending(list) : list);
  }, [paths]);

  useEffect(() => {
    if (isLogin) void refresh();
    else {
      saved.current = new Set();
      // The same set when already empty: a visitor's mount must not render the terminal a second time.
      setSymbols((current) => (current.size === 0 ? current : new Set()));
    }
  }, [isLogin, refresh]);

  const send = useRef<(symbol: string, add: boolean) => void>(() => {});
  send.current = (symbol, add) => {
    void post(add ? paths.add : paths.delete, { symbol }, { silent: true }).then((result) => {
      const failure = favouriteFailure(result.code, result.message);
      if (!failure) {
        if (add) saved.current.add(symbol);
        else saved.current.delete(symbol);
        void refresh();
        return;
      }
      // Put the star back where the server has it.
      setSymbols((current) =>
        current.has(symbol) === saved.current.has(symbol) ? current : toggleFavourite(current, symbol),
      );
      if (failure.kind === 'warning') showToast('warning', t('trade.selector.needLogin'));
      else if (failure.text) showToast('error', failure.text);
    });
  };
  useEffect(() => {
    const made = new FavouriteDebouncer((symbol, add) => send.current(symbol, add));
    debouncer.current = made;
    return () => made.cancel();
  }, []);

  const toggle = useCallback(
    (symbol: string) => {
      if (!isLogin) {
        showToast('warning', t('trade.selector.needLogin'));
        return;
      }
      const next = toggleFavourite(wishes.current, symbol);
      wishes.current = next;
      setSymbols(next);
      debouncer.current?.request(symbol, saved.current.has(symbol), next.has(symbol));
    },
    [isLogin, t],
  );

  return { symbols, toggle };
}
