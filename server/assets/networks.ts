import type { CoinDetailView, CoinView, NetworkView } from '../../common/contracts/assets.ts';
import { fromUnits, isDecimal, toUnits } from '../../common/decimal.ts';
import type { Db } from '../db/schema.ts';
import { logoOf } from '../exchange/catalogue.ts';
import { DepositCode, refuse } from './deposit-errors.ts';
import { type CoinNetwork, depositDb } from './deposit-tables.ts';
import type { ChainFamily, MemoType } from './network-catalogue.ts';

/** A network with its coin's ledger decimals. */
export interface Network extends CoinNetwork {
  decimals: number;
  coin_name: string;
}

/** The purpose a network is asked for: it must be open for it. */
export type NetworkPurpose = 'deposit' | 'withdraw';

/** Largest amount in ledger units: balances stay exact integers (Number.MAX_SAFE_INTEGER) with room to add. */
export const MAX_AMOUNT_UNITS = 10n ** 15n;

/** Upper-cased, trimmed coin or protocol names, as the catalogue writes them. */
export const normalizeName = (text: string) => text.trim().toUpperCase();

const view = (n: Network): NetworkView => ({
  protocol: n.protocol,
  name: n.name,
  needMemo: n.memo_type !== null,
  memoType: n.memo_type as MemoType | null,
  depositMin: n.deposit_min,
  confirmations: n.confirmations,
  withdrawFee: n.withdraw_fee,
  withdrawMin: n.withdraw_min,
  canDeposit: n.can_deposit === 1,
  canWithdraw: n.can_withdraw === 1,
});

/** The coin networks of migration 0012, read from the database. */
export function networksRepository(raw: Db) {
  const db = depositDb(raw);
  const all = async (): Promise<(Network & { usd_rate: string; coin_sort: number })[]> => {
    const rows = await db
      .selectFrom('coin_networks as n')
      .innerJoin('coins as c', 'c.unit', 'n.coin')
      .selectAll('n')
      .select([
        'c.decimals as decimals',
        'c.name as coin_name',
        'c.usd_rate as usd_rate',
        'c.sort as coin_sort',
        'c.can_deposit as coin_can_deposit',
        'c.can_withdraw as coin_can_withdraw',
      ])
      .orderBy('c.sort')
      .orderBy('n.sort')
      .execute();
    // A coin closed for deposits or withdrawals closes all its networks for them.
    return rows.map(({ coin_can_deposit, coin_can_withdraw, ...n }) => ({
      ...n,
      can_deposit: n.can_deposit && coin_can_deposit ? 1 : 0,
      can_withdraw: n.can_withdraw && coin_can_withdraw ? 1 : 0,
    }));
  };

  const grouped = async (purpose: NetworkPurpose | undefined) => {
    const coins = new Map<string, { first: Network & { usd_rate: string }; networks: Network[] }>();
    for (const n of await all()) {
      if (purpose === 'deposit' && !n.can_deposit) continue;
      if (purpose === 'withdraw' && !n.can_withdraw) continue;
      const entry = coins.get(n.coin);
      if (entry) entry.networks.push(n);
      else coins.set(n.coin, { first: n, networks: [n] });
    }
    return [...coins.values()];
  };

  const coinView = (first: Network, networks: Network[]): Omit<CoinView, 'networks'> => ({
    coin: first.coin,
    unit: first.coin,
    name: first.coin_name,
    logo: logoOf(first.coin),
    decimals: first.decimals,
    canDeposit: networks.some((n) => n.can_deposit === 1),
    canWithdraw: networks.some((n) => n.can_withdraw === 1),
  });

  return {
    /** Coins that move on at least one network (for `purpose`: open for it), each with its networks. */
    async list(purpose?: NetworkPurpose): Promise<CoinView[]> {
      return (await grouped(purpose)).map(({ first, networks }) => ({
        ...coinView(first, networks),
        networks: networks.map(view),
      }));
    },

    async detailedList(confirmMs: number, purpose?: NetworkPurpose): Promise<CoinDetailView[]> {
      const coins = await raw.selectFrom('coins').select(['unit', 'withdraw_fee', 'min_withdraw']).execute();
      const defaults = new Map(coins.map((c) => [c.unit, c]));
      return (await grouped(purpose)).map(({ first, networks }) => ({
        ...coinView(first, networks),
        usdRate: first.usd_rate,
        withdrawFee: defaults.get(first.coin)?.withdraw_fee ?? '0',
        minWithdraw: defaults.get(first.coin)?.min_withdraw ?? '0',
        networks: networks.map((n) => ({
          ...view(n),
          family: n.family as ChainFamily,
          addressPattern: n.address_pattern,
          memoPattern: n.memo_pattern,
          arrivalSeconds: Math.ceil((n.confirmations * confirmMs) / 1000),
        })),
      }));
    },

    /** The network, open for `purpose`; refuses an unknown or suspended one. */
    async require(coinText: string, protocolText: string, purpose: NetworkPurpose): Promise<Network> {
      const coin = normalizeName(coinText);
      const protocol = normalizeName(protocolText);
      const found = (await all()).find((n) => n.coin === coin && n.protocol === protocol);
      if (!found) throw refuse(DepositCode.networkUnavailable, 'networkUnknown', { coin, protocol });
      if (purpose === 'deposit' && !found.can_deposit) {
        throw refuse(DepositCode.networkUnavailable, 'networkDepositSuspended', { coin, protocol });
      }
      if (purpose === 'withdraw' && !found.can_withdraw) {
        throw refuse(DepositCode.networkUnavailable, 'networkWithdrawSuspended', { coin, protocol });
      }
      return found;
    },
  };
}
export type NetworksRepository = ReturnType<typeof networksRepository>;

