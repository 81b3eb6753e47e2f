import type { Wallet } from '../ledger/accounts.ts';

/**
 * Member bill types (spec trading §9: transfer in 3, out 4, fee 9, contract 201–207) and how ledger kinds map onto
 * them. The numbers are stable: clients filter by them and stored links name them. A kind that moves money both ways
 * between a user and someone else (transfer, internal transfer) is split by the sign of the user's line.
 */
export const BillType = {
  /** A ledger kind this table does not know yet. */
  other: 0,
  deposit: 1,
  withdraw: 2,
  transferIn: 3,
  transferOut: 4,
  // 5 and 6 were the withdrawal hold and its release: moves inside a wallet, no longer bills. Never reuse them.
  internalIn: 7,
  internalOut: 8,
  /** Trade fee. */
  fee: 9,
  withdrawFee: 10,
  internalFee: 11,
  quickExchange: 12,
  trade: 13,
  demoGrant: 14,
  // Contract bills (spec trading §9; 203, unnumbered there, is funding: the gap in the contract range).
  openLong: 201,
  openShort: 202,
  funding: 203,
  closeLong: 204,
  closeShort: 205,
  closeAll: 206,
  liquidation: 207,
} as const;
export type BillType = (typeof BillType)[keyof typeof BillType];

/** Message keys of the type names (server/http/assets-wallets-messages.ts). */
export type BillNameKey =
  | 'billOther'
  | 'billDeposit'
  | 'billWithdraw'
  | 'billTransferIn'
  | 'billTransferOut'
  | 'billInternalIn'
  | 'billInternalOut'
  | 'billFee'
  | 'billWithdrawFee'
  | 'billInternalFee'
  | 'billQuickExchange'
  | 'billTrade'
  | 'billDemoGrant'
  | 'billOpenLong'
  | 'billOpenShort'
  | 'billCloseLong'
  | 'billCloseShort'
  | 'billCloseAll'
  | 'billLiquidation'
  | 'billFunding'
  | 'billTransfer';

export interface BillTypeDef {
  type: BillType;
  name: BillNameKey;
  /** The ledger kinds of this type; empty for the contract types nothing writes yet. */
  kinds: readonly string[];
  /** Only the user's lines of this sign (1 money in, -1 money out); any sign when absent. */
  sign?: 1 | -1;
  contract?: true;
}

/** Every bill type in list order (the bill-type call answers these). */
export const BILL_TYPES: readonly BillTypeDef[] = [
  { type: BillType.deposit, name: 'billDeposit', kinds: ['deposit'] },
  { type: BillType.withdraw, name: 'billWithdraw', kinds: ['withdraw'] },
  { type: BillType.transferIn, name: 'billTransferIn', kinds: ['transfer'], sign: 1 },
  { type: BillType.transferOut, name: 'billTransferOut', kinds: ['transfer'], sign: -1 },
  { type: BillType.internalIn, name: 'billInternalIn', kinds: ['internal_transfer'], sign: 1 },
  { type: BillType.internalOut, name: 'billInternalOut', kinds: ['internal_transfer'], sign: -1 },
  { type: BillType.fee, name: 'billFee', kinds: ['fee'] },
  { type: BillType.withdrawFee, name: 'billWithdrawFee', kinds: ['withdraw_fee'] },
  { type: BillType.internalFee, name: 'billInternalFee', kinds: ['internal_fee'] },
  { type: BillType.quickExchange, name: 'billQuickExchange', kinds: ['quick_exchange'] },
  { type: BillType.trade, name: 'billTrade', kinds: ['trade'] },
  { type: BillType.demoGrant, name: 'billDemoGrant', kinds: ['demo_grant'] },
  // The contract engine's kinds (server/engine/contracts/wallet.ts): an open's fee, a close's PnL and fee.
  { type: BillType.openLong, name: 'billOpenLong', kinds: ['swap_open_long'], contract: true },
  { type: BillType.openShort, name: 'billOpenShort', kinds: ['swap_open_short'], contract: true },
  { type: BillType.funding, name: 'billFunding', kinds: ['swap_funding'], contract: true },
  { type: BillType.closeLong, name: 'billCloseLong', kinds: ['swap_close_long'], contract: true },
  { type: BillType.closeShort, name: 'billCloseShort', kinds: ['swap_close_short'], contract: true },
  { type: BillType.closeAll, name: 'billCloseAll', kinds: ['swap_close_all'], contract: true },
  { type: BillType.liquidation, name: 'billLiquidation', kinds: ['swap_liquidation'], contract: true },
];

