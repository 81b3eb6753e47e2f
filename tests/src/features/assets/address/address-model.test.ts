import { describe, expect, it } from 'vitest';
import {
  initialAddress,
  isChain,
  planSave,
  reduceAddress,
  targetOf,
} from '../../../../../src/features/assets/address/address-model.ts';
import type { AddressEntry, CoinInfo, NetworkInfo } from '../../../../../src/features/assets/common/api.ts';

const network = (protocol: string, fields: Partial<NetworkInfo> = {}): NetworkInfo => ({
  protocol,
  name: protocol,
  family: 'tron',
  needMemo: false,
  memoType: null,
  depositMin: '1',
  confirmations: 1,
  withdrawFee: '1',
  withdrawMin: '10',
  canDeposit: true,
  canWithdraw: true,
  addressPattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
  memoPattern: null,
  arrivalSeconds: 20,
  ...fields,
});
const coins: CoinInfo[] = [
  {
    coin: 'USDT',
    unit: 'USDT',
    name: 'Tether',
    logo: '',
    decimals: 6,
    canDeposit: true,
    canWithdraw: true,
    networks: [network('ERC20', { canWithdraw: false, addressPattern: '^0x[0-9a-fA-F]{40}$' }), network('TRC20')],
  } as CoinInfo,
  {
    coin: 'XRP',
    unit: 'XRP',
    name: 'XRP',
    logo: '',
    decimals: 6,
    canDeposit: true,
    canWithdraw: true,
    networks: [
      network('XRP', {
        needMemo: true,
        memoType: 'TAG',
        addressPattern: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$',
        memoPattern: '^[0-9]{1,10}$',
      }),
    ],
  } as CoinInfo,
];
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

describe('address-book entry model (spec shell §7 address book add, edit)', () => {
  it('starts a new on-chain entry at the first coin, an internal one with any coin, an edit from the entry', () => {
    const chain = initialAddress(null, 0, 'USDT', '84');
    expect(isChain(chain)).toBe(true);
    expect(chain.draft).toMatchObject({ coin: 'USDT', protocol: '', areaCode: '84' });
    const internal = initialAddress(null, 1, 'USDT', '84');
    expect(isChain(internal)).toBe(false);
    expect(internal.draft.coin).toBe('');
    expect(internal.member).toBe('uid');
    const entry = { id: 7, time: 1, updateTime: 2, transferType: 1, email: 'a@b.co', mobile: '' } as AddressEntry;
    const edited = initialAddress(entry, 0, 'USDT', '84');
    expect(edited.member).toBe('email');
    expect(edited.draft).not.toHaveProperty('id');
  });

  it('picks the chosen network when it is open for withdrawals, else the first open one', () => {
    const s = initialAddress(null, 0, 'USDT', '84');
    expect(targetOf(s, coins).network?.protocol).toBe('TRC20');
    const erc = reduceAddress(s, { type: 'set', patch: { protocol: 'ERC20' } });
    expect(targetOf(erc, coins).network?.protocol).toBe('TRC20');
  });

  it('refuses a bad address or a missing tag, and clears the problem on the next edit', () => {
    const bad = planSave(
      reduceAddress(initialAddress(null, 0, 'USDT', '84'), { type: 'set', patch: { address: 'Tx' } }),
      coins,
    );
    expect(bad.send).toBeNull();
    expect(bad.state.problem).toBe('addressInvalid');
    expect(reduceAddress(bad.state, { type: 'set', patch: { address: TRON } }).problem).toBeNull();
    const xrp = reduceAddress(initialAddress(null, 0, 'XRP', '84'), {
      type: 'set',
      patch: { address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' },
    });
    expect(planSave(xrp, coins).state.problem).toBe('tagRequired');
  });

  it('sends only what an on-chain entry is: the network and address, no member, no tag where none is needed', () => {
    const s = reduceAddress(initialAddress(null, 0, 'USDT', '84'), {
      type: 'set',
      patch: { address: TRON, tag: 'left over', uid: '12345678', remark: 'Cold' },
    });
    const plan = planSave(s, coins);
    expect(plan.send).toMatchObject({
      protocol: 'TRC20',
      address: TRON,
      tag: '',
      uid: '',
      areaCode: '',
      remark: 'Cold',
    });
    expect(plan.state.busy).toBe(true);
    expect(planSave(plan.state, coins).send).toBeNull();
    expect(reduceAddress(plan.state, { type: 'failed' }).busy).toBe(false);
  });

  it('sends one way to name a member: the kind chosen, trimmed', () => {
    let s = initialAddress(null, 1, 'USDT', '84');
    s = reduceAddress(s, { type: 'set', patch: { uid: '12345678', email: ' a@b.co ', mobile: '912345678' } });
    expect(planSave(s, coins).send).toMatchObject({ uid: '12345678', email: '', mobile: '', areaCode: '' });
    s = reduceAddress(s, { type: 'member', member: 'email' });
    expect(planSave(s, coins).send).toMatchObject({ uid: '', email: 'a@b.co', mobile: '', address: '', protocol: '' });
    s = reduceAddress(s, { type: 'member', member: 'mobile' });
    expect(planSave(s, coins).send).toMatchObject({ uid: '', email: '', mobile: '912345678', areaCode: '84' });
    expect(planSave(reduceAddress(s, { type: 'set', patch: { mobile: '12' } }), coins).state.problem).toBe(
      'mobileInvalid',
    );
  });
});
