import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BOOK_ENTRIES } from '../../../server/assets/address-book.ts';
import type { TestApp } from '../helpers.ts';
import { buildDepositApp, deposit, type Member, member, post, read, withdrawCode } from './deposit-helpers.ts';

const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

interface Entry {
  id: number;
  address: string;
  protocol: string;
  tag: string;
  transferType: number;
  areaCode: string;
  uid: string;
  email: string;
  mobile: string;
  coin: string;
  remark: string;
  time: number;
}
interface EntryPage {
  records: Entry[];
  total: number;
  pageNo: number;
  pageSize: number;
}

describe('the withdrawal address book (/uc/withdraw/address/*)', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  const page = async (m: Member, query = '') =>
    (await read(t, `/uc/withdraw/address/page${query}`, m.headers)).data as EntryPage;
  const add = (m: Member, fields: Record<string, string | number>) =>
    post(t, '/uc/withdraw/address/add', fields, m.headers);

  beforeAll(async () => {
    t = await buildDepositApp();
    alice = await member(t, 'alice');
    bob = await member(t, 'bob');
  });
  afterAll(() => t.close());

  it('adds an on-chain address with exactly the spec’s fields, and pages it', async () => {
    const r = await add(alice, { coin: 'usdt', protocol: 'trc20', address: ` ${TRON} `, remark: ' Cold wallet ' });
    expect(r.code, r.message).toBe(0);
    const entry = r.data as Entry;
    expect(Object.keys(entry).sort()).toEqual(
      [
        'id',
        'address',
        'protocol',
        'tag',
        'transferType',
        'areaCode',
        'uid',
        'email',
        'mobile',
        'coin',
        'remark',
        'time',
        'updateTime',
      ].sort(),
    );
    expect(entry).toMatchObject({
      address: TRON,
      protocol: 'TRC20',
      coin: 'USDT',
      tag: '',
      transferType: 0,
      remark: 'Cold wallet',
      uid: '',
      email: '',
      mobile: '',
      areaCode: '',
    });
    expect(await page(alice)).toMatchObject({ total: 1, pageNo: 1, pageSize: 10, records: [entry] });
    expect((await page(bob)).total).toBe(0);
  });

  it('refuses an address that is not valid on its network, a missing tag, and a duplicate', async () => {
    expect(await add(alice, { coin: 'USDT', protocol: 'ERC20', address: TRON })).toMatchObject({
      code: 4502,
      message: 'This is not a valid ERC20 address',
    });
    expect(
      (await add(alice, { coin: 'XRP', protocol: 'XRP', address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' })).code,
    ).toBe(4503);
    expect((await add(alice, { coin: 'NOPE', protocol: 'TRC20', address: TRON })).code).toBe(4501);
    expect(await add(alice, { coin: 'USDT', protocol: 'TRC20', address: TRON })).toMatchObject({
      code: 4515,
      message: 'This address is already in your address book',
    });
    // 0x addresses are one account whatever their case.
    expect((await add(alice, { coin: 'ETH', protocol: 'ERC20', address: EVM })).code).toBe(0);
    expect((await add(alice, { coin: 'ETH', protocol: 'ERC20', address: EVM.toLowerCase() })).code).toBe(4515);
    // Another network or another tag is another entry.
    expect((await add(alice, { coin: 'ETH', protocol: 'ARBITRUM', address: EVM })).code).toBe(0);
    const xrp = { coin: 'XRP', protocol: 'XRP', address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' };
    expect((await add(alice, { ...xrp, tag: '1' })).code).toBe(0);
    expect((await add(alice, { ...xrp, tag: '2' })).code).toBe(0);
    expect((await add(alice, { ...xrp, tag: '1' })).code).toBe(4515);
    expect((await add(alice, { ...xrp, tag: '1', remark: 'x'.repeat(65) })).code).toBe(4517);
    expect((await add(alice, { ...xrp, transferType: 2 })).code).toBe(400);
    expect((await page(alice)).total).toBe(5);
  });

  it('keeps internal entries by uid, e-mail or mobile, never oneself', async () => {
    expect((await add(alice, { transferType: 1, uid: '12345678', coin: 'USDT' })).data).toMatchObject({
      transferType: 1,
      uid: '12345678',
      coin: 'USDT',
      address: '',
      protocol: '',
    });
    expect((await add(alice, { transferType: 1, email: 'Friend@Example.com' })).data).toMatchObject({
      email: 'friend@example.com',
      coin: '',
    });
    expect((await add(alice, { transferType: 1, mobile: '912345678', areaCode: '+84' })).data).toMatchObject({
      mobile: '912345678',
      areaCode: '84',
    });
    expect((await add(alice, { transferType: 1, email: 'friend@example.com' })).code).toBe(4515);
    expect(await add(alice, { transferType: 1, uid: '1234' })).toMatchObject({
      code: 4516,
      message: 'A UID is 8 digits',
    });
    expect(await add(alice, { transferType: 1, uid: alice.uid })).toMatchObject({
      code: 4516,
      message: 'You cannot add your own account',
    });
    expect((await add(alice, { transferType: 1, email: alice.email })).code).toBe(4516);
    expect((await add(alice, { transferType: 1 })).code).toBe(4516);
    expect(await add(alice, { transferType: 1, uid: '87654321', coin: 'NOPE' })).toMatchObject({
      code: 4501,
      message: 'Unknown coin: NOPE',
    });
    expect((await add(alice, { transferType: 1, email: 'not-an-email' })).code).toBe(400);
    expect((await add(alice, { transferType: 1, mobile: '912345678', areaCode: '999' })).code).toBe(4516);

    const internal = (await read(t, '/uc/withdraw/address/internal', alice.headers)).data as Entry[];
    expect(internal.map((e) => e.uid || e.email || e.mobile)).toEqual(['912345678', 'friend@example.com', '12345678']);
    const forBtc = (await read(t, '/uc/withdraw/address/internal?coin=BTC', alice.headers)).data as Entry[];
    expect(forBtc.map((e) => e.uid || e.email || e.mobile)).toEqual(['912345678', 'friend@example.com']);
    expect((await page(alice, '?transferType=1')).total).toBe(3);
    expect((await page(alice, '?transferType=0&coin=XRP')).total).toBe(2);
  });

  it('edits and deletes own entries only', async () => {
    const entry = (await page(alice, '?coin=USDT&transferType=0')).records[0] as Entry;
    expect(
      (
        await post(
          t,
          '/uc/withdraw/address/edit',
          { id: entry.id, coin: 'USDT', protocol: 'TRC20', address: TRON, remark: 'Mine' },
          bob.headers,
        )
      ).code,
    ).toBe(404);
    expect((await post(t, '/uc/withdraw/address/delete', { id: entry.id }, bob.headers)).code).toBe(404);
    const edited = await post(
      t,
      '/uc/withdraw/address/edit',
      { id: entry.id, coin: 'USDT', protocol: 'BEP20', address: EVM, remark: 'Exchange B' },
      alice.headers,
    );
    expect(edited.data).toMatchObject({ id: entry.id, protocol: 'BEP20', address: EVM, remark: 'Exchange B' });
    // Editing into another entry's target is a duplicate.
    const eth = (await page(alice, '?coin=ETH&protocol=ERC20')).records[0] as Entry;
    expect(
      (
        await post(
          t,
          '/uc/withdraw/address/edit',
          { id: eth.id, coin: 'USDT', protocol: 'BEP20', address: EVM },
          alice.headers,
        )
      ).code,
    ).toBe(4515);
    expect(
      (
        await post(
          t,
          '/uc/withdraw/address/edit',
          { id: entry.id, coin: 'USDT', protocol: 'BEP20', address: 'x' },
          alice.headers,
        )
      ).code,
    ).toBe(4502);
    expect((await post(t, '/uc/withdraw/address/delete', { id: entry.id }, alice.headers)).code).toBe(0);
    expect(await post(t, '/uc/withdraw/address/delete', { id: entry.id }, alice.headers)).toMatchObject({
      code: 404,
      message: 'Address not found',
    });
    expect((await post(t, '/uc/withdraw/address/delete', { id: -1 }, alice.headers)).code).toBe(400);
  });

  it('holds at most MAX_BOOK_ENTRIES entries per user', async () => {
    const carol = await member(t, 'carol');
    for (let i = 0; i < MAX_BOOK_ENTRIES; i++) {
      const r = await add(carol, { transferType: 1, uid: String(10_000_000 + i) });
      expect(r.code).toBe(0);
    }
    expect(await add(carol, { transferType: 1, uid: '99999999' })).toMatchObject({
      code: 4514,
      message: `The address book is full (${MAX_BOOK_ENTRIES} entries)`,
    });
    const pages = await page(carol, '?pageNo=10');
    expect(pages).toMatchObject({ total: MAX_BOOK_ENTRIES, pageNo: 10 });
    expect(pages.records).toHaveLength(10);
  });

  it('lists the latest destinations a coin was withdrawn to, newest first', async () => {
    await deposit(t, bob, 'USDT', 'TRC20', '500');
    const targets = [TRON, 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', TRON];
    for (const address of targets) {
      t.advance(61_000);
      const code = await withdrawCode(t, bob);
      const r = await post(
        t,
        '/uc/withdraw/create',
        { coin: 'USDT', protocol: 'TRC20', address, amount: '20', emailCode: code },
        bob.headers,
      );
      expect(r.code, r.message).toBe(0);
    }
    const latest = (await read(t, '/uc/withdraw/address/latest?coin=USDT', bob.headers)).data as Entry[];
    expect(latest.map((l) => l.address)).toEqual([TRON, 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf']);
    expect((await read(t, '/uc/withdraw/address/latest?coin=USDT', alice.headers)).data).toEqual([]);
    expect((await read(t, '/uc/withdraw/address/latest', alice.headers)).code).toBe(400);
  });

  it('needs a session', async () => {
    expect((await read(t, '/uc/withdraw/address/page')).code).toBe(4000);
    expect((await post(t, '/uc/withdraw/address/add', { transferType: 1, uid: '12345678' })).code).toBe(4000);
  });
});
