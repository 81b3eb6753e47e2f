// The orders panel's paged REST lists with what the user's state learnt since the page was fetched laid over them, so
// a list never reloads because the channel spoke (spec trading §7 order history and trade history).
import type { Page } from '../../../../common/contracts/envelope.ts';
import { isOpenStatus, type SpotFill, type SpotOrder } from '../../../../common/trading.ts';

/** The part of a contract page (common/contracts/envelope.ts) the lists merge: its records and total. */
export type Paged<T> = Pick<Page<T>, 'records' | 'total'>;

/**
 * Merges `live` into the fetched pages, newest first by `id`: a record the pages hold is replaced by its live state
 * when that is `newer`; one they lack is added when it belongs within them — newer than their oldest record, or
 * anywhere once every record is shown — and counts in the total.
 */
function overlay<T>(
  page: Paged<T>,
  live: readonly T[],
  key: (item: T) => string,
  id: (item: T) => number,
  newer: (candidate: T, held: T) => boolean,
): Paged<T> {
  if (live.length === 0) return page;
  const complete = page.records.length >= page.total;
  const oldest = page.records.reduce((min, r) => Math.min(min, id(r)), Number.POSITIVE_INFINITY);
  const held = new Map(page.records.map((r) => [key(r), r] as const));
  let added = 0;
  let changed = false;
  for (const item of live) {
    const k = key(item);
    const current = held.get(k);
    if (current) {
      if (current !== item && newer(item, current)) {
        held.set(k, item);
        changed = true;
      }
    } else if (complete || id(item) > oldest) {
      held.set(k, item);
      added++;
    }
  }
  if (added === 0 && !changed) return page;
  const records = [...held.values()].sort((a, b) => id(b) - id(a) || key(a).localeCompare(key(b)));
  return { records, total: page.total + added };
}

/** The order history (closed orders, newest first) with the orders closed since it was fetched. */
export function withClosedOrders(page: Paged<SpotOrder>, orders: readonly SpotOrder[], symbol: string | null) {
  const closed = orders.filter((o) => !isOpenStatus(o.status) && (symbol === null || o.symbol === symbol));
  return overlay(
    page,
    closed,
    (o) => String(o.orderId),
    (o) => o.orderId,
    (a, b) => a.updateTime > b.updateTime,
  );
}

/** The trade history (the user's fills, newest first) with the fills told since it was fetched. */
export function withNewFills(page: Paged<SpotFill>, fills: readonly SpotFill[], symbol: string | null) {
  const mine = symbol === null ? fills : fills.filter((f) => f.symbol === symbol);
  return overlay(
    page,
    mine,
    (f) => `${f.tradeId}:${f.direction}`,
    (f) => f.tradeId,
    () => false,
  );
}
