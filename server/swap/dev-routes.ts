import { Type } from 'typebox';
import { ContractThumbSchema } from '../../common/contracts/swap.ts';
import { ApiError } from '../errors/api-error.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import type { SwapContext } from './context.ts';
import { ticksOf } from './order-routes.ts';
import type { SwapPrices } from './prices-runtime.ts';
import { contractThumb, thumbFigures } from './views.ts';

/** A pin with no `holdMs` lasts this long (a forgotten pin ends by itself): one hour. */
const DEFAULT_HOLD_MS = 60 * 60 * 1000;

const DevIndexBodySchema = Type.Object({
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  /** The index to hold, in the contract's price decimals; needed unless `release`. */
  price: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  holdMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 * 60 * 60 * 1000 })),
  release: Type.Optional(Type.Boolean()),
});

/**
 * Dev only: `POST /swap/dev/index` pins a contract's index (instead of the spot mid) so a person or a test can force a
 * price move; the mark, the liquidation sweep and the plans run at once. `release: true` goes back to the spot mid.
 * Not registered in production, so there it is a 404.
 */
export async function devRoutes(app: Api, context: SwapContext, prices: () => SwapPrices | undefined): Promise<void> {
  if (app.config.production) return;
  app.post(
    '/swap/dev/index',
    { schema: { body: DevIndexBodySchema, response: reply(ContractThumbSchema) } },
    async (request) => {
      const { symbol, price, holdMs, release } = request.body;
      const { row, market } = context.contract({ symbol });
      const running = prices();
      // Before the server is ready there is no price runtime to pin.
      if (!running) throw ApiError.invalidParam('symbol');
      if (release) await running.release(row.symbol);
      else {
        if (price === undefined) throw ApiError.invalidParam('price');
        const ticks = ticksOf(row, price);
        await running.pin(row.symbol, ticks, app.clock() + (holdMs ?? DEFAULT_HOLD_MS));
      }
      const figures = thumbFigures(context.swap.engine.holdings, app.swapData, row.symbol);
      return ok(contractThumb(row, market, running.funding(row.symbol), figures));
    },
  );
}
