import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { HealthSchema } from '../common/contracts/shell.ts';
import { createDelivery } from './account/delivery.ts';
import { type AccountKit, createAccountKit } from './account/kit.ts';
import { accountRoutes } from './account/routes.ts';
import { assetRoutes } from './assets/routes.ts';
import { installAuthHook } from './auth/session.ts';
import { type SessionsRepository, sessionsRepository } from './auth/sessions-repository.ts';
import { LoginGuard } from './auth/throttle.ts';
import { type UsersRepository, usersRepository } from './auth/users-repository.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { contentPageRoutes } from './content/routes.ts';
import type { Db } from './db/schema.ts';
import { type MarketsRepository, marketsRepository } from './exchange/catalogue.ts';
import type { Exchange } from './exchange/index.ts';
import { type JournalTuning, startExchange } from './exchange/runtime.ts';
import { registerGateway } from './gateway/index.ts';
import { homeRoutes } from './home/routes.ts';
import { clientRoutes, isApiPath } from './http/client.ts';
import { ok, reply } from './http/envelope.ts';
import { installErrorHandling } from './http/errors.ts';
import { installFiniteGuard } from './http/finite-guard.ts';
import { installResponses } from './http/responses.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installTlsHeaders } from './http/tls.ts';
import { marketRoutes } from './market/routes.ts';
import type { MarketData } from './marketdata/index.ts';
import { shellRoutes } from './shell/routes.ts';
import { spotRoutes } from './spot/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { swapRoutes } from './swap/routes.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** The journal could not commit: memory is ahead of the disk, so the process must stop (main exits). */
  onFatal?: (error: unknown) => void;
  /** Hold every success against its contract's response schema (the tests); a breach answers 500. */
  checkResponses?: boolean;
  /** How the journal commits; the defaults serve (bench/orders compares with the old ways). */
  journal?: JournalTuning;
}

export interface Store {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  markets: MarketsRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    store: Store;
    loginGuard: LoginGuard;
    exchange: Exchange;
    marketData: MarketData;
    /** Tickers and candles of the perpetuals, by market name (`BTC/USDT:USDT`). */
    swapData: MarketData;
    account: AccountKit;
  }
}

/** TRUST_PROXY for Fastify: a hop count becomes a trust function (the nearest `hops` proxies are believed). */
function trustProxyOf(trust: Config['trustProxy']): string | boolean | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Fastify settings that the app relies on; main.ts and the tests both build the server with them. */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: { level: config.logLevel },
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    bodyLimit: 1024 * 1024,
    // Start-up recovers the journal and may seed a fresh market history: on a busy small machine that outlasts 10 s.
    pluginTimeout: 120_000,
    trustProxy: trustProxyOf(config.trustProxy),
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
  };
}

/**
 * The reference exchange as one Fastify plugin: external plugins, then repositories, then routes
 * (the order of fastify/demo). The database is opened by the caller so tests can own its lifetime.
 */
export const app = fp<AppOptions>(
  async (fastify: FastifyInstance, { config, db, clock = systemClock, onFatal, checkResponses = false, journal }) => {
    fastify.decorate('config', config);
    fastify.decorate('clock', clock);
    fastify.decorate('loginGuard', new LoginGuard());
    fastify.decorate('store', {
      db,
      users: usersRepository(db),
      sessions: sessionsRepository(db),
      markets: marketsRepository(db),
    });
    fastify.decorate(
      'account',
      createAccountKit(
        db,
        createDelivery(config, fastify.log, clock),
        config.codeSendsPerIpHour,
        config.codeSendsPerLoopbackHour,
      ),
    );

    const { exchange, marketData, swapData, source } = await startExchange(fastify, {
      config,
      db,
      clock,
      onFatal,
      journal,
    });
    fastify.decorate('exchange', exchange);
    fastify.decorate('marketData', marketData);
    fastify.decorate('swapData', swapData);

    // Expired sessions are dead already; pruning them at start keeps the table small.
    fastify.addHook('onReady', () => fastify.store.sessions.deleteExpired(clock()));
    installErrorHandling(fastify);
    installResponses(fastify, { check: checkResponses });
    installFiniteGuard(fastify);
    await installSecurityHeaders(fastify, {
      // Both only over TLS (installTlsHeaders): sent over plain HTTP on a LAN name, they break every subresource.
      hsts: false,
      // With helmet's same-origin opener policy, this makes the page cross-origin isolated where it is a secure
      // context (localhost, HTTPS), so it may share memory with its own workers (issue 22 item 5). Everything the
      // client loads is its own origin's, which require-corp lets through.
      crossOriginEmbedderPolicy: { policy: 'require-corp' },
      contentSecurityPolicy: {
        directives: {
          upgradeInsecureRequests: null,
          defaultSrc: ["'self'"],
          connectSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          workerSrc: ["'self'", 'blob:'],
          scriptSrc: ["'self'"],
        },
      },
    });
    installTlsHeaders(fastify);
    await fastify.register(rateLimit, {
      max: config.rateLimit,
      timeWindow: '1 minute',
      // The budget is for the API: the client's pages and files (a page load fetches dozens of chunks) don't spend it.
      allowList: (request) => !isApiPath(request.url.split('?')[0] ?? ''),
      // Thrown into the error handler, which answers with a translated envelope.
      errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: 'rate limited' }),
    });
    await fastify.register(formbody);
    installAuthHook(fastify);

    // `sockets`: market-data connections open now (every tab of a browser shares one through its SharedWorker).
    fastify.get('/health', { schema: { response: reply(HealthSchema) } }, async () =>
      ok({ status: 'ok' as const, sockets: fastify.websocketServer?.clients.size ?? 0 }),
    );
    await fastify.register(accountRoutes);
    const isOpen = (symbol: string, now: number) => fastify.exchange.openings.isOpen(symbol, now);
    await fastify.register(marketRoutes, { data: marketData, books: source, isOpen });
    // Ending a session (password change or reset, logout, revoke) closes the market-data sockets it authenticated.
    await registerGateway(fastify, source, {
      clock,
      sessions: fastify.account.sockets,
      flushMs: config.flushMs,
    });
    await fastify.register(spotRoutes, { exchange });
    await fastify.register(swapRoutes, { exchange });
    await fastify.register(shellRoutes);
    await fastify.register(contentPageRoutes);
    await fastify.register(homeRoutes);
    await fastify.register(supportRoutes);
    await fastify.register(assetRoutes);
    await clientRoutes(fastify, config.clientDir);
  },
  { name: 'tickstream', fastify: '5.x' },
);
