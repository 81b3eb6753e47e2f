import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIXES, ApiCode } from '../../common/api.ts';
import { ApiError } from '../errors/api-error.ts';
import { sendError } from './errors.ts';

/** A path the API answers (rate-limited), as opposed to the client's pages and files. */
export const isApiPath = (path: string) => API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * Serves the built client from the same port as the API. Unknown GETs that want HTML get index.html
 * so the client router shows the page (or its not-found page); everything else gets an envelope 404.
 */
export async function clientRoutes(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const hasClient = clientDir !== null && existsSync(join(clientDir, 'index.html'));
  if (clientDir !== null && !hasClient) app.log.warn({ clientDir }, 'client not built: run `npm run build`');
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/precompress.mjs); sent by Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/; the rest must be revalidated.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (hasClient && wantsPage(request.method, request.url, request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, new ApiError(404, ApiCode.notFound, 'notFound'));
  });
}

/** A page navigation: a GET outside the API, not for a file (a missing /assets/x.js must stay a 404), accepting HTML. */
function wantsPage(method: string, url: string, accept = '*/*'): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  if (isApiPath(path) || /\.[a-z0-9]+$/i.test(path)) return false;
  return accept.includes('text/html') || accept.includes('*/*');
}
