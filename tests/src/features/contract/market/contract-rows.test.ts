import { describe, expect, it } from 'vitest';
import type { ContractThumb } from '../../../../../common/contracts/swap.ts';
import {
  contractMarkets,
  contractRows,
  filterContractRows,
} from '../../../../../src/features/contract/market/contract-rows.ts';
import { TICKER_COLUMNS } from '../../../../../workers/api.ts';

const thumb = (symbol: string, last: string, quoteDecimal = 2): ContractThumb => {
  const [baseCoin = '', quoteCoin = ''] = symbol.split('/');
  return {
    symbol,
    baseCoin,
    quoteCoin,
    quoteDecimal,
    contractSize: '1',
    last,
    mark: last,
    index: last,
    fundingRate: '0.0001',
    nextFundingTime: 0,
    maxLeverage: 75,
    openInterest: 0,
    chg: 0,
  };
};
const THUMBS = [thumb('BTC/USDT', '95000.0', 1), thumb('ETH/USDT', '3400.00'), thumb('SOL/USDT', '180.00')];

describe('contract rows', () => {
  it('asks the tickers of the perpetual markets, and reads them over the list once they come', () => {
    expect(contractMarkets(THUMBS)).toEqual(['BTC/USDT:USDT', 'ETH/USDT:USDT', 'SOL/USDT:USDT']);
    expect(contractRows(THUMBS, null).map((r) => [r.symbol, r.price, r.chg])).toEqual([
      ['BTC/USDT', 95000, 0],
      ['ETH/USDT', 3400, 0],
      ['SOL/USDT', 180, 0],
    ]);
    const values = new Float64Array(3 * TICKER_COLUMNS);
    values.set([96000, 1000, 1.05], 0);
    values.set([3300, -100, -2.94], TICKER_COLUMNS);
    values.set([181, 1, 0.56], 2 * TICKER_COLUMNS);
    const rows = contractRows(THUMBS, values);
    expect(rows[0]).toMatchObject({ symbol: 'BTC/USDT', coin: 'BTC', unit: 'USDT', price: 96000, priceScale: 1 });
    expect(rows[1]?.chg).toBeCloseTo(-0.0294);
  });

  it('searches without whitespace or case, with or without the slash, and sorts', () => {
    const rows = contractRows(THUMBS, null);
    const only = (query: string) =>
      filterContractRows(rows, { tab: 'usdt', query, favourites: new Set(), sort: null }).map((r) => r.symbol);
    expect(only('')).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
    expect(only(' e t h ')).toEqual(['ETH/USDT']);
    expect(only('ethusdt')).toEqual(['ETH/USDT']);
    expect(only('SOL/U')).toEqual(['SOL/USDT']);
    expect(only('usdt')).toHaveLength(3);
    expect(only('xyz')).toEqual([]);
    const sorted = filterContractRows(rows, {
      tab: 'usdt',
      query: '',
      favourites: new Set(),
      sort: { key: 'price', dir: 'asc' },
    });
    expect(sorted.map((r) => r.symbol)).toEqual(['SOL/USDT', 'ETH/USDT', 'BTC/USDT']);
  });

  it('shows only the favourites on their tab', () => {
    const rows = contractRows(THUMBS, null);
    const favourites = new Set(['SOL/USDT', 'BTC/USDT']);
    const shown = filterContractRows(rows, { tab: 'favourites', query: '', favourites, sort: null });
    expect(shown.map((r) => r.symbol)).toEqual(['BTC/USDT', 'SOL/USDT']);
  });
});
