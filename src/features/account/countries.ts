import { useEffect, useState } from 'react';
import { isSuccess } from '../../api/request.ts';
import { type Country, loadCountries } from './api.ts';
import { DEFAULT_AREA_CODE } from './validation.ts';

/** The last area code used, kept so the next visit starts from it (spec shell §5: +84 unless one is stored). */
const AREA_KEY = 'areaCode';

export function storedAreaCode(): string {
  try {
    return globalThis.localStorage?.getItem(AREA_KEY) || DEFAULT_AREA_CODE;
  } catch {
    return DEFAULT_AREA_CODE;
  }
}

export function storeAreaCode(areaCode: string): void {
  try {
    globalThis.localStorage?.setItem(AREA_KEY, areaCode);
  } catch {
    // private mode: the default applies next time
  }
}

/** The country list (spec shell §3 "Country entry"), loaded once per page. */
let cache: Promise<Country[]> | null = null;
export function useCountries(): Country[] {
  const [list, setList] = useState<Country[]>([]);
  useEffect(() => {
    cache ??= loadCountries().then((r) => (isSuccess(r.code) && r.data ? r.data : []));
    let live = true;
    void cache.then((l) => {
      if (live) setList(l);
      if (!l.length) cache = null;
    });
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/** The country for an area code: the first of the list that has it. */
export function countryByArea(list: readonly Country[], areaCode: string): Country | undefined {
  return list.find((c) => c.areaCode === areaCode);
}
