import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import type { QuickExchangePrice, QuickExchangeView } from '../../common/contracts/assets.ts';
import type { Page } from '../../common/contracts/envelope.ts';
import { div, fromUnits, mul, sub, toUnits, truncate } from '../../common/decimal.ts';
import { sqliteOf } from '../db/database.ts';
import { logoOf } from '../exchange/catalogue.ts';
import { type MovesDb, movesDb } from './moves-tables.ts';
import {
  type CoinInfo,
  coinCatalogue,
  coinOf,
  ledgerRefusal,
  parseAmount,
  RecordIds,
  refuse,
} from './transfer-common.ts';

/** Ledger kind of both legs, through the system account that takes coin A and gives coin B. */
export const QUICK_EXCHANGE_KIND = 'quick_exchange';
export const QUICK_EXCHANGE_ACCOUNT = 'quick-exchange';
/** A quote holds this long (the panel refreshes before it runs out). */
export const QUOTE_TTL_MS = 10_000;
/** The exchange's margin on the market price, taken from the rate the user gets. */
export const QUICK_EXCHANGE_SPREAD = '0.002';
/** Decimals of rates: enough for the smallest coins against BTC (PEPE/BTC is ~1e-10). */
export const RATE_DECIMALS = 18;
/** The coin every conversion can go through when two coins have no market of their own. */
const HUB = 'USDT';
/** A used quote is remembered this long after it runs out, so that a double submit gets the first answer. */
const USED_KEEP_MS = 60_000;

interface Quote {
  id: string;
  userId: number;
  from: CoinInfo;
  to: CoinInfo;
  amount: bigint;
  receive: bigint;
  rate: string;
  expiresAt: number;
  /** Set when `add` takes the quote: a repeat of the same quote waits for the same answer. */
  result: Promise<QuickExchangeView> | null;
}

const INSERT_CONVERSION =
  'insert into quick_exchanges (id, user_id, from_coin, to_coin, amount, receive, rate, quote_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)';

/** Prices from the live markets (the last trade, else the catalogue's reference price). */
function marketPrices(app: FastifyInstance) {
  /** The last price of a market as a decimal string, or null when there is no such market. */
  const last = (symbol: string): string | null => {
    const m = app.exchange.markets.get(symbol);
    if (!m) return null;
    const ticks = app.marketData.has(symbol) ? app.marketData.stats(symbol).price : 0;
    return ticks > 0 ? fromUnits(BigInt(ticks), m.priceScale) : m.referencePrice;
  };
  const hubPrice = (coin: string): string | null => (coin === HUB ? '1' : last(`${coin}/${HUB}`));
  /** Price of one `from` in `to`: the pair's own market, its inverse, or the two coins' USDT prices. */
  const midPrice = (from: string, to: string): string | null => {
    const direct = last(`${from}/${to}`);
    if (direct) return direct;
    const inverse = last(`${to}/${from}`);
    if (inverse) return div('1', inverse, RATE_DECIMALS);
    const a = hubPrice(from);
    const b = hubPrice(to);
    return a && b ? div(a, b, RATE_DECIMALS) : null;
  };
  return { hubPrice, midPrice };
}

/** What `units` of `from` bring in `to` at `rate`, cut to the units of `to`. */
function receiveOf(units: bigint, from: CoinInfo, to: CoinInfo, rate: string): bigint {
  return toUnits(truncate(mul(fromUnits(units, from.decimals), rate), to.decimals), to.decimals);
}

type ConversionRow = {
  id: number;
  from_coin: string;
  to_coin: string;
  amount: number;
  receive: number;
  rate: string;
  created_at: number;
};

/** A stored conversion as the API shows it: amounts in their coins' decimals. */
function view(r: ConversionRow, coins: ReadonlyMap<string, CoinInfo>): QuickExchangeView {
  return {
    id: r.id,
    from: r.from_coin,
    to: r.to_coin,
    amount: fromUnits(BigInt(r.amount), coins.get(r.from_coin)?.decimals ?? 0),
    receive: fromUnits(BigInt(r.receive), coins.get(r.to_coin)?.decimals ?? 0),
    rate: r.rate,
    createTime: r.created_at,
  };
}

