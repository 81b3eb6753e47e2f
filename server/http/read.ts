import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Envelope } from '../../common/api.ts';
import { requireUser } from '../auth/session.ts';
import { type Api, reply } from './envelope.ts';

/** preValidation for form posts whose fields are all optional: a post with no body at all reads as an empty form. */
export async function emptyBodyAsForm(request: { body: unknown }): Promise<void> {
  request.body ??= {};
}

/** A read's contract: its input (query string or form body) and the `data` of its answer. */
export interface ReadContract<I extends TSchema, O extends TSchema> {
  input: I;
  data: O;
}

export interface ReadOptions {
  /** Refuse a request without a session before reading its input (401, code 4000); default true. */
  session?: boolean;
  /** A POST without a body reads as an empty form (else it fails validation as a missing body); default true. */
  emptyForm?: boolean;
}

/** A read answered for GET (query string) and form POST (body) alike with one schema, as the spec's clients call both. */
export function read<I extends TSchema, O extends TSchema>(
  app: Api,
  url: string,
  contract: ReadContract<I, O>,
  handler: (request: FastifyRequest, input: Static<I>) => Promise<Envelope<Static<O>>>,
  { session = true, emptyForm = true }: ReadOptions = {},
): void {
  // Registered untyped: read's own signature types the input and the answer.
  const plain = app as FastifyInstance;
  const onRequest = session ? [requireUser] : [];
  const preValidation = emptyForm ? [emptyBodyAsForm] : [];
  const response = reply(contract.data);
  plain.get(url, { onRequest, schema: { querystring: contract.input, response } }, (request) =>
    handler(request, request.query as Static<I>),
  );
  plain.post(url, { onRequest, preValidation, schema: { body: contract.input, response } }, (request) =>
    handler(request, (request.body ?? {}) as Static<I>),
  );
}
