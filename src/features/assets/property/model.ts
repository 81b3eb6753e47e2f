import { compare, div, mul, round, toFixed } from '../../../../common/decimal.ts';
import { toDecimal } from '../../../../common/format/value.ts';
import { type AssetParts, assetTotal, formatCurrency } from '../../../format/currency.ts';
import type { WalletRow, WalletType } from './api.ts';

/**
 * The assets screens' arithmetic, pure and exact: the overview's wallets and shares (spec shell §9 asset total rule)
 * and the per-coin tables' search, small-balance filter and sort.
 */

/** What a hidden balance shows (spec shell §4: asterisks). */
export const MASK = '******';

export function masked(text: string, shown: boolean): string {
  return shown ? text : MASK;
}

/** spec shell §9: a USDT value in the display currency by the shell's rate; in USDT while the rate is unknown. */
export function usdtInCurrency(usdt: string, rate: string | null, currency: string): string {
  return rate === null ? formatCurrency(usdt, 'USDT') : formatCurrency(mul(usdt, rate), currency);
}

/** The overview's wallets in display order. */
export const OVERVIEW_WALLETS = ['funds', 'spot', 'contract', 'follow', 'financial'] as const;
export type OverviewWallet = (typeof OVERVIEW_WALLETS)[number];

export interface OverviewPart {
  wallet: OverviewWallet;
  /** The wallet's value in USDT as the server sent it. */
  raw: string;
  /** As the total counts it, in USDT: the contract part rounded to 2 decimals. */
  usdt: string;
  /** In the display currency; null while the rate is unknown. */
  value: string | null;
  /** Percent of the total, 2 decimals truncated ("12.34"); "0" when the total is 0. */
  share: string;
}

export interface Overview {
  /** The asset total in the display currency (spec shell §9), null while the rate is unknown. */
  total: string | null;
  totalUsdt: string;
  parts: OverviewPart[];
}

/**
 * The overview of the wallets in `parts` by the asset total rule of spec shell §9, through the same `assetTotal` the
 * header's dropdown uses, so both show the same figure: each wallet in USDT, the contract wallet rounded to 2 decimals,
 * times the display currency's `rate`. The follow wallet is listed only when the server sent it (copy trading enabled).
 */
export function overviewOf(parts: AssetParts, rate: string | null): Overview {
  const rawOf = (w: OverviewWallet): string => toDecimal(parts[w]) ?? '0';
  const wallets = OVERVIEW_WALLETS.filter((w) => w !== 'follow' || parts.follow !== undefined);
  const totalUsdt = assetTotal(parts, '1') ?? '0';
  return {
    total: rate === null ? null : assetTotal(parts, rate),
    totalUsdt,
    parts: wallets.map((wallet) => {
      const raw = rawOf(wallet);
      const usdt = wallet === 'contract' ? round(raw, 2) : raw;
      return { wallet, raw, usdt, value: rate === null ? null : mul(usdt, rate), share: shareOf(usdt, totalUsdt) };
    }),
  };
}

/** `part` as a percent of `total`, truncated to 2 decimals. */
export function shareOf(part: string, total: string): string {
  if (compare(total, '0') <= 0) return '0';
  return toFixed(div(mul(part, '100'), total, 2), 2);
}

/** spec shell §5 search rule: whitespace removed, case-insensitive substring (of the coin's unit or name). */
export function matchesSearch(row: Pick<WalletRow, 'unit' | 'coin'>, search: string): boolean {
  const q = search.replace(/\s+/g, '').toLowerCase();
  if (!q) return true;
  return row.unit.toLowerCase().includes(q) || row.coin.name.replace(/\s+/g, '').toLowerCase().includes(q);
}

/** Balances worth less than this many USDT count as small (the "hide small balances" switch). */
export const SMALL_BALANCE_USDT = '1';

export function isSmall(row: Pick<WalletRow, 'usdtValue'>): boolean {
  return compare(row.usdtValue, SMALL_BALANCE_USDT) < 0;
}

export type SortKey = 'coin' | 'total' | 'available' | 'frozen' | 'value';
export interface Sort {
  key: SortKey;
  desc: boolean;
}
/** By value, largest first: what a person holds most of comes first. */
export const DEFAULT_SORT: Sort = { key: 'value', desc: true };

const SORT_FIELD: Record<Exclude<SortKey, 'coin'>, (r: WalletRow) => string> = {
  total: (r) => r.total,
  available: (r) => r.balance,
  frozen: (r) => r.frozenBalance,
  value: (r) => r.usdtValue,
};

/** The rows a wallet table shows: searched, small balances hidden on request, sorted (ties keep catalogue order). */
export function visibleRows(
  rows: readonly WalletRow[],
  options: { search: string; hideSmall: boolean; sort: Sort },
): WalletRow[] {
  const { search, hideSmall, sort } = options;
  const kept = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => matchesSearch(row, search) && !(hideSmall && isSmall(row)));
  const sign = sort.desc ? -1 : 1;
  kept.sort((a, b) => {
    const by =
      sort.key === 'coin'
        ? a.row.unit.localeCompare(b.row.unit)
        : compare(SORT_FIELD[sort.key](a.row), SORT_FIELD[sort.key](b.row));
    return by * sign || a.index - b.index;
  });
  return kept.map(({ row }) => row);
}

/** The next sort after a click on a column: the same column flips, another starts descending (coin ascending). */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, desc: !current.desc };
  return { key, desc: key !== 'coin' };
}

/** Which actions a wallet's row offers (deposits land in and withdrawals leave from the funds wallet). */
export interface RowActions {
  deposit: boolean;
  withdraw: boolean;
  transfer: boolean;
  /** The trade page of the coin's market, or null. */
  trade: string | null;
}

export function rowActions(wallet: WalletType, row: Pick<WalletRow, 'coin'>): RowActions {
  return {
    deposit: wallet === 'funds' && row.coin.canDeposit,
    withdraw: wallet === 'funds' && row.coin.canWithdraw,
    transfer: true,
    trade: tradeLink(wallet, row.coin),
  };
}

/**
 * Where a row's "trade" goes: a spot coin to its spot market; the contract wallet's settle coin (USDT) to the contract
 * terminal, which opens the last contract traded (or BTC/USDT).
 */
function tradeLink(wallet: WalletType, coin: Pick<WalletRow['coin'], 'unit' | 'market'>): string | null {
  if (wallet === 'spot' && coin.market) return `/trade/${coin.market.replace('/', '-')}`;
  if (wallet === 'contract' && coin.unit === 'USDT') return '/trade/contract';
  return null;
}

/** The financing kinds of `/property/financing/:kind` (flexible and fixed earn). */
export const FINANCING_KINDS = ['current', 'fixed'] as const;
export type FinancingKind = (typeof FINANCING_KINDS)[number];

/** What a `/property…` path shows, or null for a path the assets screens do not serve (not found). */
export type PropertyView =
  | { kind: 'overview' }
  | { kind: 'wallet'; wallet: WalletType }
  | { kind: 'financing'; financing: FinancingKind };

export function propertyViewOf(pathname: string): PropertyView | null {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (parts[0] !== 'property') return null;
  if (parts.length === 1) return { kind: 'overview' };
  const [, type, kind] = parts;
  if (parts.length === 2 && (type === 'funds' || type === 'spot' || type === 'contract' || type === 'follow')) {
    return { kind: 'wallet', wallet: type };
  }
  if (parts.length === 3 && type === 'financing' && (kind === 'current' || kind === 'fixed')) {
    return { kind: 'financing', financing: kind };
  }
  return null;
}
