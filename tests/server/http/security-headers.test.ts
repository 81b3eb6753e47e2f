import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installSecurityHeaders } from '../../../server/http/security-headers.ts';

const OPTIONS: FastifyHelmetOptions = {
  hsts: false,
  contentSecurityPolicy: {
    directives: { upgradeInsecureRequests: null, defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] },
  },
};

const servers: FastifyInstance[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A server with a JSON route, an error route and the default 404, its security headers set by `install`. */
async function serverWith(install: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify();
  servers.push(app);
  await install(app);
  app.get('/json', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

async function headersOf(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  const { date: _date, ...rest } = res.headers;
  return { status: res.statusCode, headers: rest };
}

describe('security headers', () => {
  it('sends exactly what @fastify/helmet sends for the same options, on answers, errors and not-found', async () => {
    const helmet = await serverWith(async (app) => {
      await app.register(fastifyHelmet, OPTIONS);
    });
    const ours = await serverWith((app) => installSecurityHeaders(app, OPTIONS));
    for (const url of ['/json', '/boom', '/missing']) {
      expect(await headersOf(ours, url), url).toEqual(await headersOf(helmet, url));
    }
    const { headers } = await headersOf(ours, '/json');
    expect(headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('leaves a route free to set one of them itself', async () => {
    const app = Fastify();
    servers.push(app);
    await installSecurityHeaders(app, OPTIONS);
    app.get('/framed', async (_request, reply) => reply.header('x-frame-options', 'DENY').send('ok'));
    const res = await app.inject({ method: 'GET', url: '/framed' });
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