/** Hex-based families compare addresses without case (0xAbC… and 0xabc… are one account). */
const CASELESS: ReadonlySet<string> = new Set<ChainFamily>(['evm', 'apt', 'sui']);

/** The form in which two addresses of a network are the same. */
export function addressKey(family: string, address: string): string {
  return CASELESS.has(family) ? address.toLowerCase() : address;
}

/** The largest XRP destination tag (an unsigned 32-bit number). */
const MAX_TAG = 4_294_967_295;

/**
 * A withdrawal (or address book) destination on `network`, checked: the address matches the network's format and the
 * memo / tag is there when the network needs one, in its format; networks without memo drop it. Throws a refusal.
 */
export function checkDestination(network: CoinNetwork, addressText: string, tagText: string | undefined) {
  const address = addressText.trim();
  if (!new RegExp(network.address_pattern).test(address)) {
    throw refuse(DepositCode.addressInvalid, 'networkAddressInvalid', { protocol: network.protocol });
  }
  if (network.memo_type === null) return { address, tag: '' };
  const tag = tagText?.trim() ?? '';
  const isTag = network.memo_type === 'TAG';
  if (tag === '') throw refuse(DepositCode.memoRequired, isTag ? 'networkTagRequired' : 'networkMemoRequired');
  const formatOk = network.memo_pattern === null || new RegExp(network.memo_pattern).test(tag);
  if (!formatOk || (isTag && Number(tag) > MAX_TAG)) {
    throw refuse(DepositCode.memoInvalid, isTag ? 'networkTagInvalid' : 'networkMemoInvalid');
  }
  return { address, tag };
}

/**
 * An amount typed by a person, in ledger units of a coin with `decimals`: a positive exact decimal with no more
 * decimals than the coin has and below MAX_AMOUNT_UNITS. Throws a refusal naming what is wrong.
 */
export function parseAmount(text: string, coin: string, decimals: number): { amount: string; units: number } {
  const trimmed = text.trim();
  if (!isDecimal(trimmed) || trimmed.startsWith('-')) throw refuse(DepositCode.amountInvalid, 'chainAmountInvalid');
  let units: bigint;
  try {
    units = toUnits(trimmed, decimals);
  } catch {
    throw refuse(DepositCode.amountPrecision, 'chainAmountPrecision', { coin, decimals });
  }
  if (units <= 0n) throw refuse(DepositCode.amountInvalid, 'chainAmountInvalid');
  if (units > MAX_AMOUNT_UNITS) throw refuse(DepositCode.amountTooLarge, 'chainAmountTooLarge');
  return { amount: fromUnits(units, decimals), units: Number(units) };
}

/** Ledger units of a catalogue amount (fees and minimums are seeded within the coin's decimals). */
export function unitsOf(amount: string, decimals: number): number {
  return Number(toUnits(amount, decimals));
}
