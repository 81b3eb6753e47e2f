import { describe, expect, it } from 'vitest';
import {
  bookSummary,
  PoliteSummary,
  SUMMARY_INTERVAL_MS,
  tradeSummary,
} from '../../../../src/features/trade/live-summary.ts';
import { i18n } from '../../../../src/i18n/i18n.ts';
import { side } from '../../../workers/paint/recorder.ts';

const book = { bids: side([64000.1, 1.5], [63999, 2]), asks: side([64000.4, 0.25], [64001, 3]) };
/** `[price, side, volume, time]` per trade, newest first; side 1 buy, 2 sell. */
const trades = new Float64Array([64000.4, 2, 0.01234, 1_700_000_000_000, 64000.1, 1, 1, 1_699_999_999_000]);

await i18n.loadLanguages(['en_US', 'zh_CN', 'vi_VN']);
const en = i18n.getFixedT('en_US');
const zh = i18n.getFixedT('zh_CN');
const scales = { priceScale: 1, amountScale: 5 };

describe('the book summary (issue 19 item 8)', () => {
  it('tells best bid, best ask and the spread on the tick grid with its percent of the mid price', () => {
    expect(bookSummary(en, 'en_US', book, 1, 'USDT')).toBe(
      'Best bid 64,000.1 USDT, best ask 64,000.4 USDT, spread 0.3 USDT (0.00047%)',
    );
  });

  it('is written in the reader’s language with its digit grouping', () => {
    expect(bookSummary(zh, 'zh_CN', book, 1, 'USDT')).toBe(
      '最高买价 64,000.1 USDT，最低卖价 64,000.4 USDT，价差 0.3 USDT（0.00047%）',
    );
    expect(bookSummary(i18n.getFixedT('vi_VN'), 'vi_VN', book, 1, 'USDT')).toContain('Giá mua cao nhất 64.000,1 USDT');
  });

  it('says the book is empty while a side has no level, and nothing before the first snapshot', () => {
    expect(bookSummary(en, 'en_US', { bids: side(), asks: book.asks }, 1, 'USDT')).toBe(
      'No bids or asks in the book yet',
    );
    expect(bookSummary(en, 'en_US', null, 1, 'USDT')).toBeNull();
  });
});

describe('the trade summary (issue 19 item 8)', () => {
  it('tells the newest trade: side, amount and price', () => {
    expect(tradeSummary(en, 'en_US', trades, scales, { coin: 'BTC', unit: 'USDT' })).toBe(
      'Last trade: Sell 0.01234 BTC at 64,000.4 USDT',
    );
    expect(tradeSummary(zh, 'zh_CN', trades.subarray(4), scales, { coin: 'BTC', unit: 'USDT' })).toBe(
      '最新成交：买入 1.00000 BTC，价格 64,000.1 USDT',
    );
  });

  it('says there is no trade yet, and nothing before the first snapshot', () => {
    expect(tradeSummary(en, 'en_US', new Float64Array(0), scales, { coin: 'BTC', unit: 'USDT' })).toBe('No trades yet');
    expect(tradeSummary(en, 'en_US', undefined, scales, { coin: 'BTC', unit: 'USDT' })).toBeNull();
  });
});

describe('the polite region’s rule', () => {
  it('speaks at once, then not again within the interval, and only a text that changed', () => {
    const region = new PoliteSummary();
    expect(region.next(0, () => 'a')).toBe('a');
    expect(region.next(SUMMARY_INTERVAL_MS - 1, () => 'b')).toBeNull();
    expect(region.next(SUMMARY_INTERVAL_MS, () => 'a')).toBeNull();
    expect(region.next(SUMMARY_INTERVAL_MS + 1000, () => 'b')).toBe('b');
    expect(region.next(SUMMARY_INTERVAL_MS + 2000, () => 'c')).toBeNull();
    expect(region.next(2 * SUMMARY_INTERVAL_MS + 1000, () => 'c')).toBe('c');
  });

  it('builds no text inside the interval, and nothing to tell spends no turn', () => {
    const region = new PoliteSummary(5000);
    let built = 0;
    const build = () => {
      built++;
      return 'x';
    };
    expect(region.next(0, () => null)).toBeNull();
    expect(region.next(10, build)).toBe('x');
    expect(region.next(4000, build)).toBeNull();
    expect(built).toBe(1);
  });
});
