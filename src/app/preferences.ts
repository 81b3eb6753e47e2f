import { proxy, useSnapshot } from 'valtio';
import { type DisplayCurrency, defaultCurrency, isDisplayCurrency } from '../format/currency.ts';
import type { Theme } from './routes.ts';

/**
 * Choices kept in local storage: the theme (spec shell §4) and the display currency (spec shell §1, §9), with the
 * balances' show-eye flag. A valtio store, so every reader re-renders on the choice it reads.
 */
export const THEME_KEY = 'theme';
export const CURRENCY_KEY = 'currency';
export const SHOW_BALANCES_KEY = 'showEye';
/** Theme of switchable routes until the user picks one. */
export const DEFAULT_THEME: Theme = 'dark';

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage disabled: the choice lasts for this page
  }
}

interface Preferences {
  theme: Theme;
  /** The chosen display currency; null until one is chosen (the country's default applies). */
  currency: DisplayCurrency | null;
  balancesShown: boolean;
}

const parseTheme = (value: string | null): Theme => (value === 'light' || value === 'dark' ? value : DEFAULT_THEME);
const parseCurrency = (value: string | null): DisplayCurrency | null => {
  const code = value?.toUpperCase();
  return isDisplayCurrency(code) ? code : null;
};

/** Read once at start; every change is written through, in the formats stored before (users keep their choices). */
export const preferences = proxy<Preferences>({
  theme: parseTheme(read(THEME_KEY)),
  currency: parseCurrency(read(CURRENCY_KEY)),
  balancesShown: read(SHOW_BALANCES_KEY) !== '0',
});

export function storedTheme(): Theme {
  return preferences.theme;
}
export function setStoredTheme(theme: Theme): void {
  write(THEME_KEY, theme);
  preferences.theme = theme;
}

/** The chosen display currency, else the default for the user's country (usdt; CNY for CN; VND for VN). */
export function displayCurrency(country: string | null | undefined): DisplayCurrency {
  return preferences.currency ?? defaultCurrency(country);
}
export function setDisplayCurrency(currency: DisplayCurrency): void {
  write(CURRENCY_KEY, currency);
  preferences.currency = currency;
}

/** Balances are shown unless hidden with the eye (stored). */
export function balancesShown(): boolean {
  return preferences.balancesShown;
}
export function setBalancesShown(shown: boolean): void {
  write(SHOW_BALANCES_KEY, shown ? '1' : '0');
  preferences.balancesShown = shown;
}

/** The preferences for rendering: the caller re-renders when one it read changes. */
export function usePreferences(): Readonly<Preferences> {
  return useSnapshot(preferences);
}

/** Whether balances are shown (spec shell §4 show-eye), for rendering: every eye and total follows one flag. */
export function useBalancesShown(): boolean {
  return useSnapshot(preferences).balancesShown;
}
