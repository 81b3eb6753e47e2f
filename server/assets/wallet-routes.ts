import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import {
  BillPageSchema,
  BillQuerySchema,
  BillTypeListSchema,
  EmptyQuerySchema,
  SpotBillKindListSchema,
  type WalletCoin,
  WalletCoinParamsSchema,
  WalletCoinSchema,
  WalletListSchema,
  WalletQuerySchema,
  type WalletView,
} from '../../common/contracts/assets.ts';
import { add } from '../../common/decimal.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { translate } from '../errors/messages.ts';
import { logoOf } from '../exchange/catalogue.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { type BillLine, billPage } from './bill-list.ts';
import { BILL_TYPES, billTypeDef, SPOT_BILL_KINDS } from './bills.ts';
import { sumOf } from './valuation.ts';
import { loadValuation, visibleWallets, walletView } from './wallet-view.ts';

/** A coin of the catalogue by its unit (any case), or the unknown-coin refusal. */
async function knownCoin(app: Api, text: string) {
  const unit = text.toUpperCase();
  const coin = (await app.store.markets.coins()).find((c) => c.unit === unit);
  if (!coin) throw new ApiError(200, ApiCode.badRequest, 'unknownCoin', { unit: text });
  return coin;
}

/**
 * The wallet reads of spec shell §7 "Assets": the user's wallets with USDT values (POST /uc/asset/wallet) and one coin
 * across the wallets (GET /uc/asset/wallet/{coin}). Read-only; each needs a session.
 */
export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  read(app, '/uc/asset/wallet', { input: WalletQuerySchema, data: WalletListSchema }, async (request, q) => {
    const userId = userOf(request).id;
    const visible = await visibleWallets(app);
    if (q.type && !visible.includes(q.type)) throw new ApiError(200, ApiCode.notFound, 'walletsFollowDisabled');
    const valuation = await loadValuation(app);
    const wallets: WalletView[] = (q.type ? [q.type] : visible).map((w) =>
      walletView(app.exchange.accounts, userId, w, valuation, true),
    );
    return ok({
      wallets,
      totalUsdt: sumOf(wallets.map((w) => w.totalUsdt)),
      followEnabled: visible.includes('follow'),
    });
  });

  app.get(
    '/uc/asset/wallet/:coin',
    { onRequest: requireUser, schema: { params: WalletCoinParamsSchema, response: reply(WalletCoinSchema) } },
    async (request) => {
      const userId = userOf(request).id;
      const coin = await knownCoin(app, request.params.coin);
      const valuation = await loadValuation(app);
      const wallets: WalletCoin['wallets'] = [];
      let total = '0';
      for (const w of await visibleWallets(app)) {
        const row = walletView(app.exchange.accounts, userId, w, { ...valuation, coins: [coin] }, true).balances[0];
        if (!row) continue;
        total = add(total, row.total);
        const { balance, frozenBalance, usdtValue } = row;
        wallets.push({ type: w, balance, frozenBalance, total: row.total, usdtValue });
      }
      const usdRate = valuation.rates.get(coin.unit) ?? coin.usdRate;
      return ok({
        coin: {
          unit: coin.unit,
          name: coin.name,
          decimals: coin.decimals,
          usdRate,
          logoUrl: logoOf(coin.unit),
          canDeposit: coin.canDeposit,
          canWithdraw: coin.canWithdraw,
          market: valuation.markets.get(coin.unit) ?? null,
        },
        wallets,
        total,
        totalUsdt: sumOf(wallets.map((w) => w.usdtValue)),
      });
    },
  );
};

/**
 * The member bills with their types (spec trading §9) and the names of the spot bill kinds for the bill page's spot
 * tab, in the request's language. Each needs a session.
 */
export const billRoutes: FastifyPluginAsyncTypebox = async (app) => {
  read(app, '/uc/member-bill/bill-type', { input: EmptyQuerySchema, data: BillTypeListSchema }, async (request) => {
    const lang = requestLang(request);
    return ok(BILL_TYPES.map((d) => ({ type: d.type, name: translate(d.name, lang), contract: d.contract === true })));
  });

  read(app, '/uc/member-bill/bill-list', { input: BillQuerySchema, data: BillPageSchema }, async (request, q) => {
    const type = q.type === undefined ? undefined : billTypeDef(q.type);
    if (q.type !== undefined && !type) throw new ApiError(200, ApiCode.badRequest, 'billUnknownType', { type: q.type });
    if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) {
      throw new ApiError(200, ApiCode.badRequest, 'billTimeRange');
    }
    const coin = q.coin ? (await knownCoin(app, q.coin)).unit : undefined;
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 10;
    // The query tables may lag the journal by a moment: bring them up to date first.
    app.exchange.sync();
    const page = await billPage(app.store.db, {
      userId: userOf(request).id,
      ...(type ? { type } : {}),
      ...(coin ? { coin } : {}),
      ...(q.wallet ? { wallet: q.wallet } : {}),
      ...(q.startTime !== undefined ? { startTime: q.startTime } : {}),
      ...(q.endTime !== undefined ? { endTime: q.endTime } : {}),
      pageNo,
      pageSize,
    });
    const lang = requestLang(request);
    const records = page.records.map(({ name, ...line }: BillLine) => ({ ...line, typeName: translate(name, lang) }));
    return ok({ records, total: page.total, pageNo, pageSize });
  });

  // The spot tab of /bill filters /exchange/spot-bill/list by ledger kind; these are the kinds with their names.
  read(app, '/exchange/spot-bill/type', { input: EmptyQuerySchema, data: SpotBillKindListSchema }, async (request) => {
    const lang = requestLang(request);
    return ok(SPOT_BILL_KINDS.map((k) => ({ type: k.kind, name: translate(k.name, lang) })));
  });
};
