import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema, Type } from 'typebox';
import { requireUser } from '../auth/session.ts';

/** preValidation for form posts whose fields are all optional: a post with no body at all reads as an empty form. */
export async function emptyBodyAsForm(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/**
 * A read of the assets calls, answered for GET (query string) and form POST (body) alike with one schema, as the
 * spec's clients call both. Signed-in only unless `open`.
 */
export function read<S extends TSchema>(
  app: FastifyInstance,
  url: string,
  schema: S,
  handler: (request: FastifyRequest, input: Type.Static<S>) => Promise<unknown>,
  open = false,
): void {
  const onRequest = open ? [] : [requireUser];
  app.get(url, { onRequest, schema: { querystring: schema } }, (request) =>
    handler(request, request.query as Type.Static<S>),
  );
  app.post(url, { onRequest, preValidation: emptyBodyAsForm, schema: { body: schema } }, (request) =>
    handler(request, (request.body ?? {}) as Type.Static<S>),
  );
}
