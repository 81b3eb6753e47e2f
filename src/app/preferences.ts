import { useSyncExternalStore } from 'react';
import { type DisplayCurrency, defaultCurrency, isDisplayCurrency } from '../format/currency.ts';
import type { Theme } from './routes.ts';

/**
 * Choices kept in local storage: the theme (spec shell §4) and the display currency (spec shell §1, §9), with the
 * balances' show-eye flag. One tiny external store so that every reader re-renders on change.
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

const listeners = new Set<() => void>();
let version = 0;
const memory = new Map<string, string>();
function set(key: string, value: string) {
  memory.set(key, value);
  write(key, value);
  version++;
  for (const l of listeners) l();
}
function get(key: string): string | null {
  return memory.get(key) ?? read(key);
}

export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function storedTheme(): Theme {
  const value = get(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
}
export function setStoredTheme(theme: Theme): void {
  set(THEME_KEY, theme);
}

/** The chosen display currency, else the default for the user's country (usdt; CNY for CN; VND for VN). */
export function displayCurrency(country: string | null | undefined): DisplayCurrency {
  const value = get(CURRENCY_KEY)?.toUpperCase();
  return isDisplayCurrency(value) ? value : defaultCurrency(country);
}
export function setDisplayCurrency(currency: DisplayCurrency): void {
  set(CURRENCY_KEY, currency);
}

/** Balances are shown unless hidden with the eye (stored). */
export function balancesShown(): boolean {
  return get(SHOW_BALANCES_KEY) !== '0';
}
export function setBalancesShown(shown: boolean): void {
  set(SHOW_BALANCES_KEY, shown ? '1' : '0');
}

/** Re-renders the caller when any preference changes. */
export function usePreferencesVersion(): number {
  return useSyncExternalStore(
    subscribePreferences,
    () => version,
    () => version,
  );
}
