import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode, type Envelope } from '../../common/api.ts';
import { ApiError } from '../errors/api-error.ts';
import { Refusal } from '../errors/refusal.ts';
import { requestLang } from './request-lang.ts';

export function sendError(request: FastifyRequest, reply: FastifyReply, error: Refusal) {
  const body: Envelope<null> = { code: error.code, message: error.text(requestLang(request)), data: null };
  return reply.status(error.statusCode).send(body);
}

/** The field an Ajv error is about, as the client named it. */
function fieldOf(error: FastifyError): string {
  const first = error.validation?.[0];
  const missing = first?.params && 'missingProperty' in first.params ? String(first.params.missingProperty) : '';
  const path = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
  return [path, missing].filter(Boolean).join('.') || error.validationContext || 'body';
}

/** Every error leaves as an envelope; internals are logged, never sent (DESIGN §5). */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Refusal, request, reply) => {
    if (error instanceof Refusal) return sendError(request, reply, error);
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
