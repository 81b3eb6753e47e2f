import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers of an answer that belong to its transport and body, not to helmet. */
const TRANSPORT = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Helmet's security headers for `options`, set on every answer. They depend on the options alone, so they are taken
 * once from helmet's own answer on a private instance: registered on the app, @fastify/helmet builds helmet from its
 * options again for every request (parsing the CSP directives each time), 6 % of an order request's CPU on this
 * machine (issue 22 item 6).
 */
export async function installSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!TRANSPORT.has(name) && typeof value === 'string') headers.push([name, value]);
  }
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}
