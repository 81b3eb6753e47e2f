import type { FastifyInstance } from 'fastify';

/** Sent only to a request that came over TLS, as the socket or a trusted proxy (TRUST_PROXY) tells. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** HSTS and upgrade-insecure-requests, only over TLS: sent over plain HTTP on a LAN name, they break every subresource. */
export function installTlsHeaders(fastify: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer, and a promise apiece is wasted on plain HTTP.
  fastify.addHook('onSend', (request, reply, _payload, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS);
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
    }
    done();
  });
}
