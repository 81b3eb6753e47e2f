import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { MAX_EXTRA_MARKETS } from './db/seed/extra-markets.ts';
import { MAX_RATE, type SimOptions, stepMs } from './sim/options.ts';

/** Code sends one IP may ask for per hour, all destinations together (CODE_SENDS_PER_IP_HOUR's default). */
export const IP_SENDS_PER_HOUR = 30;

/** Outside production, what a loopback client may ask for: a developer runs the account flows many times an hour. */
export const LOOPBACK_SENDS_PER_HOUR = 300;

/** Server settings, read once from the environment (README: Configuration). */
export interface Config {
  port: number;
  host: string;
  /** Folder of the SQLite database; survives restarts. */
  dataDir: string;
  /** Market simulator on or off (TICKSTREAM_SIM). */
  sim: boolean;
  /** Its activity multiplier and markets (TICKSTREAM_SIM_RATE, TICKSTREAM_SIM_MARKETS). */
  simOptions: Pick<SimOptions, 'rate' | 'markets'>;
  /** How often the market-data gateway sends what it batched (depth diffs, trades, tickers, candles), ms. */
  flushMs: number;
  /** NODE_ENV=production: no demo account, no dev-only endpoints. */
  production: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built client served on `/`; null serves the API alone. */
  clientDir: string | null;
  /** Requests per minute per IP across the API. */
  rateLimit: number;
  /** Password logins per minute per IP (LOGIN_RATE_LIMIT), on top of the login throttle's waits. */
  loginRateLimit: number;
  /** Verification codes one IP may have sent per hour (CODE_SENDS_PER_IP_HOUR). */
  codeSendsPerIpHour: number;
  /** The same cap for 127.0.0.1 and ::1: {@link LOOPBACK_SENDS_PER_HOUR} outside production, the per-IP cap in it. */
  codeSendsPerLoopbackHour: number;
  /**
   * Where verification codes go (SMS_SENDER_URL, EMAIL_SENDER_URL): an http(s) endpoint that receives each message as
   * JSON. Null: the log sender, which writes to the server log and to the dev outbox (refused in production).
   */
  smsSenderUrl: string | null;
  emailSenderUrl: string | null;
  /** Deposit simulator: time per block confirmation of a simulated deposit (DEPOSIT_CONFIRM_MS). */
  depositConfirmMs: number;
  /** Withdrawals: review time of a pending withdrawal, which can be cancelled until then (WITHDRAW_REVIEW_MS). */
  withdrawReviewMs: number;
  /** Funding interval of the perpetuals, ms (TICKSTREAM_FUNDING_INTERVAL; 8 h, shorter only outside production). */
  fundingIntervalMs: number;
  /** Withdrawals: time from processing to done, when the simulated chain has taken it (WITHDRAW_PROCESS_MS). */
  withdrawProcessMs: number;
  /** Synthetic USDT markets listed beside the catalogue for scale tests; 0 in production (TICKSTREAM_EXTRA_MARKETS). */
  extraMarkets: number;
  /**
   * Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (TRUST_PROXY): false (none), a number of hops,
   * or addresses and CIDRs (`loopback`, `10.0.0.0/8`…). Decides the client's address and whether a request came over TLS.
   */
  trustProxy: false | number | string;
  /** Mirror hosts the network diagnostic probes besides the page's own (NETWORK_MIRRORS, comma-separated origins). */
  networkMirrors: string[];
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export class ConfigError extends Error {}

function parseSwitch(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const v = value.toLowerCase();
  if (['1', 'on', 'true', 'yes'].includes(v)) return true;
  if (['0', 'off', 'false', 'no'].includes(v)) return false;
  throw new ConfigError(`${name} must be on or off, got "${value}"`);
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

function parseUrl(name: string, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return url.toString();
}

/** NETWORK_MIRRORS: http(s) origins, comma-separated, at most 7 (the page's own host makes 8). */
function parseMirrors(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.length > 7) throw new ConfigError(`NETWORK_MIRRORS names at most 7 hosts, got ${list.length}`);
  return list.map((v) => new URL(parseUrl('NETWORK_MIRRORS', v) ?? '').origin);
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value === '' || value === 'off') return false;
  if (/^\d+$/.test(value)) return parseInteger('TRUST_PROXY', value, 0, 1, 10);
  const items = value.split(',').map((item) => item.trim());
  for (const item of items) {
    const [address = '', bits] = item.split('/');
    const family = isIP(address);
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.includes(item) && (family === 0 || !bitsOk)) {
      throw new ConfigError(
        `TRUST_PROXY must be off, a number of hops, or addresses and CIDRs (or ${PROXY_NAMES.join(', ')}), got "${item}"`,
      );
    }
  }
  return items.join(',');
}

