// What each row of a canvas list last showed, as numbers, so a frame formats and repaints only the rows that changed
// (formatting prices and amounts exactly costs more than comparing the numbers they come from).

export class RowMemo {
  private kept = new Float64Array(0);
  private width = 0;
  private settings = '';

  /**
   * Starts over (every row "changed") when the canvas was cleared, the row count or the settings the text depends on
   * changed. Returns true when the caller must clear what is on the canvas itself (a reset without a full clear).
   */
  reset(rows: number, width: number, settings: string, full: boolean): boolean {
    if (!full && this.kept.length === rows * width && this.width === width && settings === this.settings) return false;
    this.kept = new Float64Array(rows * width).fill(Number.NaN);
    this.width = width;
    this.settings = settings;
    return !full;
  }

  /** Whether row `row` was drawn with `values`; if not, records them (the caller then draws it). */
  same(row: number, values: ArrayLike<number>): boolean {
    const kept = this.kept;
    const k = row * this.width;
    let equal = true;
    for (let i = 0; i < this.width; i++) {
      if (kept[k + i] !== values[i]) {
        equal = false;
        kept[k + i] = values[i] as number;
      }
    }
    return equal;
  }

  /**
   * Per cell: whether cell `column` of row `row` was drawn with `value`; if not, records it (the caller then draws
   * that cell only).
   */
  sameCell(row: number, column: number, value: number): boolean {
    const k = row * this.width + column;
    if (this.kept[k] === value) return true;
    this.kept[k] = value;
    return false;
  }

  /** Forgets what row `row` showed, so every cell of it counts as changed next time. */
  forget(row: number): void {
    const k = row * this.width;
    this.kept.fill(Number.NaN, k, k + this.width);
  }

  /** Forgets row `row` as drawn empty; true when it showed something before (the caller then clears it). */
  clear(row: number): boolean {
    const k = row * this.width;
    let shown = false;
    for (let i = 0; i < this.width; i++) if (!Number.isNaN(this.kept[k + i] as number)) shown = true;
    if (!shown) return false;
    this.kept.fill(Number.NaN, k, k + this.width);
    return true;
  }
}
