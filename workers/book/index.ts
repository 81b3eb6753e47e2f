/**
 * workers/book — the worker's order book per market (DESIGN §2, §4): merges depth snapshots and diffs in integer ticks
 * and lots, detects gaps, checksum mismatches and crossed books, and writes columnar top-of-book rows for the publisher,
 * with the user's own volume per level beside them. Imports only common/ and the column layouts of ../api.ts.
 */

/** Numbers per level written by {@link DepthBook.extract}: the book snapshot's columns. */
export { BOOK_COLUMNS as LEVEL_STRIDE } from '../api.ts';
export {
  type ApplyResult,
  DepthBook,
  type DepthBookOptions,
  type DepthSide,
  type DepthStatus,
  type StaleReason,
} from './depth-book.ts';
export { OwnLevels } from './own-levels.ts';
export { toTicks } from './units.ts';
