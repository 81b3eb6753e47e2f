import { CandleHistorySchema } from '../../common/contracts/spot-market.ts';
import {
  SwapContractQuerySchema,
  SwapHistoryQuerySchema,
  type SwapPlate,
  SwapPlateSchema,
} from '../../common/contracts/swap-market.ts';
import { swapMarket } from '../../common/market.ts';
import { type Api, ok } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import { MINI_PLATE_LEVELS } from '../market/routes.ts';
import { plateSide } from '../market/views.ts';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from '../marketdata/index.ts';
import type { SwapContext } from './context.ts';

/** Levels per side of the plain `exchange-plate`: deeper than mini, bounded unlike full. */
export const PLATE_LEVELS = 100;

const open = { session: false, emptyForm: false };

/**
 * A perpetual's candles and book over REST, in the shapes of the spot routes `/market/history` and
 * `/market/exchange-plate-*` (volumes in contracts). GET (query) and POST (form) alike; anyone may read them.
 */
export async function swapMarketRoutes(app: Api, { contract }: SwapContext): Promise<void> {
  read(
    app,
    '/swap/history',
    { input: SwapHistoryQuerySchema, data: CandleHistorySchema },
    async (_request, q) => {
      const { row } = contract(q);
      const limit = Math.min(q.limit ?? HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT);
      return ok(app.swapData.history(swapMarket(row.symbol), q.resolution, { from: q.from, to: q.to, limit }));
    },
    open,
  );

  const plate = (names: { symbol?: string | undefined; contractCoinId?: string | undefined }, levels: number) => {
    const { row, market } = contract(names);
    const max = Number.isFinite(levels) ? levels : undefined;
    const grid = { symbol: row.symbol, priceScale: row.priceScale, amountScale: 0 };
    const result: SwapPlate = {
      symbol: row.symbol,
      bid: plateSide(grid, 'BUY', market.book.bids.flat([], max), levels),
      ask: plateSide(grid, 'SELL', market.book.asks.flat([], max), levels),
    };
    return ok(result);
  };
  const plateContract = { input: SwapContractQuerySchema, data: SwapPlateSchema };
  const plates: [string, number][] = [
    ['/swap/exchange-plate', PLATE_LEVELS],
    ['/swap/exchange-plate-mini', MINI_PLATE_LEVELS],
    ['/swap/exchange-plate-full', Number.POSITIVE_INFINITY],
  ];
  for (const [url, levels] of plates) {
    read(app, url, plateContract, async (_request, names) => plate(names, levels), open);
  }
}
