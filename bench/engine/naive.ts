/**
 * The naive baseline: every resting order in one array per side, the best found by a linear scan on every step —
 * how a first matching engine is often written. Same price-time rules, no settlement.
 */
interface NaiveOrder {
  id: number;
  price: number;
  remaining: number;
  seq: number;
}

export class NaiveBook {
  private readonly bids: NaiveOrder[] = [];
  private readonly asks: NaiveOrder[] = [];
  private seq = 0;
  trades = 0;

  limit(id: number, side: number, price: number, quantity: number): void {
    const remaining = this.take(side, price, quantity);
    if (remaining > 0) (side === 1 ? this.bids : this.asks).push({ id, price, remaining, seq: this.seq++ });
  }

  market(side: number, quantity: number): void {
    this.take(side, side === 1 ? Number.POSITIVE_INFINITY : 0, quantity);
  }

  cancel(id: number): void {
    for (const book of [this.bids, this.asks]) {
      const i = book.findIndex((o) => o.id === id);
      if (i >= 0) {
        book.splice(i, 1);
        return;
      }
    }
  }

  private take(side: number, limit: number, quantity: number): number {
    const book = side === 1 ? this.asks : this.bids;
    let left = quantity;
    while (left > 0 && book.length > 0) {
      let best = 0;
      for (let i = 1; i < book.length; i++) {
        const a = book[i] as NaiveOrder;
        const b = book[best] as NaiveOrder;
        const better = side === 1 ? a.price < b.price : a.price > b.price;
        if (better || (a.price === b.price && a.seq < b.seq)) best = i;
      }
      const maker = book[best] as NaiveOrder;
      if (side === 1 ? maker.price > limit : maker.price < limit) break;
      const q = Math.min(left, maker.remaining);
      left -= q;
      maker.remaining -= q;
      this.trades++;
      if (maker.remaining === 0) book.splice(best, 1);
    }
    return left;
  }
}
