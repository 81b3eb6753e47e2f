import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode, type Envelope } from '../../common/api.ts';
import { DEFAULT_LANG, type Lang, parseLang } from '../../common/i18n.ts';
import { type MessageKey, translate } from '../errors/messages.ts';

/** An expected failure: HTTP status, envelope code and a translated message key. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }

  static notLoggedIn = () => new ApiError(401, ApiCode.notLoggedIn, 'notLoggedIn');
  static invalidParam = (field: string) => new ApiError(400, ApiCode.badRequest, 'invalidParam', { field });
}

export function ok<T>(data: T): Envelope<T> {
  return { code: ApiCode.ok, message: 'success', data };
}

/** The request's language: `lang` header, `langCode` query, then Accept-Language; zh_CN by default. */
export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers.lang;
  const query = (request.query as Record<string, unknown> | undefined)?.langCode;
  const accept = request.headers['accept-language']?.split(',')[0]?.split(';')[0];
  return (
    parseLang(typeof header === 'string' ? header : undefined) ??
    parseLang(typeof query === 'string' ? query : undefined) ??
    parseLang(accept) ??
    DEFAULT_LANG
  );
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  const body: Envelope<null> = {
    code: error.code,
    message: translate(error.key, requestLang(request), error.params),
    data: null,
  };
  return reply.status(error.statusCode).send(body);
}

/** The field an Ajv error is about, as the client named it. */
function fieldOf(error: FastifyError): string {
  const first = error.validation?.[0];
  const missing = first?.params && 'missingProperty' in first.params ? String(first.params.missingProperty) : '';
  const path = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
  return [path, missing].filter(Boolean).join('.') || error.validationContext || 'body';
}

/** The path of the first number in a parsed input that is not finite ("1e309" and "Infinity" coerce to one). */
function nonFinite(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || 'body';
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFinite(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses a request whose validated input holds Infinity or NaN. Ajv coerces "1e309" to Infinity and then skips the
 * range checks of a non-finite number, so a schema's maximum would let it through to SQLite (datatype mismatch, 500).
 */
export function installFiniteGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const field = nonFinite(request.query, '') ?? nonFinite(request.params, '') ?? nonFinite(request.body, '');
    if (field !== null) throw ApiError.invalidParam(field);
  });
}

/** Every error leaves as an envelope; internals are logged, never sent (DESIGN §5). */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendError(request, reply, error);
    if (error.validation) return sendError(request, reply, ApiError.invalidParam(fieldOf(error)));
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(request, reply, new ApiError(429, ApiCode.tooManyRequests, 'tooManyRequests'));
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request');
      return sendError(request, reply, new ApiError(status, ApiCode.badRequest, 'badRequest'));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, new ApiError(500, ApiCode.internal, 'internal'));
  });
}
