import { DisclaimerSchema } from '../../common/contracts/swap-history.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import type { SwapRepository } from './repository.ts';

/**
 * The contract disclaimer (spec trading §7: "Swap and option disclaimers have get and sign calls"): whether and when
 * the user accepted it. Signing again keeps the first time, so a retried request changes nothing.
 */
export async function disclaimerRoutes(app: Api, repository: SwapRepository): Promise<void> {
  await app.register(async (user: Api) => {
    user.addHook('preHandler', requireUser);
    const answer = (signedAt: number | null) => ok({ signed: signedAt !== null, signedAt });
    user.route({
      method: ['GET', 'POST'],
      url: '/swap/disclaimer',
      schema: { response: reply(DisclaimerSchema) },
      handler: async (request) => answer(await repository.disclaimerSignedAt(userOf(request).id)),
    });
    user.post('/swap/disclaimer/sign', { schema: { response: reply(DisclaimerSchema) } }, async (request) => {
      const userId = userOf(request).id;
      await repository.signDisclaimer(userId, app.clock());
      return answer(await repository.disclaimerSignedAt(userId));
    });
  });
}
