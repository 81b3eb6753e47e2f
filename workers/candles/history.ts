// A market's candle history from the server's REST route, for the series under a candles view. Imports only common/.
import { swapSymbolOf } from '../../common/market.ts';
import type { CandleInterval } from '../../common/protocol.ts';
import { type RequestContext, requestHeaders, signedUrl } from '../../common/request-context.ts';

/** Candles asked for (spec trading §9: candle limit default 300). */
export const HISTORY_LIMIT = 300;

/**
 * `/market/history` (spec trading §7): the newest `limit` candles, oldest first, the current one included; for a
 * perpetual's market (`BTC/USDT:USDT`) `/swap/history` of its contract, which answers in the same shape.
 */
export function historyUrl(origin: string, symbol: string, interval: CandleInterval, limit = HISTORY_LIMIT): string {
  const contract = swapSymbolOf(symbol);
  const query = new URLSearchParams({ symbol: contract ?? symbol, resolution: interval, limit: String(limit) });
  return `${origin}/${contract ? 'swap' : 'market'}/history?${query}`;
}

/**
 * The answer's candles as one flat array `[openTime, open, high, low, close, volume, …]`, oldest first. An envelope
 * that is not a success, or a row that is not six finite numbers, throws: the fetch counts as failed and is retried.
 */
export function parseHistory(body: unknown): number[] {
  const envelope = body as { code?: unknown; data?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null || envelope.code !== 0 || !Array.isArray(envelope.data)) {
    throw new Error(`candle history: not a success envelope (code ${String(envelope?.code)})`);
  }
  const rows = envelope.data as unknown[];
  for (const row of rows) {
    if (!Array.isArray(row) || row.length < 6 || !row.slice(0, 6).every((v) => Number.isFinite(v))) {
      throw new Error('candle history: malformed candle');
    }
  }
  // The server sends them oldest first; sorted anyway, as the series drops rows out of order.
  const sorted = (rows as number[][]).slice().sort((a, b) => (a[0] as number) - (b[0] as number));
  return sorted.flatMap((row) => row.slice(0, 6));
}

/**
 * Fetches and parses one market's history with the page's headers, `v` and `langCode` (spec shell §7); rejects on a
 * network error, an HTTP error or a bad body.
 */
export async function fetchHistory(
  origin: string,
  symbol: string,
  interval: CandleInterval,
  ctx: RequestContext,
  fetcher: typeof fetch = fetch,
): Promise<number[]> {
  const url = signedUrl(historyUrl(origin, symbol, interval), ctx, Date.now());
  const response = await fetcher(url, { headers: requestHeaders(ctx) });
  if (!response.ok) throw new Error(`candle history: HTTP ${response.status}`);
  return parseHistory(await response.json());
}
