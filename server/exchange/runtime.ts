import type { FastifyInstance } from 'fastify';
import { toUnits } from '../../common/decimal.ts';
import type { Clock } from '../clock.ts';
import { type Config, ConfigError } from '../config.ts';
import { startCheckpoints } from '../db/checkpoint.ts';
import { sqliteOf } from '../db/database.ts';
import type { Db } from '../db/schema.ts';
import { listExtraMarkets } from '../db/seed/extra-markets.ts';
import type { MarketSource } from '../gateway/source.ts';
import { homeStore } from '../home/repository.ts';
import type { MarketData } from '../marketdata/index.ts';
import {
  cancelSimOrders,
  cancelSwapSimOrders,
  ensureSimUsers,
  ensureSwapSimUsers,
  findSimUsers,
  findSwapSimUsers,
  type Simulator,
  type SwapSimulator,
  startSimulator,
  startSwapSimulator,
} from '../sim/index.ts';
import { ensureInsuranceFund } from '../swap/fund.ts';
import { Exchange, type ExchangeOptions } from './index.ts';
import { openMarketData } from './market-data.ts';
import { Retention, scheduleRetention } from './retention.ts';
import { marketSource } from './source.ts';
import { openSwapMarketData } from './swap-market-data.ts';
import { SETTLEMENTS_KEPT, swapSource } from './swap-source.ts';

/** How often the simulator's churn is folded and pruned (retention.ts). */
const RETENTION_MS = 60_000;

/** How the journal commits (ExchangeOptions): the defaults serve; benchmarks compare against the old ways. */
export type JournalTuning = Pick<ExchangeOptions, 'maxBatch' | 'syncOnLoop'>;

/** What the app hands over to start the exchange. */
interface StartOptions {
  config: Config;
  db: Db;
  clock: Clock;
  onFatal: ((error: unknown) => void) | undefined;
  journal?: JournalTuning | undefined;
}

export interface RunningExchange {
  exchange: Exchange;
  marketData: MarketData;
  /** Tickers and candles of the perpetuals (markets named `BTC/USDT:USDT`). */
  swapData: MarketData;
  /** What the gateway and the market routes read. */
  source: MarketSource;
}

/**
 * Brings the exchange up inside the app: the simulator's users, the exchange recovered from disk, the market data
 * fed by its trades; once the server is ready, the simulator (or, when it is off, the removal of its old ladders)
 * and the retention of its churn; at close, everything on disk in order.
 */
export async function startExchange(fastify: FastifyInstance, options: StartOptions): Promise<RunningExchange> {
  const { config, db, clock } = options;
  // The bots are users too; the exchange must know them before it opens (they have no open-order limit).
  const simUsers = config.sim ? await ensureSimUsers(db, clock()) : await findSimUsers(db);
  const swapUsers = config.sim ? await ensureSwapSimUsers(db, clock()) : await findSwapSimUsers(db);
  // Spot and contract bots alike: nobody watches them, so no private events are built for them, and retention folds
  // their churn.
  const bots: ReadonlySet<number> = new Set([...(simUsers?.ids ?? []), ...(swapUsers?.ids ?? [])]);
  const isMarketMaker = (userId: number) => bots.has(userId);
  const exchange = await openExchange(fastify, options, isMarketMaker);
  const { marketData, swapData } = await openAllMarketData(fastify, exchange, options);

  let simulator: Simulator | null = null;
  let swapSimulator: SwapSimulator | null = null;
  let retention: { stop(): Promise<void> } | undefined;
  let checkpoints: { stop(): Promise<void> } | undefined;
  fastify.addHook('onReady', async () => {
    checkpoints = startCheckpoints(sqliteOf(db), {
      onError: (error) => fastify.log.error({ err: error }, 'WAL checkpoint failed'),
    });
    // The contract bots follow the index the contract prices publish (swap/routes.ts starts them at ready too).
    if (swapUsers && !config.sim) await cancelSwapSimOrders(exchange, swapUsers);
    else if (swapUsers) {
      swapSimulator = startSwapSimulator(exchange, swapUsers, { ...config.simOptions, clock, log: fastify.log });
    }
    if (!simUsers) return;
    // With the simulator off, ladders of an earlier run would rest at stale prices.
    if (!config.sim) await cancelSimOrders(exchange, simUsers);
    else simulator = startSimulator(exchange, simUsers, { ...config.simOptions, clock, log: fastify.log });
    // A step at a time between the other work of the event loop. No exchange.sync() first: the journal projects
    // within ~50 ms of each commit, and a run only touches rows a whole period old.
    retention = scheduleRetention(new Retention(sqliteOf(db), bots), {
      everyMs: RETENTION_MS,
      clock,
      onReport: (report) => {
        if (report.skipped > 0) fastify.log.error(report, 'retention: ledger ranges that do not balance were left');
        else fastify.log.debug(report, 'retention');
      },
      onError: (error) => fastify.log.error({ err: error }, 'retention failed'),
    });
  });
  // Everything accepted is on disk before the database closes: retention and the bots stop, the journal commits,
  // the candles, then the last checkpoint of the thread.
  fastify.addHook('onClose', async () => {
    await retention?.stop();
    await simulator?.stop();
    await swapSimulator?.stop();
    exchange.close();
    marketData.stop();
    swapData.stop();
    await checkpoints?.stop();
  });

  const spot = marketSource(exchange, marketData, { sessions: fastify.store.sessions, clock, isMarketMaker });
  const settled = await storedSettlements(db, [...exchange.swap.catalogue.keys()]);
  const source = swapSource(spot, exchange.swap, swapData, { isMarketMaker, settled });
  return { exchange, marketData, swapData, source };
}