/** A page of the user's conversions, newest first. */
async function conversionPage(
  db: MovesDb,
  catalogue: ReturnType<typeof coinCatalogue>,
  userId: number,
  query: { pageNo: number; pageSize: number },
): Promise<Page<QuickExchangeView>> {
  const base = db.selectFrom('quick_exchanges').where('user_id', '=', userId);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  const coins = await catalogue();
  return {
    records: rows.map((r) => view(r, coins)),
    total: Number(count.n),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Forgets quotes long run out, once there are many (a used one is kept a while to answer its repeats). */
function sweepQuotes(quotes: Map<string, Quote>, now: number): void {
  if (quotes.size < 1000) return;
  for (const [id, q] of quotes) if (q.expiresAt + USED_KEEP_MS <= now) quotes.delete(id);
}

/** A quote still holds for `input`: not run out, the same coins and amount, the money in the spot wallet (no await). */
function checkQuote(
  app: FastifyInstance,
  quote: Quote,
  userId: number,
  input: { from: string; to: string; amount: string },
): void {
  if (quote.expiresAt <= app.clock()) throw refuse('movesQuoteExpired');
  if (input.from.trim().toUpperCase() !== quote.from.unit || input.to.trim().toUpperCase() !== quote.to.unit) {
    throw refuse('movesQuoteChanged');
  }
  if (parseAmount(input.amount, quote.from) !== quote.amount) throw refuse('movesQuoteChanged');
  const available = BigInt(app.exchange.accounts.pocketAmount({ userId, wallet: 'spot' }, quote.from.unit));
  if (quote.amount > available) {
    throw refuse(
      'movesInsufficientIn',
      { coin: quote.from.unit, available: fromUnits(available, quote.from.decimals) },
      ApiCode.insufficientBalance,
    );
  }
}

/** Coins that can be converted (USDT and every coin with a USDT market), with the user's spot available. */
async function convertibleCoins(
  app: FastifyInstance,
  catalogue: ReturnType<typeof coinCatalogue>,
  hubPrice: (coin: string) => string | null,
  userId: number | null,
) {
  const held = userId === null ? null : app.exchange.accounts.walletBalancesOf(userId, 'spot');
  const out: { coin: string; name: string; logoUrl: string; decimals: number; available: string }[] = [];
  for (const c of (await catalogue()).values()) {
    if (!hubPrice(c.unit)) continue;
    out.push({
      coin: c.unit,
      name: c.name,
      logoUrl: logoOf(c.unit),
      decimals: c.decimals,
      available: fromUnits(BigInt(held?.get(c.unit)?.available ?? 0), c.decimals),
    });
  }
  return out;
}

/**
 * Quick exchange (spec shell §7 "quick exchange /uc/quick-exchange/add and price"): converts coin A of the spot wallet
 * into coin B at a rate from live market prices (direct market, its inverse, or through USDT) less a small spread.
 * `price` quotes for ten seconds; `add` converts exactly the quoted amount as one ledger txn `convert:{id}`.
 */
export function quickExchange(app: FastifyInstance) {
  const db: MovesDb = movesDb(app.store.db);
  const sqlite = sqliteOf(app.store.db);
  const catalogue = coinCatalogue(app);
  const ids = new RecordIds(sqlite, 'quick_exchanges');
  const quotes = new Map<string, Quote>();
  const insert = sqlite.prepare(INSERT_CONVERSION);

  const { hubPrice, midPrice } = marketPrices(app);

  const convert = async (quote: Quote): Promise<QuickExchangeView> => {
    const { userId, from, to } = quote;
    const id = ids.next();
    const now = app.clock();
    const pool = { system: QUICK_EXCHANGE_ACCOUNT };
    const spot = { userId, wallet: 'spot' as const };
    const amount = Number(quote.amount);
    const receive = Number(quote.receive);
    try {
      await app.exchange.transact(
        `convert:${id}`,
        [
          { from: spot, to: pool, coin: from.unit, amount, kind: QUICK_EXCHANGE_KIND },
          { from: pool, to: spot, coin: to.unit, amount: receive, kind: QUICK_EXCHANGE_KIND },
        ],
        () => insert.run(id, userId, from.unit, to.unit, amount, receive, quote.rate, quote.id, now),
      );
    } catch (error) {
      throw ledgerRefusal(error, from.unit);
    }
    return view(
      { id, from_coin: from.unit, to_coin: to.unit, amount, receive, rate: quote.rate, created_at: now },
      await catalogue(),
    );
  };

  return {
    /** Coins that can be converted (USDT and every coin with a USDT market), with the user's spot available. */
    coins: (userId: number | null) => convertibleCoins(app, catalogue, hubPrice, userId),

    async price(
      userId: number | null,
      input: { from: string; to: string; amount?: string | undefined },
    ): Promise<QuickExchangePrice> {
      const from = await coinOf(catalogue, input.from);
      const to = await coinOf(catalogue, input.to);
      if (from.unit === to.unit) throw refuse('movesSameCoin');
      const mid = midPrice(from.unit, to.unit);
      if (!mid) throw refuse('movesNoRoute', { from: from.unit, to: to.unit });
      // Shortest exact form ('95000.00' of the catalogue reads '95000').
      const price = truncate(mid, RATE_DECIMALS);
      const rate = truncate(mul(price, sub('1', QUICK_EXCHANGE_SPREAD)), RATE_DECIMALS);
      const base = { from: from.unit, to: to.unit, price, rate, spread: QUICK_EXCHANGE_SPREAD, validMs: QUOTE_TTL_MS };
      if (!input.amount?.trim()) return { ...base, amount: null, receive: null, quoteId: null, expiresAt: null };
      const units = parseAmount(input.amount, from);
      const receive = receiveOf(units, from, to, rate);
      if (receive <= 0n) throw refuse('movesConvertTooSmall', { coin: to.unit }, ApiCode.badAmount);
      const amount = fromUnits(units, from.decimals);
      const received = fromUnits(receive, to.decimals);
      if (userId === null) return { ...base, amount, receive: received, quoteId: null, expiresAt: null };
      const now = app.clock();
      sweepQuotes(quotes, now);
      const id = randomBytes(16).toString('base64url');
      const expiresAt = now + QUOTE_TTL_MS;
      quotes.set(id, { id, userId, from, to, amount: units, receive, rate, expiresAt, result: null });
      return { ...base, amount, receive: received, quoteId: id, expiresAt };
    },

    /**
     * Converts at a quote: the same user, coins and amount, before it runs out, with the money in the spot wallet.
     * A second submit of a quote answers the first conversion.
     */
    async add(
      userId: number,
      input: { from: string; to: string; amount: string; quoteId: string },
    ): Promise<QuickExchangeView> {
      // No await before `result` is set: two submits of one quote cannot both pass the checks.
      const quote = quotes.get(input.quoteId.trim());
      if (!quote || quote.userId !== userId) throw refuse('movesQuoteExpired');
      if (quote.result) return quote.result;
      checkQuote(app, quote, userId, input);
      const result = convert(quote);
      quote.result = result;
      // A refused conversion frees the quote for another try while it lasts.
      result.catch(() => {
        quote.result = null;
      });
      return result;
    },

    /** The user's conversions, newest first (spec shell §9: page size 10). */
    list: (userId: number, query: { pageNo: number; pageSize: number }) => conversionPage(db, catalogue, userId, query),
  };
}
export type QuickExchange = ReturnType<typeof quickExchange>;