const SIM_SYMBOL = /^[A-Z0-9]+\/[A-Z0-9]+$/;

/**
 * Reads TICKSTREAM_SIM_RATE (a number > 0 and ≤ 100) and TICKSTREAM_SIM_MARKETS (comma-separated symbols such as
 * `BTC/USDT,ETH/BTC`; empty for all). With `symbols`, an unknown market is an error too. Errors are ConfigErrors
 * that name the variable.
 */
export function simOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  symbols?: Iterable<string>,
): Pick<SimOptions, 'rate' | 'markets'> {
  const options: Pick<SimOptions, 'rate' | 'markets'> = {};
  const rateText = env.TICKSTREAM_SIM_RATE?.trim();
  if (rateText) {
    const rate = Number(rateText);
    if (!Number.isFinite(rate) || rate <= 0 || rate > MAX_RATE) {
      throw new ConfigError(`TICKSTREAM_SIM_RATE must be a number above 0 and at most ${MAX_RATE}, got "${rateText}"`);
    }
    options.rate = rate;
  }
  const marketsText = env.TICKSTREAM_SIM_MARKETS?.trim();
  if (marketsText) {
    const known = symbols ? new Set(symbols) : null;
    const markets: string[] = [];
    for (const part of marketsText.split(',')) {
      const symbol = part.trim().toUpperCase();
      if (!SIM_SYMBOL.test(symbol)) {
        throw new ConfigError(`TICKSTREAM_SIM_MARKETS must list symbols like BTC/USDT,ETH/BTC, got "${part.trim()}"`);
      }
      if (known && !known.has(symbol)) throw new ConfigError(`TICKSTREAM_SIM_MARKETS: unknown market ${symbol}`);
      if (!markets.includes(symbol)) markets.push(symbol);
    }
    options.markets = markets;
  }
  return options;
}

export const MAX_FLUSH_MS = 1000;

/**
 * The gateway's default flush at the simulator's `rate`: two thirds of its step (13 ms at rate 1, 2 ms at rate 10),
 * so that each step reaches the client as a diff of its own. A flush as long as the step held back a step that came
 * a little early, and merged it with the next one when the loop was busy (178 diffs a second at rate 10, 191 with
 * half the flush, in runs of bench/feed).
 */
export function defaultFlushMs(rate: number): number {
  return Math.max(1, Math.floor((stepMs(rate) * 2) / 3));
}

/** TICKSTREAM_FLUSH_MS: whole ms from 1 to 1000; by default {@link defaultFlushMs} of the simulator's rate. */
export function readFlushMs(env: NodeJS.ProcessEnv, rate = 1): number {
  return parseInteger('TICKSTREAM_FLUSH_MS', env.TICKSTREAM_FLUSH_MS?.trim(), defaultFlushMs(rate), 1, MAX_FLUSH_MS);
}

/**
 * TICKSTREAM_EXTRA_MARKETS=N lists N synthetic USDT spot markets beside the catalogue, for scale tests of the market
 * lists against a real server (thousands of rows, each with a ticker). Refused in production: they are not real coins.
 */
