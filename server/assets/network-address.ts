import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { ChainFamily } from './network-catalogue.ts';

/*
 * Deposit addresses and transaction hashes of the simulated chains. The reference exchange has no blockchain, yet
 * what it shows must look like the real thing: each family's address is encoded the way its chain encodes one
 * (version bytes, base58check, bech32, SS58, TON and Stellar checksums), from random key material.
 */

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** The XRP Ledger's own ordering of the base58 digits (its addresses start with "r"). */
const RIPPLE58 = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

export function base58(bytes: Uint8Array, alphabet = BASE58): string {
  let n = bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = alphabet[0] + out;
  }
  return out;
}

/** Base58 with the four-byte double-SHA-256 checksum (Bitcoin-style version byte first). */
export function base58check(payload: Uint8Array, alphabet = BASE58): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58(Buffer.concat([payload, checksum]), alphabet);
}

/** Regroups bytes into 5-bit words, padding the tail (BIP 173). */
function toWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  return words;
}

const BECH32_GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= BECH32_GEN[i] as number;
  }
  return chk >>> 0;
}

/** Bech32 (BIP 173) of 5-bit words under a human-readable part; Cardano uses it beyond the 90-character limit. */
export function bech32(hrp: string, words: readonly number[]): string {
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  expanded.push(0, ...[...hrp].map((c) => c.charCodeAt(0) & 31));
  const mod = bech32Polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => BECH32[w]).join('')}`;
}

/** True when a bech32 string carries a valid checksum (tests check the encoder against it). */
export function bech32Valid(text: string): boolean {
  const at = text.lastIndexOf('1');
  if (at < 1) return false;
  const hrp = text.slice(0, at);
  const words = [...text.slice(at + 1)].map((c) => BECH32.indexOf(c));
  if (words.some((w) => w < 0)) return false;
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  expanded.push(0, ...[...hrp].map((c) => c.charCodeAt(0) & 31));
  return bech32Polymod([...expanded, ...words]) === 1;
}

const CASHADDR_GEN = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

function cashaddrPolymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= CASHADDR_GEN[i] as bigint;
  }
  return c ^ 1n;
}

/** Bitcoin Cash CashAddr of a P2PKH key hash: `bitcoincash:q…`. */
function cashaddr(hash: Uint8Array): string {
  const prefix = 'bitcoincash';
  const words = toWords(Buffer.concat([Buffer.from([0]), hash]));
  const mod = cashaddrPolymod([...[...prefix].map((c) => c.charCodeAt(0) & 31), 0, ...words, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `${prefix}:${[...words, ...checksum].map((w) => BECH32[w]).join('')}`;
}

/** CRC-16/XMODEM, the checksum of TON and Stellar addresses. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base32(bytes: Uint8Array): string {
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32[(acc >> bits) & 31];
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(acc << (5 - bits)) & 31];
  return out;
}

/** A Polkadot SS58 address (network prefix 0): blake2b-512 of "SS58PRE" and the key gives the two checksum bytes. */
function ss58(key: Uint8Array): string {
  const data = Buffer.concat([Buffer.from([0]), key]);
  const hash = createHash('blake2b512')
    .update(Buffer.concat([Buffer.from('SS58PRE'), data]))
    .digest();
  return base58(Buffer.concat([data, hash.subarray(0, 2)]));
}

/** A TON user-friendly address: bounceable tag, workchain 0, account id, CRC-16, base64url ("EQ…"). */
function tonAddress(account: Uint8Array): string {
  const body = Buffer.concat([Buffer.from([0x11, 0x00]), account]);
  const crc = crc16(body);
  return Buffer.concat([body, Buffer.from([crc >> 8, crc & 0xff])]).toString('base64url');
}

/** A Stellar account id (strkey): version byte 6 << 3, the key, CRC-16 little-endian, base32 ("G…"). */
function stellarAddress(key: Uint8Array): string {
  const body = Buffer.concat([Buffer.from([6 << 3]), key]);
  const crc = crc16(body);
  return base32(Buffer.concat([body, Buffer.from([crc & 0xff, crc >> 8])]));
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** An address of the family made from `seed` (at least 57 bytes of key material; the same seed, the same address). */
export function encodeAddress(family: ChainFamily, seed: Uint8Array): string {
  const take = (n: number) => seed.subarray(0, n);
  switch (family) {
    case 'evm':
      return `0x${hex(take(20))}`;
    case 'tron':
      return base58check(Buffer.concat([Buffer.from([0x41]), take(20)]));
    case 'btc':
      return bech32('bc', [0, ...toWords(take(20))]);
    case 'ltc':
      return bech32('ltc', [0, ...toWords(take(20))]);
    case 'bch':
      return cashaddr(take(20));
    case 'doge':
      return base58check(Buffer.concat([Buffer.from([0x1e]), take(20)]));
    case 'sol':
      return base58(take(32));
    case 'xrp':
      return base58check(Buffer.concat([Buffer.from([0x00]), take(20)]), RIPPLE58);
    case 'ada':
      // A Shelley base address on mainnet: header 0x01, payment and stake key hashes.
      return bech32('addr', toWords(Buffer.concat([Buffer.from([0x01]), take(56)])));
    case 'dot':
      return ss58(take(32));
    case 'ton':
      return tonAddress(take(32));
    case 'atom':
      return bech32('cosmos', toWords(take(20)));
    case 'near':
      return hex(take(32));
    case 'apt':
    case 'sui':
      return `0x${hex(take(32))}`;
    case 'xlm':
      return stellarAddress(take(32));
  }
}

/** Fresh key material for an address. */
export function newSeed(): Buffer {
  return randomBytes(64);
}

/** The exchange's own (hot wallet) address of a memo network: the same on every install, users told apart by memo. */
export function hotWalletAddress(family: ChainFamily, coin: string, protocol: string): string {
  const first = sha256(Buffer.from(`tickstream:hot-wallet:${coin}:${protocol}`));
  return encodeAddress(family, Buffer.concat([first, sha256(first)]));
}

/** A user's memo (or XRP destination tag) behind a shared address: nine digits, valid on every memo network. */
export function newMemo(): string {
  return String(randomInt(100_000_000, 1_000_000_000));
}

/** A transaction hash as the family's explorers print one. */
export function fakeTxHash(family: ChainFamily): string {
  const bytes = randomBytes(64);
  switch (family) {
    case 'evm':
    case 'dot':
    case 'apt':
      return `0x${hex(bytes.subarray(0, 32))}`;
    case 'sol':
      return base58(bytes);
    case 'sui':
      return base58(bytes.subarray(0, 32));
    case 'xrp':
    case 'atom':
      return hex(bytes.subarray(0, 32)).toUpperCase();
    default:
      return hex(bytes.subarray(0, 32));
  }
}
