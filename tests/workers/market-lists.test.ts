import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPECT_MS, MarketLists, type ThumbRow } from '../../workers/market-lists.ts';

const BTC: ThumbRow[] = [{ symbol: 'BTC/USDT', priceScale: 2, amountScale: 6 }];

function lists(answer: () => Promise<ThumbRow[]> = async () => BTC) {
  const asked: string[] = [];
  const made = new MarketLists((path) => {
    asked.push(path);
    return answer();
  });
  return { made, asked };
}

describe('market lists', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches a list once for every ask', async () => {
    const { made, asked } = lists();
    const [a, b] = await Promise.all([made.rows('/x'), made.rows('/x')]);
    expect(a).toEqual(BTC);
    expect(b).toBe(a);
    expect(asked).toEqual(['/x']);
  });

  it('waits for the rows the page said it would hand over, and never asks the server for them', async () => {
    const { made, asked } = lists();
    made.expect('/x');
    const rows = made.rows('/x');
    made.provide('/x', [{ symbol: 'ETH/USDT' }]);
    expect(await rows).toEqual([{ symbol: 'ETH/USDT' }]);
    expect(await made.rows('/x')).toEqual([{ symbol: 'ETH/USDT' }]);
    expect(asked).toEqual([]);
  });

  it("asks itself when the page's fetch failed, or when the page never hands them over", async () => {
    const failed = lists();
    failed.made.expect('/x');
    const rows = failed.made.rows('/x');
    failed.made.provide('/x', null);
    expect(await rows).toEqual(BTC);
    expect(failed.asked).toEqual(['/x']);

    const silent = lists();
    silent.made.expect('/x');
    const later = silent.made.rows('/x');
    await vi.advanceTimersByTimeAsync(EXPECT_MS);
    expect(await later).toEqual(BTC);
    expect(silent.asked).toEqual(['/x']);
  });

  it('keeps rows handed over unasked, and a list it already has over a later expect', async () => {
    const { made, asked } = lists();
    made.provide('/x', [{ symbol: 'ETH/USDT' }]);
    made.expect('/x');
    expect(await made.rows('/x')).toEqual([{ symbol: 'ETH/USDT' }]);
    expect(asked).toEqual([]);
  });

  it('asks again after a failed fetch', async () => {
    let fail = true;
    const { made, asked } = lists(async () => {
      if (fail) throw new Error('down');
      return BTC;
    });
    expect(await made.rows('/x')).toEqual([]);
    fail = false;
    expect(await made.rows('/x')).toEqual(BTC);
    expect(asked).toEqual(['/x', '/x']);
  });
});
