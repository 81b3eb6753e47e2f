import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DisplayCurrency } from '../../common/market.ts';
import type { User } from '../db/schema.ts';

/** Country of a user: the KYC country when identity is verified, else the profile country (spec shell §1). */
export function countryOf(user: User): string | null {
  return (user.kyc_two_code ?? user.country)?.toUpperCase() ?? null;
}

/** Default display currency (spec shell §1): CNY for CN, VND for Vietnam, else USDT. */
export function defaultCurrency(country: string | null): DisplayCurrency {
  if (country === 'CN') return 'cny';
  if (country === 'VN') return 'vnd';
  return 'usdt';
}

/** The signed-in user's row, or null (a route that is open to visitors). */
export async function currentUser(app: FastifyInstance, request: FastifyRequest): Promise<User | null> {
  if (!request.user) return null;
  return (await app.store.users.findById(request.user.id)) ?? null;
}
