// The price picked in the book, for the order form (a book level click fills the form's price, spec trading §2).
import { useSyncExternalStore } from 'react';

export interface PickedPrice {
  symbol: string;
  /** As shown in the book (the market's price decimals). */
  price: string;
  /** Bumps on every pick, so picking the same price twice is still seen. */
  seq: number;
}

let picked: PickedPrice | null = null;
const listeners = new Set<() => void>();

export function pickPrice(symbol: string, price: string): void {
  picked = { symbol, price, seq: (picked?.seq ?? 0) + 1 };
  for (const listener of listeners) listener();
}

export function pickedPrice(): PickedPrice | null {
  return picked;
}

export function subscribePickedPrice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last picked price of a market, for the order form. */
export function usePickedPrice(symbol: string): PickedPrice | null {
  const value = useSyncExternalStore(subscribePickedPrice, pickedPrice, pickedPrice);
  return value && value.symbol === symbol ? value : null;
}
