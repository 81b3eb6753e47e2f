import type { Holding } from './holdings.ts';

/**
 * Isolated positions by liquidation price, so a mark update looks only at the positions it reaches (issue 20: every
 * under-margined position found within 50 ms of a mark with 100 000 open). Longs are liquidated when the mark falls to
 * their price, shorts when it rises to it: one max-heap and one min-heap. A position that changes is pushed again with
 * a new version and its old entry is skipped when it surfaces (lazy deletion); the heaps are rebuilt when stale
 * entries outnumber live ones.
 */

interface Entry {
  readonly holding: Holding;
  readonly price: number;
  readonly version: number;
}

class Heap {
  private readonly items: Entry[] = [];

  /** `before(a, b)`: a comes out first. */
  constructor(private readonly before: (a: Entry, b: Entry) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  push(entry: Entry): void {
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(items[i] as Entry, items[parent] as Entry)) break;
      [items[i], items[parent]] = [items[parent] as Entry, items[i] as Entry];
      i = parent;
    }
  }

  peek(): Entry | undefined {
    return this.items[0];
  }

  pop(): Entry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      this.sinkFrom(0);
    }
    return top;
  }

  /** Keeps only the entries `keep` accepts. */
  filter(keep: (entry: Entry) => boolean): void {
    const live = this.items.filter(keep);
    this.items.length = 0;
    for (const entry of live) this.push(entry);
  }

  private sinkFrom(start: number): void {
    const items = this.items;
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < items.length && this.before(items[left] as Entry, items[best] as Entry)) best = left;
      if (right < items.length && this.before(items[right] as Entry, items[best] as Entry)) best = right;
      if (best === i) return;
      [items[i], items[best]] = [items[best] as Entry, items[i] as Entry];
      i = best;
    }
  }
}

export class LiquidationIndex {
  private readonly longs = new Heap((a, b) => a.price > b.price);
  private readonly shorts = new Heap((a, b) => a.price < b.price);
  private readonly versions = new Map<Holding, number>();
  /** One counter for all entries: a position taken out and put back never revives an old entry. */
  private nextVersion = 1;

  get size(): number {
    return this.versions.size;
  }

  /** Puts a position in at its liquidation price, or takes it out (null: flat, cross, or never liquidated). */
  set(holding: Holding, price: number | null): void {
    const version = this.nextVersion++;
    if (price === null || !holding.position) {
      this.versions.delete(holding);
    } else {
      this.versions.set(holding, version);
      (holding.position.sign === 1 ? this.longs : this.shorts).push({ holding, price, version });
    }
    this.compact();
  }

  /** Takes out and returns the positions a mark reaches: longs at or above it, shorts at or below it. */
  due(mark: number): Holding[] {
    const out: Holding[] = [];
    for (const [heap, reached] of [
      [this.longs, (p: number) => p >= mark],
      [this.shorts, (p: number) => p <= mark],
    ] as const) {
      for (let top = heap.peek(); top && reached(top.price); top = heap.peek()) {
        heap.pop();
        if (this.versions.get(top.holding) !== top.version) continue;
        this.versions.delete(top.holding);
        out.push(top.holding);
      }
    }
    return out;
  }

  private compact(): void {
    const entries = this.longs.size + this.shorts.size;
    if (entries < 1024 || entries < 2 * this.versions.size) return;
    const live = (entry: Entry) => this.versions.get(entry.holding) === entry.version;
    this.longs.filter(live);
    this.shorts.filter(live);
  }
}
