// The stored trade config (spec shell §3): confirmation dialogs for market and limit orders, the last spot and contract
// markets, and the convert settings; kept in localStorage so every tab and visit shares it.
import { proxy, snapshot, useSnapshot } from 'valtio';

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

/** The config as stored, read once at start and kept in step with other tabs (a valtio store). */
const config = proxy<TradeConfig>(parseTradeConfig(readStored()));

function readStored(): string | null {
  try {
    return storage()?.getItem(TRADE_CONFIG_KEY) ?? null;
  } catch {
    return null;
  }
}

// Another tab changed it: the same choice here.
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key === TRADE_CONFIG_KEY) Object.assign(config, parseTradeConfig(event.newValue));
});

export function tradeConfig(): Readonly<TradeConfig> {
  return snapshot(config) as Readonly<TradeConfig>;
}

/** Changes some fields and stores the whole config (the format stored before, so users keep their settings). */
export function setTradeConfig(patch: Partial<TradeConfig>): void {
  Object.assign(config, patch);
  try {
    storage()?.setItem(TRADE_CONFIG_KEY, JSON.stringify(snapshot(config)));
  } catch {
    // Storage refused (private mode): the change lasts for this page.
  }
}

/** The config for rendering: the caller re-renders when a field it read changes. */
export function useTradeConfig(): Readonly<TradeConfig> {
  return useSnapshot(config) as Readonly<TradeConfig>;
}
