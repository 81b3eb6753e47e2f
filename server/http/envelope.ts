import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TSchema } from 'typebox';
import { ApiCode, type Envelope } from '../../common/api.ts';
import { EnvelopeSchema } from '../../common/contracts/envelope.ts';

/** Success code of the `/api/*` content service (spec shell §7: getLanguageDic and getLanguage answer 200). */
export const API_SUCCESS = 200;

/**
 * A Fastify instance whose routes take their input and output types from their TypeBox schemas (the contracts of
 * common/contracts/): `request.body` is the body schema's type, and a handler must return its response schema's type.
 */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export function ok<T>(data: T): Envelope<T> {
  return { code: ApiCode.ok, message: 'success', data };
}

/** The `/api/*` envelope: code 200 (the request layer treats 0 and 200 alike, spec shell §8). */
export function apiOk<T>(data: T): Envelope<T> {
  return { code: API_SUCCESS, message: 'success', data };
}

/**
 * The response schema of a route whose success `data` is `data`: refusals leave with HTTP 200 too, so the serializer
 * (http/responses.ts) checks only successes against it.
 */
export function reply<T extends TSchema>(data: T) {
  return { 200: EnvelopeSchema(data) };
}
