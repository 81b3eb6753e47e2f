import { describe, expect, it } from 'vitest';
import type { SpotAccount } from '../../../../src/features/trade/order-entry/math.ts';
import { mergeAccount, toldMark } from '../../../../src/features/trade/spot-session.ts';

describe('the spot session', () => {
  it('takes the channel balances of the market coins told since the account was asked for', () => {
    const account = { coinHotMoney: '1', rmb: '100' } as SpotAccount;
    const coins = { base: 'BTC', quote: 'USDT' };
    const told = { coin: 'USDT', available: '50', frozen: '50', told: 7 };
    expect(mergeAccount(account, [told, { coin: 'ETH', available: '9', frozen: '0', told: 8 }], 6, coins)).toEqual({
      coinHotMoney: '1',
      rmb: '50',
    });
    // Already told when the account was asked for: the fetched value stands (a deposit may have changed it since).
    expect(mergeAccount(account, [told], 7, coins)).toBe(account);
    // A balance of the REST load (told 0) is no news of the channel's.
    expect(mergeAccount(account, [{ ...told, told: 0 }], 0, coins)).toBe(account);
    expect(mergeAccount(null, [told], 0, coins)).toBeNull();
  });

  it("marks where the channel's news stood: the highest told of the balances", () => {
    expect(toldMark([])).toBe(0);
    expect(
      toldMark([
        { coin: 'USDT', available: '1', frozen: '0', told: 3 },
        { coin: 'BTC', available: '1', frozen: '0', told: 9 },
        { coin: 'ETH', available: '1', frozen: '0', told: 0 },
      ]),
    ).toBe(9);
  });
});
