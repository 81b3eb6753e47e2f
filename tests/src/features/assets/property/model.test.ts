import { describe, expect, it } from 'vitest';
import type { WalletRow } from '../../../../../src/features/assets/property/api.ts';
import {
  DEFAULT_SORT,
  isSmall,
  MASK,
  masked,
  matchesSearch,
  nextSort,
  overviewOf,
  propertyViewOf,
  rowActions,
  shareOf,
  visibleRows,
} from '../../../../../src/features/assets/property/model.ts';
import { formatCurrency } from '../../../../../src/format/currency.ts';

function row(unit: string, name: string, total: string, usdtValue: string, extra: Partial<WalletRow> = {}): WalletRow {
  return {
    coin: {
      unit,
      name,
      decimals: 8,
      usdRate: '1',
      logoUrl: `/coins/${unit.toLowerCase()}.svg`,
      canDeposit: true,
      canWithdraw: true,
      market: unit === 'USDT' ? 'BTC/USDT' : `${unit}/USDT`,
    },
    unit,
    balance: total,
    frozenBalance: '0',
    releaseBalance: '0',
    total,
    usdRate: '1',
    usdtValue,
    ...extra,
  };
}

describe('overviewOf (spec shell §9 asset total)', () => {
  const parts = { spot: '1000.5', funds: '200.25', contract: '10.005', follow: '5', financial: '0' };

  it('sums the five wallets in USDT, the contract wallet rounded to 2 decimals, and converts by the rate', () => {
    const o = overviewOf(parts, '7.1');
    // 1000.5 + 200.25 + 10.01 + 5 + 0 = 1215.76
    expect(o.totalUsdt).toBe('1215.76');
    expect(o.total).toBe('8631.896');
    expect(o.parts.map((p) => [p.wallet, p.raw, p.usdt, p.value])).toEqual([
      ['funds', '200.25', '200.25', '1421.775'],
      ['spot', '1000.5', '1000.5', '7103.55'],
      ['contract', '10.005', '10.01', '71.071'],
      ['follow', '5', '5', '35.5'],
      ['financial', '0', '0', '0'],
    ]);
  });

  it('shows the total with the currency symbol and 2 truncated decimals in each display currency', () => {
    expect(formatCurrency(overviewOf(parts, '7.1').total, 'CNY')).toBe('¥8,631.89');
    expect(formatCurrency(overviewOf(parts, '1').total, 'USDT')).toBe('₮1,215.76');
    expect(formatCurrency(overviewOf(parts, '25950').total, 'VND')).toBe('₫31,548,972.00');
    expect(formatCurrency(overviewOf(parts, '156.3').total, 'JPY')).toBe('Ұ190,023.28');
    expect(formatCurrency(overviewOf(parts, '7.8').total, 'HKD')).toBe('HK$9,482.92');
    expect(formatCurrency(overviewOf(parts, '32.5').total, 'TWD')).toBe('NT$39,512.20');
    expect(formatCurrency(overviewOf(parts, '1').total, 'USD')).toBe('$1,215.76');
  });

  it('gives each wallet its share of the total, truncated to 2 decimals', () => {
    const shares = overviewOf(parts, '1').parts.map((p) => p.share);
    expect(shares).toEqual(['16.47', '82.29', '0.82', '0.41', '0.00']);
    expect(shareOf('1', '3')).toBe('33.33');
    expect(shareOf('0', '0')).toBe('0');
  });

  it('lists the follow wallet only when the server sent it (copy trading enabled)', () => {
    const { follow: _, ...withoutFollow } = parts;
    const o = overviewOf(withoutFollow, '1');
    expect(o.parts.map((p) => p.wallet)).toEqual(['funds', 'spot', 'contract', 'financial']);
    expect(o.totalUsdt).toBe('1210.76');
  });

  it('waits for the rate: no converted figures while it is unknown', () => {
    const o = overviewOf(parts, null);
    expect(o.total).toBeNull();
    expect(o.parts.every((p) => p.value === null)).toBe(true);
    expect(formatCurrency(o.total, 'CNY')).toBe('--');
  });

  it('counts a part that did not load as 0', () => {
    expect(overviewOf({ spot: '3' }, '2')).toMatchObject({ totalUsdt: '3', total: '6' });
  });
});

describe('hidden balances (spec shell §4)', () => {
  it('shows asterisks instead of the figure', () => {
    expect(masked('¥8631.89', false)).toBe(MASK);
    expect(MASK).toBe('******');
    expect(masked('¥8631.89', true)).toBe('¥8631.89');
  });
});

