import { ApiCode } from '../../common/api.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { ContractBodySchema } from '../../common/contracts/swap.ts';
import { SwapFavoriteListSchema } from '../../common/contracts/swap-history.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import type { SwapContext } from './context.ts';
import { MAX_SWAP_FAVORITES, type SwapRepository } from './repository.ts';

/**
 * The user's favourite contracts (spec trading §7: /swap/contract/favor/*), as spot's favourites: add and delete are
 * idempotent, an unknown contract is refused (4401) and a full list (1000, spec §9) refuses a new one.
 */
export async function favorRoutes(app: Api, { contract }: SwapContext, repository: SwapRepository): Promise<void> {
  await app.register(async (user: Api) => {
    user.addHook('preHandler', requireUser);
    user.route({
      method: ['GET', 'POST'],
      url: '/swap/contract/favor/list',
      schema: { response: reply(SwapFavoriteListSchema) },
      handler: async (request) => ok(await repository.favorites(userOf(request).id)),
    });
    user.post(
      '/swap/contract/favor/add',
      { schema: { body: ContractBodySchema, response: reply(NoDataSchema) } },
      async (request) => {
        const userId = userOf(request).id;
        const { row } = contract(request.body);
        const favorites = await repository.favorites(userId);
        if (favorites.some((f) => f.symbol === row.symbol)) return ok(null);
        if (favorites.length >= MAX_SWAP_FAVORITES) throw new ApiError(200, ApiCode.badRequest, 'badRequest');
        await repository.addFavorite(userId, row.symbol, app.clock());
        return ok(null);
      },
    );
    user.post(
      '/swap/contract/favor/delete',
      { schema: { body: ContractBodySchema, response: reply(NoDataSchema) } },
      async (request) => {
        const { row } = contract(request.body);
        await repository.deleteFavorite(userOf(request).id, row.symbol);
        return ok(null);
      },
    );
  });
}
