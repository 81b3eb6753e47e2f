import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DisplayCurrency } from '../../common/market.ts';
import type { User } from '../db/schema.ts';

/** Success code of the `/api/*` content service (spec shell §7: getLanguageDic and getLanguage answer 200). */
export const API_SUCCESS = 200;

/** The `/api/*` envelope: code 200 (the request layer treats 0 and 200 alike, spec shell §8). */
export function apiOk<T>(data: T) {
  return { code: API_SUCCESS, message: 'success', data };
}

/** Default page size of lists (spec shell §9). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const PageNo = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 }));
const PageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE }));

/**
 * Paging fields: the header asks notices with page/size and messages with page/limit (spec shell §7 "Header calls");
 * pageNo/pageSize, as the other lists use, are read too.
 */
export const PagingFields = { page: PageNo, pageNo: PageNo, size: PageSize, limit: PageSize, pageSize: PageSize };

export interface PagingInput {
  page?: number | undefined;
  pageNo?: number | undefined;
  size?: number | undefined;
  limit?: number | undefined;
  pageSize?: number | undefined;
}

export function paging(input: PagingInput): { pageNo: number; pageSize: number; offset: number } {
  const pageNo = input.pageNo ?? input.page ?? 1;
  const pageSize = input.pageSize ?? input.size ?? input.limit ?? DEFAULT_PAGE_SIZE;
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

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

/** preValidation for form posts whose fields are all optional: a post with no body at all reads as an empty form. */
export async function emptyBodyAsForm(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}