describe('wallet tables', () => {
  const rows = [
    row('USDT', 'Tether', '100', '100'),
    row('BTC', 'Bitcoin', '0.001', '95'),
    row('ETH', 'Ethereum', '2', '6800'),
    row('SHIB', 'Shiba Inu', '10000', '0.2'),
    row('DOGE', 'Dogecoin', '0', '0'),
  ];

  it('searches by unit or name, ignoring case and spaces (spec shell §5)', () => {
    expect(matchesSearch(rows[3] as WalletRow, ' shiba in ')).toBe(true);
    expect(matchesSearch(rows[1] as WalletRow, 'btc')).toBe(true);
    expect(matchesSearch(rows[1] as WalletRow, 'eth')).toBe(false);
    expect(visibleRows(rows, { search: 'E', hideSmall: false, sort: DEFAULT_SORT }).map((r) => r.unit)).toEqual([
      'ETH',
      'USDT',
      'DOGE',
    ]);
  });

  it('hides balances worth under 1 USDT on request', () => {
    expect(isSmall({ usdtValue: '0.99999999' })).toBe(true);
    expect(isSmall({ usdtValue: '1' })).toBe(false);
    expect(visibleRows(rows, { search: '', hideSmall: true, sort: DEFAULT_SORT }).map((r) => r.unit)).toEqual([
      'ETH',
      'USDT',
      'BTC',
    ]);
  });

  it('sorts exactly by the chosen column, ties in catalogue order', () => {
    const by = (key: 'coin' | 'total' | 'available' | 'frozen' | 'value', desc: boolean) =>
      visibleRows(rows, { search: '', hideSmall: false, sort: { key, desc } }).map((r) => r.unit);
    expect(by('value', true)).toEqual(['ETH', 'USDT', 'BTC', 'SHIB', 'DOGE']);
    expect(by('total', false)).toEqual(['DOGE', 'BTC', 'ETH', 'USDT', 'SHIB']);
    expect(by('coin', false)).toEqual(['BTC', 'DOGE', 'ETH', 'SHIB', 'USDT']);
    expect(by('frozen', true)).toEqual(['USDT', 'BTC', 'ETH', 'SHIB', 'DOGE']);
  });

  it('flips the sort on the same column and starts a new one descending (coin ascending)', () => {
    expect(nextSort(DEFAULT_SORT, 'value')).toEqual({ key: 'value', desc: false });
    expect(nextSort(DEFAULT_SORT, 'total')).toEqual({ key: 'total', desc: true });
    expect(nextSort(DEFAULT_SORT, 'coin')).toEqual({ key: 'coin', desc: false });
  });

  it('offers deposit and withdraw on funds, transfer everywhere, trade on spot', () => {
    const btc = rows[1] as WalletRow;
    expect(rowActions('funds', btc)).toEqual({ deposit: true, withdraw: true, transfer: true, trade: null });
    expect(rowActions('spot', btc)).toEqual({
      deposit: false,
      withdraw: false,
      transfer: true,
      trade: '/trade/BTC-USDT',
    });
    expect(rowActions('contract', btc)).toEqual({ deposit: false, withdraw: false, transfer: true, trade: null });
    // The contract wallet's settle coin trades on the contract terminal.
    const usdt = rows.find((r) => r.unit === 'USDT') as WalletRow;
    expect(rowActions('contract', usdt).trade).toBe('/trade/contract');
    expect(rowActions('funds', usdt).trade).toBeNull();
    const closed = row('XRP', 'XRP', '1', '1', {});
    closed.coin = { ...closed.coin, canDeposit: false, canWithdraw: false, market: null };
    expect(rowActions('funds', closed)).toMatchObject({ deposit: false, withdraw: false });
    expect(rowActions('spot', closed).trade).toBeNull();
  });
});

describe('propertyViewOf (spec shell §2 routes)', () => {
  it.each([
    ['/property', { kind: 'overview' }],
    ['/property/', { kind: 'overview' }],
    ['/property/funds', { kind: 'wallet', wallet: 'funds' }],
    ['/property/follow', { kind: 'wallet', wallet: 'follow' }],
    ['/property/financing/current', { kind: 'financing', financing: 'current' }],
    ['/property/financing/fixed', { kind: 'financing', financing: 'fixed' }],
    ['/property/financing/other', null],
    ['/property/savings', null],
    ['/property/funds/BTC', null],
    ['/bill', null],
  ])('%s', (path, view) => {
    expect(propertyViewOf(path)).toEqual(view);
  });
});
