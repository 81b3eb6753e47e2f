import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import {
  BILL_TYPES,
  BillType,
  billTypeDef,
  billTypeOf,
  OTHER,
  SPOT_BILL_KINDS,
  walletAccounts,
  walletOfAccount,
} from '../../../server/assets/bills.ts';
import { translate } from '../../../server/errors/messages.ts';

describe('member bill types', () => {
  it('keeps the numbers of spec trading §9', () => {
    expect(BillType).toMatchObject({
      transferIn: 3,
      transferOut: 4,
      fee: 9,
      openLong: 201,
      openShort: 202,
      closeLong: 204,
      closeShort: 205,
      closeAll: 206,
      liquidation: 207,
    });
  });

  it('lists every type once, the contract types flagged', () => {
    const numbers = BILL_TYPES.map((d) => d.type);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(BILL_TYPES.filter((d) => d.contract).map((d) => d.type)).toEqual([201, 202, 203, 204, 205, 206, 207]);
    expect(numbers).not.toContain(0);
  });

  it.each([
    ['deposit', 5, BillType.deposit],
    ['withdraw', -5, BillType.withdraw],
    ['withdraw_fee', -1, BillType.withdrawFee],
    ['transfer', 5, BillType.transferIn],
    ['transfer', -5, BillType.transferOut],
    ['internal_transfer', 5, BillType.internalIn],
    ['internal_transfer', -5, BillType.internalOut],
    ['internal_fee', -1, BillType.internalFee],
    ['quick_exchange', -5, BillType.quickExchange],
    ['quick_exchange', 5, BillType.quickExchange],
    ['trade', 5, BillType.trade],
    ['fee', -1, BillType.fee],
    ['demo_grant', 5, BillType.demoGrant],
    ['something_new', 5, BillType.other],
  ])('maps a %s line of %d to type %d', (kind, amount, type) => {
    expect(billTypeOf(kind, amount).type).toBe(type);
  });

  it('finds a definition by number, 0 being "other", and nothing for an unknown number', () => {
    expect(billTypeDef(3)).toMatchObject({ kinds: ['transfer'], sign: 1 });
    expect(billTypeDef(0)).toBe(OTHER);
    expect(billTypeDef(203)?.name).toBe('billFunding');
    expect(billTypeDef(208)).toBeUndefined();
    expect(billTypeDef(15)).toBeUndefined();
  });

  it('names every type and spot kind in the seven languages', () => {
    for (const d of [...BILL_TYPES, OTHER]) {
      for (const lang of LANGS) expect(translate(d.name, lang), `${d.name} ${lang}`).not.toMatch(/^\s*$/);
    }
    for (const k of SPOT_BILL_KINDS) expect(translate(k.name, 'ja')).not.toBe(translate(k.name, 'en_US'));
    expect(translate('billTransferIn', 'en_US')).toBe('Transfer in');
    expect(translate('billTransferIn', 'zh_CN')).toBe('划转转入');
  });
});

describe('wallet accounts', () => {
  it('names the ledger accounts of each wallet', () => {
    expect(walletAccounts(7, 'spot')).toEqual({ available: 'user:7', frozen: 'user:7:frozen' });
    expect(walletAccounts(7, 'funds')).toEqual({ available: 'user:7:funds', frozen: 'user:7:funds:frozen' });
  });

  it.each([
    ['user:7', { wallet: 'spot', frozen: false }],
    ['user:7:frozen', { wallet: 'spot', frozen: true }],
    ['user:7:funds', { wallet: 'funds', frozen: false }],
    ['user:7:contract:frozen', { wallet: 'contract', frozen: true }],
    ['user:7:follow', { wallet: 'follow', frozen: false }],
    ['user:7:savings', null],
    ['fees', null],
    ['system:demo-faucet', null],
    ['user:7:funds:frozen:x', null],
  ])('reads %s', (account, expected) => {
    expect(walletOfAccount(account)).toEqual(expected);
  });
});
