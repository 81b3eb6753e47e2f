/**
 * The server's market lists (`/market/symbol-thumb`, `/swap/symbol-thumb`) that give the worker's books their grids.
 * A page that fetches a list for its own first render hands the rows over (`expect`, then `provide`), so a cold load
 * asks the server once (issue 22 item 1); any other list the worker fetches itself, once, and again after a failure.
 */

/** The fields of a spot or contract row that make a grid. */
export interface ThumbRow {
  symbol: string;
  priceScale?: number;
  amountScale?: number;
  quoteDecimal?: number;
  contractSize?: string;
}

/** How long a list the page said it would hand over may keep the worker waiting before it asks itself. */
export const EXPECT_MS = 5000;

export class MarketLists {
  private readonly lists = new Map<string, Promise<ThumbRow[]>>();
  private readonly waiting = new Map<string, (rows: ThumbRow[] | null) => void>();

  constructor(private readonly fetchRows: (path: string) => Promise<ThumbRow[]>) {}

  /** The page is fetching `path` and will `provide` its rows: until then (or EXPECT_MS), the worker waits for them. */
  expect(path: string): void {
    if (this.lists.has(path)) return;
    const given = new Promise<ThumbRow[] | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), EXPECT_MS);
      this.waiting.set(path, (rows) => {
        clearTimeout(timer);
        resolve(rows);
      });
    });
    this.lists.set(
      path,
      given.then((rows) => {
        this.waiting.delete(path);
        return rows ?? this.fetchOwn(path);
      }),
    );
  }

  /** The page's rows of `path`, or null when its fetch failed (the worker then asks itself). */
  provide(path: string, rows: ThumbRow[] | null): void {
    const waiting = this.waiting.get(path);
    if (waiting) waiting(rows);
    else if (rows && !this.lists.has(path)) this.lists.set(path, Promise.resolve(rows));
  }

  /** The rows of `path` (empty while the server cannot be reached; asked again next time). */
  rows(path: string): Promise<ThumbRow[]> {
    return this.lists.get(path) ?? this.fetchOwn(path);
  }

  private fetchOwn(path: string): Promise<ThumbRow[]> {
    const made = this.fetchRows(path).catch(() => {
      if (this.lists.get(path) === made) this.lists.delete(path);
      return [];
    });
    this.lists.set(path, made);
    return made;
  }
}
