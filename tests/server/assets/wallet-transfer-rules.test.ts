import { describe, expect, it } from 'vitest';
import { Once, parseAmount } from '../../../server/assets/transfer-common.ts';
import { isWallet } from '../../../server/assets/wallet-transfer.ts';
import { ApiError } from '../../../server/errors/api-error.ts';

const USDT = { unit: 'USDT', name: 'Tether', decimals: 6 };

function refusal(run: () => unknown): { key: string; params: Record<string, string | number> } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { key: error.key, params: error.params };
  }
}

describe('amounts of a move (spec shell §5 numeric input, exact units)', () => {
  it('reads exact decimals into integer units of the coin', () => {
    expect(parseAmount('1', USDT)).toBe(1_000_000n);
    expect(parseAmount(' 0.000001 ', USDT)).toBe(1n);
    expect(parseAmount('123.45', USDT)).toBe(123_450_000n);
    expect(parseAmount('007.5', USDT)).toBe(7_500_000n);
  });

  it.each(['', 'abc', '-1', '0', '0.000000', '1e3', '1,5', '.5.', 'Infinity', 'NaN', '0x10'])(
    'refuses %j as not a positive amount',
    (text) => {
      expect(refusal(() => parseAmount(text, USDT))?.key).toBe('movesBadAmount');
    },
  );

  it('refuses more decimals than the coin has, naming the limit', () => {
    expect(refusal(() => parseAmount('0.0000001', USDT))).toEqual({
      key: 'movesTooManyDecimals',
      params: { coin: 'USDT', decimals: 6 },
    });
  });

  it('refuses amounts past the ledger’s safe integer range', () => {
    expect(refusal(() => parseAmount('9007199254.740992', USDT))?.key).toBe('movesAmountTooLarge');
    expect(parseAmount('9007199254.740991', USDT)).toBe(BigInt(Number.MAX_SAFE_INTEGER));
  });
});

describe('wallets and double submits', () => {
  it('knows the four wallets and nothing else', () => {
    expect(['funds', 'spot', 'contract', 'follow'].every(isWallet)).toBe(true);
    expect(['Funds', 'savings', '', 'user:1'].some(isWallet)).toBe(false);
  });

  it('answers a repeat of a running key with the same promise, and runs again once it settled', async () => {
    const once = new Once<number>();
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runs;
    };
    const [a, b] = await Promise.all([once.run('k', work), once.run('k', work)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(await once.run('k', work)).toBe(2);
    await expect(once.run('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await once.run('bad', work)).toBe(3);
  });
});
