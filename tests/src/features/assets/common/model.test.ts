import { describe, expect, it } from 'vitest';
import type {
  CoinInfo,
  NetworkInfo,
  WithdrawForm,
  WithdrawInfo,
} from '../../../../../src/features/assets/common/api.ts';
import {
  arrivalMinutes,
  confirmationText,
  entryProblem,
  filterCoins,
  historyKey,
  memoKind,
  newRequestId,
  pageCount,
  RECORDS_PAGE_SIZE,
  receiveAmount,
  shortText,
  validAmount,
  withdrawProblem,
} from '../../../../../src/features/assets/common/model.ts';

const TRC20: NetworkInfo = {
  protocol: 'TRC20',
  name: 'Tron (TRC20)',
  family: 'tron',
  needMemo: false,
  memoType: null,
  depositMin: '1',
  confirmations: 10,
  withdrawFee: '1',
  withdrawMin: '10',
  canDeposit: true,
  canWithdraw: true,
  addressPattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
  memoPattern: null,
  arrivalSeconds: 20,
};
const XRP: NetworkInfo = {
  ...TRC20,
  protocol: 'XRP',
  name: 'XRP Ledger',
  needMemo: true,
  memoType: 'TAG',
  withdrawFee: '0.25',
  addressPattern: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$',
  memoPattern: '^[0-9]{1,10}$',
};
const coin = (unit: string, name: string): CoinInfo => ({
  coin: unit,
  unit,
  name,
  logo: '',
  decimals: 6,
  canDeposit: true,
  canWithdraw: true,
  usdRate: '1',
  withdrawFee: '1',
  minWithdraw: '10',
  networks: [TRC20],
});

const INFO: WithdrawInfo = {
  coin: 'USDT',
  available: '500',
  frozen: '0',
  verifyList: ['email', 'phone'],
  email: 'a***@x.com',
  mobile: '912****678',
  googleStatus: 1,
  lockedUntil: 0,
};
const FORM: WithdrawForm = {
  coin: 'USDT',
  protocol: 'TRC20',
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  tag: '',
  amount: '100',
  emailCode: '123456',
  phoneCode: '654321',
  googleCode: '111111',
  requestId: 'abcdefgh',
};

