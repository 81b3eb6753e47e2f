import { SETTLEMENT_ACCOUNT, SwapKind } from '../engine/contracts/wallet.ts';
import { type Entry, FEES_ACCOUNT } from '../ledger/accounts.ts';

/**
 * Ledger kinds of a reservation: money moved between the available and frozen parts of one user's wallet, in one coin,
 * so each reservation balances by itself per coin.
 */
export const RESERVATION_KINDS: readonly string[] = ['freeze', 'unfreeze', SwapKind.orderMargin];
/** The system accounts of a trade between two bots besides theirs: its fees and a contract's PnL. */
export const TRADE_SYSTEM_ACCOUNTS: readonly string[] = [FEES_ACCOUNT, SETTLEMENT_ACCOUNT];
/** A bot's spot and contract pockets (`user:{id}`, `user:{id}:frozen`, `user:{id}:contract`, …): what is folded. */
export const botPockets = (id: number): string[] => [
  `user:${id}`,
  `user:${id}:frozen`,
  `user:${id}:contract`,
  `user:${id}:contract:frozen`,
];

const RESERVATION = new Set(RESERVATION_KINDS);
const TRADE_SYSTEM = new Set(TRADE_SYSTEM_ACCOUNTS);
const isTrade = (txn: string) => txn.startsWith('trade:') || txn.startsWith('swap-trade:');
/** The bots' pockets by id, made once: the journal asks for every line of theirs. */
const pocketsOf = new Map<number, ReadonlySet<string>>();

function isPocket(userId: number, account: string): boolean {
  let pockets = pocketsOf.get(userId);
  if (!pockets) {
    pockets = new Set(botPockets(userId));
    pocketsOf.set(userId, pockets);
  }
  return pockets.has(account);
}

/**
 * A batch's ledger lines with the bots' churn summed into one `carry` transaction `txn`, a line per account and coin
 * whose sum is not zero, after the other lines: the reservations of `isBot`'s users and the trades between two bots.
 * Retention folds the same lines the same way a run later (retention.ts); folded as they are written, they no longer
 * cost the journal and its projection most of their ledger rows (at TICKSTREAM_SIM_RATE=10, 85 % of them; issue 22
 * item 4). Every account's sum, so every balance, stays what it was; the carry balances per coin because each folded
 * transaction did. Users' lines are never folded.
 */
export function foldBotLines(
  entries: readonly Entry[],
  isBot: (userId: number) => boolean,
  txn: string,
  time: number,
): readonly Entry[] {
  const pocket = (e: Entry) => e.userId !== null && isBot(e.userId) && isPocket(e.userId, e.account);
  // A trade is folded when every line of it is a bot's or the trade's system accounts'.
  const trades = new Map<string, boolean>();
  for (const e of entries) {
    if (!isTrade(e.txn)) continue;
    const line = e.userId === null ? TRADE_SYSTEM.has(e.account) : pocket(e);
    trades.set(e.txn, (trades.get(e.txn) ?? true) && line);
  }
  // By account, then coin: both strings are the ledger's own, so neither is hashed again (a joined key would be).
  const sums = new Map<string, Map<string, Entry>>();
  const kept: Entry[] = [];
  for (const e of entries) {
    if (!(trades.get(e.txn) ?? (RESERVATION.has(e.kind) && pocket(e)))) {
      kept.push(e);
      continue;
    }
    let coins = sums.get(e.account);
    if (!coins) {
      coins = new Map();
      sums.set(e.account, coins);
    }
    const sum = coins.get(e.coin);
    if (sum) sum.amount += e.amount;
    else coins.set(e.coin, { ...e, txn, kind: 'carry', time });
  }
  if (sums.size === 0) return entries;
  for (const coins of sums.values()) for (const sum of coins.values()) if (sum.amount !== 0) kept.push(sum);
  return kept;
}
