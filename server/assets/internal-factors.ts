import type { FastifyInstance } from 'fastify';
import { type FactorInput, requireFactors } from '../account/factors.ts';
import type { UserSecurity } from '../account/repository.ts';
import type { User } from '../db/schema.ts';

/** Purpose of an internal-transfer code: bound to the sender as well as to the address. */
export const internalPurpose = (userId: number) => `INTERNAL#${userId}`;

/**
 * The codes an internal transfer needs (server/account/factors.ts) for the INTERNAL purpose; `spend: false` is the
 * transfer check, which looks at the codes given and spends none.
 */
export function checkFactors(
  app: FastifyInstance,
  user: User,
  security: UserSecurity,
  input: FactorInput,
  spend: boolean,
): Promise<void> {
  return requireFactors(app, user, internalPurpose(user.id), input, { security, spend });
}
