// The stored trade config (spec shell §3): confirmation dialogs for market and limit orders, the last spot and contract
// markets, and the convert settings; kept in localStorage so every tab and visit shares it.
import { useSyncExternalStore } from 'react';

export const TRADE_CONFIG_KEY = 'tradeConfig';

export interface TradeConfig {
  /** Ask before sending a market order. */
  marketConfirm: boolean;
  /** Ask before sending a limit or stop-limit order. */
  orderConfirm: boolean;
  currentSpotKey: string;
  currentContractKey: string;
  showConvertTime: boolean;
  convertCoins: string[];
}

/** A market order fills at whatever the book offers, so it asks by default; a limit order names its price. */
export const DEFAULT_TRADE_CONFIG: TradeConfig = {
  marketConfirm: true,
  orderConfirm: false,
  currentSpotKey: 'BTC/USDT',
  currentContractKey: '',
  showConvertTime: false,
  convertCoins: [],
};

const listeners = new Set<() => void>();
let cached: { raw: string | null; config: TradeConfig } | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored config over the defaults; fields of the wrong type are ignored. */
export function parseTradeConfig(raw: string | null): TradeConfig {
  let stored: Record<string, unknown> = {};
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    if (value && typeof value === 'object' && !Array.isArray(value)) stored = value as Record<string, unknown>;
  } catch {
    // A broken entry is the defaults.
  }
  const out: TradeConfig = { ...DEFAULT_TRADE_CONFIG, convertCoins: [] };
  for (const key of ['marketConfirm', 'orderConfirm', 'showConvertTime'] as const) {
    if (typeof stored[key] === 'boolean') out[key] = stored[key];
  }
  for (const key of ['currentSpotKey', 'currentContractKey'] as const) {
    if (typeof stored[key] === 'string') out[key] = stored[key];
  }
  if (Array.isArray(stored.convertCoins)) out.convertCoins = stored.convertCoins.filter((c) => typeof c === 'string');
  return out;
}

export function tradeConfig(): TradeConfig {
  const raw = storage()?.getItem(TRADE_CONFIG_KEY) ?? null;
  if (!cached || cached.raw !== raw) cached = { raw, config: parseTradeConfig(raw) };
  return cached.config;
}

export function setTradeConfig(patch: Partial<TradeConfig>): void {
  const next = { ...tradeConfig(), ...patch };
  try {
    storage()?.setItem(TRADE_CONFIG_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode): the change lasts for this page.
    cached = { raw: cached?.raw ?? null, config: next };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TRADE_CONFIG_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function useTradeConfig(): TradeConfig {
  return useSyncExternalStore(subscribe, tradeConfig, tradeConfig);
}