/** Lines of a kind the table does not name (not listed by bill-type, but a valid filter). */
export const OTHER: BillTypeDef = { type: BillType.other, name: 'billOther', kinds: [] };

const BY_TYPE = new Map<number, BillTypeDef>([...BILL_TYPES, OTHER].map((d) => [d.type, d]));

/** The definition of a type number (0 is "other"), or undefined for a number that is not a bill type. */
export function billTypeDef(type: number): BillTypeDef | undefined {
  return BY_TYPE.get(type);
}

/** The bill type of one of the user's ledger lines: its kind, split by sign where the type table says so. */
export function billTypeOf(kind: string, amount: number): BillTypeDef {
  for (const d of BILL_TYPES) {
    if (!d.kinds.includes(kind)) continue;
    if (d.sign === undefined || Math.sign(amount) === d.sign) return d;
  }
  return OTHER;
}

/** Every ledger kind the table names (lines of other kinds are bill type 0, "other"). */
export const KNOWN_KINDS: ReadonlySet<string> = new Set(BILL_TYPES.flatMap((d) => d.kinds));

/**
 * Lines that are not bills, so that a wallet's bills sum to its balance (available + frozen): moves between a
 * wallet's available and frozen parts (an order's reservation, which the order list shows; a withdrawal's hold, which
 * the withdrawal record shows until the money leaves as `withdraw` and `withdraw_fee`), and the simulator's folded
 * lines.
 */
export const NOT_BILLS: readonly string[] = [
  'freeze',
  'unfreeze',
  'withdraw_freeze',
  'withdraw_unfreeze',
  'carry',
  // A contract order's reservation and an isolated position's margin: moves inside the contract wallet.
  'swap_order_margin',
  'swap_isolated_margin',
];

/** Spot bill kinds (`/exchange/spot-bill/list` filters by kind) with their names, for the spot bills tab. */
export const SPOT_BILL_KINDS: readonly { kind: string; name: BillNameKey }[] = [
  { kind: 'trade', name: 'billTrade' },
  { kind: 'fee', name: 'billFee' },
  { kind: 'transfer', name: 'billTransfer' },
  { kind: 'quick_exchange', name: 'billQuickExchange' },
  { kind: 'demo_grant', name: 'billDemoGrant' },
];

/** The ledger accounts of a user's wallet: available part and frozen part. */
export function walletAccounts(userId: number, wallet: Wallet): { available: string; frozen: string } {
  const available = wallet === 'spot' ? `user:${userId}` : `user:${userId}:${wallet}`;
  return { available, frozen: `${available}:frozen` };
}

/** Which wallet and part a user account is (`user:7:funds:frozen` → funds, frozen); null for other accounts. */
export function walletOfAccount(account: string): { wallet: Wallet; frozen: boolean } | null {
  const parts = account.split(':');
  if (parts[0] !== 'user' || parts.length < 2 || parts.length > 4) return null;
  const rest = parts.slice(2);
  const frozen = rest[rest.length - 1] === 'frozen';
  if (frozen) rest.pop();
  if (rest.length === 0) return { wallet: 'spot', frozen };
  const wallet = rest[0];
  if (rest.length === 1 && (wallet === 'funds' || wallet === 'contract' || wallet === 'follow')) {
    return { wallet, frozen };
  }
  return null;
}
