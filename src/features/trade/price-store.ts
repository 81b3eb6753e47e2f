// The price picked in the book, for the order form (a book level click fills the form's price, spec trading §2). A
// person's click, not a tick: a valtio store like the other choices people make (DESIGN §2).
import { proxy, useSnapshot } from 'valtio';

export interface PickedPrice {
  symbol: string;
  /** As shown in the book (the market's price decimals). */
  price: string;
  /** Bumps on every pick, so picking the same price twice is still seen. */
  seq: number;
}

const picks = proxy<{ last: PickedPrice | null }>({ last: null });

export function pickPrice(symbol: string, price: string): void {
  picks.last = { symbol, price, seq: (picks.last?.seq ?? 0) + 1 };
}

/** The last picked price of a market, for the order form. */
export function usePickedPrice(symbol: string): PickedPrice | null {
  const { last } = useSnapshot(picks);
  return last && last.symbol === symbol ? last : null;
}