describe('records', () => {
  it('page by 10 (spec shell §9) and count pages', () => {
    expect(RECORDS_PAGE_SIZE).toBe(10);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('show confirmations, short hashes and arrival minutes', () => {
    expect(confirmationText(3, 12)).toBe('3/12');
    expect(confirmationText(15, 12)).toBe('12/12');
    expect(shortText('0x1234567890abcdef1234567890')).toBe('0x123456…567890');
    expect(shortText('short')).toBe('short');
    expect(arrivalMinutes(20)).toBe(1);
    expect(arrivalMinutes(0)).toBe(1);
    expect(arrivalMinutes(61)).toBe(2);
  });
});

describe('the coin search', () => {
  const coins = [coin('USDT', 'Tether'), coin('BTC', 'Bitcoin'), coin('XRP', 'XRP'), coin('BCH', 'Bitcoin Cash')];
  it('matches ticker or name, case and whitespace ignored (spec shell §5)', () => {
    expect(filterCoins(coins, ' b T c ').map((c) => c.unit)).toEqual(['BTC']);
    expect(filterCoins(coins, 'bitcoincash').map((c) => c.unit)).toEqual(['BCH']);
    expect(filterCoins(coins, 'coin').map((c) => c.unit)).toEqual(['BTC', 'BCH']);
    expect(filterCoins(coins, '')).toHaveLength(4);
    expect(filterCoins(coins, 'zzz')).toEqual([]);
  });
});

describe('amounts', () => {
  it('are positive exact decimals within the coin’s decimals', () => {
    expect(validAmount('10.5', 6)).toBe('10.5');
    expect(validAmount('10.', 6)).toBe('10');
    expect(validAmount('0', 6)).toBeNull();
    expect(validAmount('-1', 6)).toBeNull();
    expect(validAmount('1.1234567', 6)).toBeNull();
    expect(validAmount('1e3', 6)).toBeNull();
  });

  it('receive the amount less the fee, exactly, once the fee is covered', () => {
    expect(receiveAmount('100.1', '1', 6)).toBe('99.1');
    expect(receiveAmount('0.3', '0.29', 6)).toBe('0.01');
    expect(receiveAmount('1', '1', 6)).toBeNull();
    expect(receiveAmount('', '1', 6)).toBeNull();
  });
});

describe('the withdraw form', () => {
  const problem = (form: Partial<WithdrawForm>, info: Partial<WithdrawInfo> = {}, network = TRC20) =>
    withdrawProblem({ ...FORM, ...form }, network, 6, { ...INFO, ...info }, 1_000);

  it('is ready when everything is there', () => {
    expect(problem({})).toBeNull();
  });

  it('names the first problem in the order of the form', () => {
    expect(problem({ address: '' }, { lockedUntil: 2_000 })).toBe('locked');
    expect(problem({ address: ' ' })).toBe('addressRequired');
    expect(problem({ address: '0x52908400098527886E0F7030069857D2E4169EE7' })).toBe('addressInvalid');
    expect(problem({ amount: '' })).toBe('amountRequired');
    expect(problem({ amount: '1.1234567' })).toBe('amountInvalid');
    expect(problem({ amount: '9.99' })).toBe('belowMin');
    expect(problem({ amount: '500.000001' })).toBe('overAvailable');
    expect(problem({ amount: '500' })).toBeNull();
    expect(problem({ emailCode: '' })).toBe('emailCodeRequired');
    expect(problem({ phoneCode: '' })).toBe('phoneCodeRequired');
    expect(problem({ googleCode: '' })).toBe('googleCodeRequired');
    expect(problem({ emailCode: '', phoneCode: '' }, { verifyList: [], googleStatus: 0 })).toBeNull();
  });

  it('needs the tag of a tag network, as a 32-bit number', () => {
    const xrp = { address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' };
    expect(problem({ ...xrp }, {}, XRP)).toBe('tagRequired');
    expect(problem({ ...xrp, tag: 'abc' }, {}, XRP)).toBe('tagInvalid');
    expect(problem({ ...xrp, tag: '4294967296' }, {}, XRP)).toBe('tagInvalid');
    expect(problem({ ...xrp, tag: '4294967295' }, {}, XRP)).toBeNull();
    expect(memoKind('TAG')).toBe('tag');
    expect(memoKind('MEMO')).toBe('memo');
    expect(memoKind(null)).toBe('memo');
  });

  it('sends a fresh idempotency key the server accepts', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newRequestId()).not.toBe(id);
    expect(newRequestId(() => 'a1b2-c3d4-e5f6')).toBe('a1b2-c3d4-e5f6');
  });
});

describe('address-book entries', () => {
  const draft = { address: '', tag: '', uid: '', email: '', mobile: '', remark: '' };
  it('check the address on its network', () => {
    expect(entryProblem(draft, { network: TRC20 })).toBe('addressRequired');
    expect(entryProblem({ ...draft, address: 'T123' }, { network: TRC20 })).toBe('addressInvalid');
    expect(entryProblem({ ...draft, address: FORM.address }, { network: TRC20 })).toBeNull();
    const xrp = { ...draft, address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' };
    expect(entryProblem(xrp, { network: XRP })).toBe('tagRequired');
    expect(entryProblem({ ...xrp, tag: '7' }, { network: XRP })).toBeNull();
  });

  it('check the member and the remark', () => {
    expect(entryProblem({ ...draft, uid: '1234567' }, { member: 'uid' })).toBe('uidInvalid');
    expect(entryProblem({ ...draft, uid: '12345678' }, { member: 'uid' })).toBeNull();
    expect(entryProblem({ ...draft, email: 'a@b' }, { member: 'email' })).toBe('emailInvalid');
    expect(entryProblem({ ...draft, email: 'a@b.co' }, { member: 'email' })).toBeNull();
    expect(entryProblem({ ...draft, mobile: '12ab' }, { member: 'mobile' })).toBe('mobileInvalid');
    expect(entryProblem({ ...draft, mobile: '912345678' }, { member: 'mobile' })).toBeNull();
    expect(entryProblem({ ...draft, uid: '12345678', remark: 'é'.repeat(65) }, { member: 'uid' })).toBe(
      'remarkTooLong',
    );
  });
});

describe('historyKey', () => {
  it('changes when a record comes or changes status, not when only its other fields do', () => {
    const key = historyKey([
      { id: 2, status: 0 },
      { id: 1, status: 1 },
    ]);
    expect(
      historyKey([{ id: 2, status: 0, confirmations: 3 } as { id: number; status: number }, { id: 1, status: 1 }]),
    ).toBe(key);
    expect(
      historyKey([
        { id: 2, status: 1 },
        { id: 1, status: 1 },
      ]),
    ).not.toBe(key);
    expect(
      historyKey([
        { id: 3, status: 0 },
        { id: 2, status: 0 },
        { id: 1, status: 1 },
      ]),
    ).not.toBe(key);
  });
});
