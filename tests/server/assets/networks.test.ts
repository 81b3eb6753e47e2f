import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compare, toUnits } from '../../../common/decimal.ts';
import type { CoinNetwork } from '../../../server/assets/deposit-tables.ts';
import {
  base58,
  bech32Valid,
  crc16,
  encodeAddress,
  fakeTxHash,
  hotWalletAddress,
  newSeed,
} from '../../../server/assets/network-address.ts';
import { ADDRESS_PATTERNS, CHAIN_FAMILIES, MEMO_PATTERNS, NETWORKS } from '../../../server/assets/network-catalogue.ts';
import { checkDestination, MAX_AMOUNT_UNITS, parseAmount } from '../../../server/assets/networks.ts';
import { coins } from '../../../server/db/seed/catalogue.ts';
import type { ApiError } from '../../../server/errors/api-error.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const RIPPLE58 = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

function unbase58(text: string, alphabet = BASE58): Buffer {
  let n = 0n;
  for (const c of text) n = n * 58n + BigInt(alphabet.indexOf(c));
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const zeros = text.length - text.replace(new RegExp(`^${alphabet[0]}+`), '').length;
  return Buffer.concat([Buffer.alloc(zeros), Buffer.from(n === 0n ? '' : hex, 'hex')]);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();
function base58checkValid(text: string, alphabet = BASE58): Buffer | null {
  const raw = unbase58(text, alphabet);
  const payload = raw.subarray(0, -4);
  return sha256(sha256(payload)).subarray(0, 4).equals(raw.subarray(-4)) ? payload : null;
}

/** A network row as migration 0012 stores it. */
function network(protocol: string): CoinNetwork {
  const seed = NETWORKS.find((n) => n.protocol === protocol);
  if (!seed) throw new Error(protocol);
  return {
    coin: seed.coin,
    protocol: seed.protocol,
    name: seed.name,
    family: seed.family,
    memo_type: seed.memo,
    address_pattern: ADDRESS_PATTERNS[seed.family],
    memo_pattern: seed.memo ? (MEMO_PATTERNS[seed.family] ?? null) : null,
    deposit_min: seed.depositMin,
    confirmations: seed.confirmations,
    withdraw_fee: seed.withdrawFee,
    withdraw_min: seed.withdrawMin,
    can_deposit: 1,
    can_withdraw: 1,
    sort: 0,
  };
}

const refusal = (fn: () => unknown): { code: number; key: string } => {
  try {
    fn();
  } catch (error) {
    const e = error as ApiError;
    return { code: e.code, key: e.key };
  }
  throw new Error('not refused');
};

describe('the network catalogue (migration 0012)', () => {
  it('gives every coin of the catalogue at least one network, each protocol once per coin', () => {
    for (const c of coins) {
      const own = NETWORKS.filter((n) => n.coin === c.unit);
      expect(own.length, c.unit).toBeGreaterThan(0);
      expect(new Set(own.map((n) => n.protocol)).size, c.unit).toBe(own.length);
    }
    expect(NETWORKS.every((n) => coins.some((c) => c.unit === n.coin))).toBe(true);
  });

  it('keeps fees, minimums and deposit minimums within the coin’s decimals, the minimum above the fee', () => {
    for (const n of NETWORKS) {
      const coin = coins.find((c) => c.unit === n.coin);
      if (!coin) throw new Error(n.coin);
      for (const amount of [n.withdrawFee, n.withdrawMin, n.depositMin]) {
        expect(() => toUnits(amount, coin.decimals), `${n.coin}/${n.protocol} ${amount}`).not.toThrow();
      }
      expect(compare(n.withdrawMin, n.withdrawFee), `${n.coin}/${n.protocol}`).toBe(1);
      expect(compare(n.depositMin, '0'), `${n.coin}/${n.protocol}`).toBe(1);
      expect(n.confirmations).toBeGreaterThan(0);
    }
  });

  it('names a memo type exactly for the networks of a memo family', () => {
    for (const n of NETWORKS) expect(n.memo !== null, n.protocol).toBe(MEMO_PATTERNS[n.family] !== undefined);
    expect(NETWORKS.find((n) => n.coin === 'XRP')?.memo).toBe('TAG');
    expect(NETWORKS.filter((n) => n.memo === 'MEMO').map((n) => n.coin)).toEqual(['TON', 'ATOM', 'XLM']);
  });
});

describe('deposit addresses of the simulated chains', () => {
  it('match their network’s address pattern, for every family, from any key material', () => {
    for (const family of CHAIN_FAMILIES) {
      const pattern = new RegExp(ADDRESS_PATTERNS[family]);
      for (let i = 0; i < 50; i++) expect(encodeAddress(family, newSeed()), family).toMatch(pattern);
    }
  });

  it('carry the real checksums: base58check, bech32, CRC-16', () => {
    for (let i = 0; i < 20; i++) {
      const seed = newSeed();
      expect(base58checkValid(encodeAddress('tron', seed))?.[0]).toBe(0x41);
      expect(base58checkValid(encodeAddress('doge', seed))?.[0]).toBe(0x1e);
      expect(base58checkValid(encodeAddress('xrp', seed), RIPPLE58)?.[0]).toBe(0x00);
      for (const family of ['btc', 'ltc', 'atom', 'ada'] as const) {
        expect(bech32Valid(encodeAddress(family, seed)), family).toBe(true);
      }
      const ton = Buffer.from(encodeAddress('ton', seed), 'base64url');
      expect(ton.readUInt16BE(34)).toBe(crc16(ton.subarray(0, 34)));
      expect(ton.subarray(2, 34).equals(seed.subarray(0, 32))).toBe(true);
    }
    // A changed character breaks the checksum.
    const btc = encodeAddress('btc', newSeed());
    const typo = `${btc.slice(0, -1)}${btc.endsWith('q') ? 'p' : 'q'}`;
    expect(bech32Valid(typo)).toBe(false);
  });

  it('encodes one seed to one address, and the hot wallet of a memo network is the same on every install', () => {
    const seed = newSeed();
    expect(encodeAddress('sol', seed)).toBe(encodeAddress('sol', seed));
    expect(hotWalletAddress('xrp', 'XRP', 'XRP')).toBe(hotWalletAddress('xrp', 'XRP', 'XRP'));
    expect(hotWalletAddress('ton', 'TON', 'TON')).not.toBe(hotWalletAddress('ton', 'USDT', 'TON'));
    expect(base58(Buffer.from([0, 0, 1]))).toBe('112');
  });

  it('makes transaction hashes shaped like the family’s', () => {
    expect(fakeTxHash('evm')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(fakeTxHash('btc')).toMatch(/^[0-9a-f]{64}$/);
    expect(fakeTxHash('xrp')).toMatch(/^[0-9A-F]{64}$/);
    expect(fakeTxHash('sol')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  });
});

describe('withdrawal destinations', () => {
  it('accepts a well-formed address and drops a memo the network does not use', () => {
    expect(checkDestination(network('TRC20'), ' TJRabPrwbZy45sbavfcjinPJC18kjpRTv8 ', 'x')).toEqual({
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      tag: '',
    });
    expect(checkDestination(network('ERC20'), `0x${'Ab'.repeat(20)}`, undefined).address).toBe(`0x${'Ab'.repeat(20)}`);
  });

  it('refuses an address of another network or a malformed one', () => {
    expect(refusal(() => checkDestination(network('ERC20'), 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', ''))).toEqual({
      code: 4502,
      key: 'networkAddressInvalid',
    });
    for (const bad of ['', '0x12', `0x${'g'.repeat(40)}`, `0x${'a'.repeat(41)}`, `<script>${'a'.repeat(40)}`]) {
      expect(refusal(() => checkDestination(network('ERC20'), bad, '')).code, bad).toBe(4502);
    }
  });

  it('needs the memo or tag where the network has one, in its format', () => {
    const xrp = network('XRP');
    const address = encodeAddress('xrp', newSeed());
    expect(refusal(() => checkDestination(xrp, address, ''))).toEqual({ code: 4503, key: 'networkTagRequired' });
    expect(refusal(() => checkDestination(xrp, address, 'abc'))).toEqual({ code: 4504, key: 'networkTagInvalid' });
    expect(refusal(() => checkDestination(xrp, address, '4294967296'))).toEqual({
      code: 4504,
      key: 'networkTagInvalid',
    });
    expect(checkDestination(xrp, address, '4294967295').tag).toBe('4294967295');
    const ton = network('TON');
    expect(refusal(() => checkDestination(ton, encodeAddress('ton', newSeed()), ' ')).key).toBe('networkMemoRequired');
    expect(checkDestination(ton, encodeAddress('ton', newSeed()), 'invoice 42').tag).toBe('invoice 42');
  });
});

describe('amounts typed by a person', () => {
  it('come back exact, in units of the coin', () => {
    expect(parseAmount('10.50', 'USDT', 6)).toEqual({ amount: '10.5', units: 10_500_000 });
    expect(parseAmount(' 0.00000001 ', 'BTC', 8)).toEqual({ amount: '0.00000001', units: 1 });
  });

  it('refuse negatives, zero, words, too many decimals and absurd sizes', () => {
    expect(refusal(() => parseAmount('-1', 'USDT', 6)).key).toBe('chainAmountInvalid');
    expect(refusal(() => parseAmount('0', 'USDT', 6)).key).toBe('chainAmountInvalid');
    expect(refusal(() => parseAmount('0.0000000', 'USDT', 6)).key).toBe('chainAmountPrecision');
    expect(refusal(() => parseAmount('1e3', 'USDT', 6)).key).toBe('chainAmountInvalid');
    expect(refusal(() => parseAmount('NaN', 'USDT', 6)).key).toBe('chainAmountInvalid');
    expect(refusal(() => parseAmount('1.0000001', 'USDT', 6))).toEqual({ code: 4506, key: 'chainAmountPrecision' });
    expect(refusal(() => parseAmount('0.5', 'PEPE', 0)).key).toBe('chainAmountPrecision');
    const tooBig = (MAX_AMOUNT_UNITS + 1n).toString();
    expect(refusal(() => parseAmount(tooBig, 'PEPE', 0))).toEqual({ code: 4508, key: 'chainAmountTooLarge' });
  });
});
