// The sources of the data plane (one per channel kind, behind one interface) and their registry, between the feed
// and the publisher. Imports only common/, ../api.ts and the stages before it.
export { MIN_RESYNC_MS } from './book.ts';
export { HISTORY_BACKOFF } from './candles.ts';
export { type RegistryContext, Sources } from './registry.ts';
export type {
  FeedPort,
  HistoryLoader,
  Kind,
  MarketGrid,
  SnapshotOf,
  SnapshotWriter,
  Source,
  SourceContext,
  SpecOf,
} from './source.ts';