/** The exchange recovered from disk, its ledger checked, its coming markets closed until they open. */
async function openExchange(
  fastify: FastifyInstance,
  options: StartOptions,
  isMarketMaker: (userId: number) => boolean,
): Promise<Exchange> {
  const { config, db, clock } = options;
  // Scale tests list thousands of synthetic markets; they must be in the catalogue before the exchange loads it.
  await listExtraMarkets(db, config.extraMarkets);
  // Liquidations pay the fund and may hand it positions: it must be a real user before the engine starts.
  const swapFundUserId = await ensureInsuranceFund(db, clock());
  const exchange = await Exchange.open(db, {
    ...options.journal,
    clock,
    isMarketMaker,
    swapFundUserId,
    onFatal: (error) => {
      fastify.log.fatal({ err: error }, 'journal commit failed');
      options.onFatal?.(error);
    },
  });
  for (const symbol of config.simOptions.markets ?? []) {
    if (!exchange.markets.has(symbol)) throw new ConfigError(`TICKSTREAM_SIM_MARKETS: unknown market ${symbol}`);
  }
  try {
    // Recovery rebuilt every balance: each coin must still add up, or an operator has to know at once.
    exchange.accounts.assertConserved();
  } catch (error) {
    fastify.log.error({ err: error }, 'ledger not conserved at start');
  }
  await loadOpenings(db, exchange);
  return exchange;
}

/** Spot and contract market data, started; with the simulator on, a fresh market is given a past first. */
async function openAllMarketData(
  fastify: FastifyInstance,
  exchange: Exchange,
  options: { config: Config; db: Db; clock: Clock },
) {
  const { config, db, clock } = options;
  const marketData = await openMarketData(db, fastify.store.markets, exchange, {
    clock,
    onError: (error) => fastify.log.error({ err: error }, 'market data'),
    seedHistory: config.sim,
  });
  marketData.start();
  const swapData = openSwapMarketData(db, exchange.swap, {
    clock,
    onError: (error) => fastify.log.error({ err: error }, 'contract market data'),
    ...(config.sim ? { seedFrom: (base: string) => spotUsd(exchange, base) } : {}),
  });
  swapData.start();
  return { marketData, swapData };
}

/** Each contract's last settlements as stored, oldest first: what a `funding` snapshot shows after a restart. */
async function storedSettlements(db: Db, symbols: readonly string[]) {
  const settled = new Map<string, { rate: bigint; time: number }[]>();
  for (const symbol of symbols) {
    const rows = await db
      .selectFrom('swap_funding_rates')
      .select(['rate', 'time'])
      .where('symbol', '=', symbol)
      .orderBy('time', 'desc')
      .limit(SETTLEMENTS_KEPT)
      .execute();
    settled.set(
      symbol,
      rows.reverse().map((r) => ({ rate: BigInt(r.rate), time: r.time })),
    );
  }
  return settled;
}

/** The listing calendar (home_new_coins): each coming market opens at its latest listing's online time. */
async function loadOpenings(db: Db, exchange: Exchange): Promise<void> {
  const listings = (await homeStore(db).newCoins()).sort((a, b) => a.id - b.id);
  for (const c of listings) exchange.openings.set(c.symbol, c.onlineTime);
}

/** A coin's price in USDT on its spot market (the last trade, else the catalogue's reference), or undefined. */
function spotUsd(exchange: Exchange, base: string): number | undefined {
  const market = exchange.markets.get(`${base}/USDT`);
  if (!market) return undefined;
  const ticks = exchange.engine.lastPrice(market.symbol) || Number(toUnits(market.referencePrice, market.priceScale));
  return ticks / 10 ** market.priceScale;
}
