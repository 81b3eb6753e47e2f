/**
 * When each coming spot market opens for trading (the listing calendar of the home page's new coins): before its
 * online time a market takes no order, shows in no list and gets no simulated history or quotes; at that instant it
 * opens (issue 19 item 3, spec shell §4 "New-coin preview").
 */
export class MarketOpenings {
  private readonly times = new Map<string, number>();

  /** A market's opening time; a later listing of the same market replaces an earlier one. */
  set(symbol: string, onlineTime: number): void {
    this.times.set(symbol, onlineTime);
  }

  isOpen(symbol: string, now: number): boolean {
    const at = this.times.get(symbol);
    return at === undefined || at <= now;
  }
}
