/**
 * workers/book — the worker's order book per market (DESIGN §2, §4): merges depth snapshots and diffs in integer ticks
 * and lots, detects gaps, checksum mismatches and crossed books, and writes columnar top-of-book rows for the publisher.
 * Imports only common/ (it runs inside a Web Worker).
 */
export {
  type ApplyResult,
  DepthBook,
  type DepthBookOptions,
  type DepthSide,
  type DepthStatus,
  LEVEL_STRIDE,
  type StaleReason,
} from './depth-book.ts';
export { toTicks } from './units.ts';
