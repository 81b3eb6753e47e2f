import { describe, expect, it } from 'vitest';
import {
  amountRule,
  initialWallets,
  pageCount,
  pickWallets,
} from '../../../../../src/features/assets/transfer/logic.ts';

describe('transfer amount rules (spec shell §5 numeric input, checked exactly like the server)', () => {
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['.', 'required'],
    ['0.000', 'positive'],
    ['.', 'required'],
    ['1.1234567', 'decimals'],
    ['100.000001', 'exceeds'],
    ['100', null],
    ['99.999999', null],
    ['12.', null],
  ] as const)('%j → %s', (amount, rule) => {
    expect(amountRule(amount, 6, '100')).toBe(rule);
  });

  it('compares exact decimals, never floats', () => {
    // 0.1 + 0.2 as floats is 0.30000000000000004: exact strings are equal.
    expect(amountRule('0.3', 18, '0.300000000000000000')).toBeNull();
    expect(amountRule('9007199254740993', 0, '9007199254740992')).toBe('exceeds');
  });

  it('skips the balance check while the balance is unknown', () => {
    expect(amountRule('1000000', 6, null)).toBeNull();
  });
});

describe('choosing the two accounts', () => {
  const spotToFunds = { from: 'spot', to: 'funds' } as const;
  it('changes one side', () => {
    expect(pickWallets(spotToFunds, 'from', 'contract')).toEqual({ from: 'contract', to: 'funds' });
    expect(pickWallets(spotToFunds, 'to', 'follow')).toEqual({ from: 'spot', to: 'follow' });
  });
  it('swaps when the other side’s account is chosen, so the two never match', () => {
    expect(pickWallets(spotToFunds, 'from', 'funds')).toEqual({ from: 'funds', to: 'spot' });
    expect(pickWallets(spotToFunds, 'to', 'spot')).toEqual({ from: 'funds', to: 'spot' });
  });
  it('starts from a link’s accounts when both are offered, else spot → funds', () => {
    const all = ['funds', 'spot', 'contract', 'follow'] as const;
    expect(initialWallets(all, null, null)).toEqual({ from: 'spot', to: 'funds' });
    expect(initialWallets(all, 'contract', 'spot')).toEqual({ from: 'contract', to: 'spot' });
    expect(initialWallets(all, 'funds', null)).toEqual({ from: 'funds', to: 'spot' });
    expect(initialWallets(all, 'spot', 'spot')).toEqual({ from: 'spot', to: 'funds' });
    // Copy trading off: the follow account is not offered.
    expect(initialWallets(['funds', 'spot', 'contract'], 'follow', 'savings')).toEqual({ from: 'spot', to: 'funds' });
  });
});

describe('paging (spec shell §9: 10 a page)', () => {
  it('counts pages, at least one', () => {
    expect([0, 1, 10, 11, 20, 21].map((n) => pageCount(n, 10))).toEqual([1, 1, 1, 2, 2, 3]);
  });
});