/** TICKSTREAM_FUNDING_INTERVAL in ms (≥ 10 s), so a person can watch a settlement; production keeps 8 hours. */
export function readFundingInterval(env: NodeJS.ProcessEnv, production: boolean): number {
  const eightHours = 8 * 60 * 60 * 1000;
  const value = env.TICKSTREAM_FUNDING_INTERVAL;
  if (value === undefined || value === '') return eightHours;
  if (production)
    throw new ConfigError('TICKSTREAM_FUNDING_INTERVAL is for development: production settles every 8 hours');
  return parseInteger('TICKSTREAM_FUNDING_INTERVAL', value, eightHours, 10_000, eightHours);
}

export function readExtraMarkets(env: NodeJS.ProcessEnv, production: boolean): number {
  const text = env.TICKSTREAM_EXTRA_MARKETS?.trim();
  if (!text) return 0;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 0 || count > MAX_EXTRA_MARKETS) {
    throw new ConfigError(
      `TICKSTREAM_EXTRA_MARKETS must be a whole number from 0 to ${MAX_EXTRA_MARKETS}, got "${text}"`,
    );
  }
  if (count > 0 && production) throw new ConfigError('TICKSTREAM_EXTRA_MARKETS is for tests, not production');
  return count;
}

/** Production mode refuses to start while codes would only reach the log (DESIGN §5). */
export function assertSendersConfigured(config: Config): void {
  if (!config.production) return;
  const missing = [
    config.smsSenderUrl ? null : 'SMS_SENDER_URL',
    config.emailSenderUrl ? null : 'EMAIL_SENDER_URL',
  ].filter((name) => name !== null);
  if (missing.length > 0) {
    throw new ConfigError(`production mode needs a code sender: set ${missing.join(' and ')}`);
  }
}

function codeSends(env: NodeJS.ProcessEnv, production: boolean) {
  const perIp = parseInteger('CODE_SENDS_PER_IP_HOUR', env.CODE_SENDS_PER_IP_HOUR, IP_SENDS_PER_HOUR, 1, 100_000);
  return { codeSendsPerIpHour: perIp, codeSendsPerLoopbackHour: production ? perIp : LOOPBACK_SENDS_PER_HOUR };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const production = env.NODE_ENV === 'production';
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const sim = parseSwitch('TICKSTREAM_SIM', env.TICKSTREAM_SIM, true);
  const simOptions = simOptionsFromEnv(env);
  return {
    port: parseInteger('PORT', env.PORT, 8080, 0, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(cwd, env.DATA_DIR || './data'),
    sim,
    simOptions,
    flushMs: readFlushMs(env, sim ? simOptions.rate : 1),
    production,
    logLevel: logLevel as Config['logLevel'],
    clientDir: env.CLIENT_DIR === 'none' ? null : resolve(cwd, env.CLIENT_DIR || './dist/client'),
    rateLimit: parseInteger('RATE_LIMIT', env.RATE_LIMIT, 1200, 1, 1_000_000),
    loginRateLimit: parseInteger('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30, 1, 1_000_000),
    ...codeSends(env, production),
    smsSenderUrl: parseUrl('SMS_SENDER_URL', env.SMS_SENDER_URL),
    emailSenderUrl: parseUrl('EMAIL_SENDER_URL', env.EMAIL_SENDER_URL),
    depositConfirmMs: parseInteger('DEPOSIT_CONFIRM_MS', env.DEPOSIT_CONFIRM_MS, 2000, 1, 3_600_000),
    withdrawReviewMs: parseInteger('WITHDRAW_REVIEW_MS', env.WITHDRAW_REVIEW_MS, 60_000, 1, 86_400_000),
    withdrawProcessMs: parseInteger('WITHDRAW_PROCESS_MS', env.WITHDRAW_PROCESS_MS, 30_000, 1, 86_400_000),
    extraMarkets: readExtraMarkets(env, production),
    fundingIntervalMs: readFundingInterval(env, production),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    networkMirrors: parseMirrors(env.NETWORK_MIRRORS),
  };
}
