import { compare } from '../../../../common/decimal.ts';

/** spec shell §9: bills and records page by 10. */
export const BILL_PAGE_SIZE = 10;

/** A signed exact amount as a bill shows it: "+1.5", "-0.001", "0". */
export function signedAmount(amount: string): string {
  return compare(amount, '0') > 0 ? `+${amount}` : amount;
}

/** "up" for money in, "down" for money out (the row's colour). */
export function amountTone(amount: string): 'up' | 'down' | '' {
  const sign = compare(amount, '0');
  return sign > 0 ? 'up' : sign < 0 ? 'down' : '';
}

/**
 * The time range of two date fields (yyyy-mm-dd, local time): from the start of the first day to the end of the
 * last. An empty field leaves that side open; null when the start is after the end.
 */
export function dayRange(from: string, to: string): { startTime?: number; endTime?: number } | null {
  const start = from ? new Date(`${from}T00:00:00`).getTime() : undefined;
  const end = to ? new Date(`${to}T23:59:59.999`).getTime() : undefined;
  if ((start !== undefined && Number.isNaN(start)) || (end !== undefined && Number.isNaN(end))) return null;
  if (start !== undefined && end !== undefined && start > end) return null;
  return { ...(start !== undefined ? { startTime: start } : {}), ...(end !== undefined ? { endTime: end } : {}) };
}

/** Where a bill's record is shown, from its transaction id (`withdraw:17` → /withdraw); null when no page lists it. */
export function recordLink(txnId: string): string | null {
  const kind = txnId.split(':')[0];
  switch (kind) {
    case 'deposit':
      return '/recharge';
    case 'withdraw':
      return '/withdraw';
    case 'internal':
      return '/withdraw?tab=internal';
    case 'transfer':
      return '/transfer';
    default:
      return null;
  }
}

/** Pages of `total` records, at least 1. */
export function pageCount(total: number, size = BILL_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}
