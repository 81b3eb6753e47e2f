import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { DiagnosticReportSchema, NETWORK_PATHS, NetworkHostsSchema } from '../../common/contracts/network.ts';
import { ok, reply } from '../http/envelope.ts';

/**
 * The network diagnostic (spec shell §9): the mirror hosts a client probes (NETWORK_MIRRORS), and the logging end of
 * its reports — each is written to the server log with the caller's address, for whoever runs the exchange.
 */
export const networkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mirrors = app.config.networkMirrors;
  app.get(NETWORK_PATHS.hosts, { schema: { response: reply(NetworkHostsSchema) } }, async () => ok({ hosts: mirrors }));
  app.post(
    NETWORK_PATHS.diagnostic,
    { schema: { body: DiagnosticReportSchema, response: reply(NoDataSchema) } },
    async (request) => {
      const failed = request.body.results.filter((r) => !r.ok).length;
      request.log.warn({ diagnostic: request.body, ip: request.ip, failed }, 'network diagnostic report');
      return ok(null);
    },
  );
};
