import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { installAuthHook } from './auth/session.ts';
import { LoginThrottle } from './auth/throttle.ts';
import { type Clock, systemClock } from './clock.ts';
import { type Config, ConfigError } from './config.ts';
import { type Db, sqliteOf } from './db/database.ts';
import { type MarketsRepository, marketsRepository } from './db/repositories/markets.ts';
import { type SessionsRepository, sessionsRepository } from './db/repositories/sessions.ts';
import { type UsersRepository, usersRepository } from './db/repositories/users.ts';
import { Exchange } from './exchange/index.ts';
import { openMarketData } from './exchange/market-data.ts';
import { Retention } from './exchange/retention.ts';
import { marketSource } from './exchange/source.ts';
import { registerGateway } from './gateway/index.ts';
import { clientRoutes } from './http/client.ts';
import { installErrorHandling } from './http/envelope.ts';
import { exchangeRoutes } from './http/exchange.ts';
import { marketRoutes } from './http/market.ts';
import { ucRoutes } from './http/uc.ts';
import type { MarketData } from './marketdata/index.ts';
import { cancelSimOrders, ensureSimUsers, findSimUsers, type Simulator, startSimulator } from './sim/index.ts';

/** How often the simulator's churn is folded and pruned (server/exchange/retention.ts). */
const RETENTION_MS = 60_000;

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** The journal could not commit: memory is ahead of the disk, so the process must stop (main exits). */
  onFatal?: (error: unknown) => void;
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
    loginThrottle: LoginThrottle;
    exchange: Exchange;
    marketData: MarketData;
  }
}

/** Fastify settings that the app relies on; main.ts and the tests both build the server with them. */
export function serverOptions(config: Config): FastifyServerOptions {
  return {
    logger: { level: config.logLevel },
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
  };
}

/**
 * The reference exchange as one Fastify plugin: external plugins, then repositories, then routes
 * (the order of fastify/demo). The database is opened by the caller so tests can own its lifetime.
 */
export const app = fp<AppOptions>(
  async (fastify: FastifyInstance, { config, db, clock = systemClock, onFatal }) => {
    fastify.decorate('config', config);
    fastify.decorate('clock', clock);
    fastify.decorate('loginThrottle', new LoginThrottle());
    fastify.decorate('store', {
      db,
      users: usersRepository(db),
      sessions: sessionsRepository(db),
      markets: marketsRepository(db),
    });

    // The simulator's bots are users too; the exchange must know them before it opens (no open-order limit).
    const simUsers = config.sim ? await ensureSimUsers(db, clock()) : await findSimUsers(db);
    const isMarketMaker = (userId: number) => simUsers?.ids.has(userId) ?? false;
    const exchange = await Exchange.open(db, {
      clock,
      isMarketMaker,
      onFatal: (error) => {
        fastify.log.fatal({ err: error }, 'journal commit failed');
        onFatal?.(error);
      },
    });
    fastify.decorate('exchange', exchange);
    try {
      // Recovery rebuilt every balance: each coin must still add up, or an operator has to know at once.
      exchange.accounts.assertConserved();
    } catch (error) {
      fastify.log.error({ err: error }, 'ledger not conserved at start');
    }
    const marketData = await openMarketData(db, fastify.store.markets, exchange, {
      clock,
      onError: (error) => fastify.log.error({ err: error }, 'market data'),
    });
    fastify.decorate('marketData', marketData);
    marketData.start();
    let simulator: Simulator | null = null;
    let retentionTimer: NodeJS.Timeout | undefined;
    for (const symbol of config.simOptions.markets ?? []) {
      if (!exchange.markets.has(symbol)) throw new ConfigError(`TICKSTREAM_SIM_MARKETS: unknown market ${symbol}`);
    }
    fastify.addHook('onReady', async () => {
      if (!simUsers) return;
      // With the simulator off, ladders of an earlier run would rest at stale prices.
      if (!config.sim) await cancelSimOrders(exchange, simUsers);
      else simulator = startSimulator(exchange, simUsers, { ...config.simOptions, clock, log: fastify.log });
      const retention = new Retention(sqliteOf(db), simUsers.ids);
      retentionTimer = setInterval(() => {
        try {
          exchange.sync();
          const report = retention.run(clock());
          fastify.log.debug(report, 'retention');
        } catch (error) {
          fastify.log.error({ err: error }, 'retention failed');
        }
      }, RETENTION_MS).unref();
    });
    // Everything accepted is on disk before the database closes: the bots stop, the journal commits, the candles last.
    fastify.addHook('onClose', async () => {
      clearInterval(retentionTimer);
      await simulator?.stop();
      exchange.close();
      marketData.stop();
    });

    // Expired sessions are dead already; pruning them at start keeps the table small.
    fastify.addHook('onReady', () => fastify.store.sessions.deleteExpired(clock()));
    installErrorHandling(fastify);
    await fastify.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          connectSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          workerSrc: ["'self'", 'blob:'],
          scriptSrc: ["'self'"],
        },
      },
    });
    await fastify.register(rateLimit, {
      max: config.rateLimit,
      timeWindow: '1 minute',
      // Thrown into the error handler, which answers with a translated envelope.
      errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: 'rate limited' }),
    });
    await fastify.register(formbody);
    installAuthHook(fastify);

    fastify.get('/health', async () => ({ code: 0, message: 'success', data: { status: 'ok' } }));
    await fastify.register(ucRoutes);
    const books = marketSource(exchange, marketData, {
      sessions: fastify.store.sessions,
      clock,
      isMarketMaker,
    });
    await fastify.register(marketRoutes, { data: marketData, books });
    await registerGateway(fastify, books, { clock });
    await fastify.register(exchangeRoutes, { exchange });
    await clientRoutes(fastify, config.clientDir);
  },
  { name: 'tickstream', fastify: '5.x' },
);
