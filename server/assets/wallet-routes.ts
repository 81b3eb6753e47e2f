import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { add } from '../../common/decimal.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { translate } from '../errors/messages.ts';
import { logoOf } from '../exchange/catalogue.ts';
import { ok } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { WALLETS } from '../ledger/accounts.ts';
import { type BillLine, billPage } from './bill-list.ts';
import { BILL_TYPES, billTypeDef, SPOT_BILL_KINDS } from './bills.ts';
import { sumOf } from './valuation.ts';
import { loadValuation, visibleWallets, type WalletView, walletView } from './wallet-view.ts';

const WalletType = Type.Union(WALLETS.map((w) => Type.Literal(w)));
const WalletQuery = Type.Object({ type: Type.Optional(WalletType) });
const CoinParams = Type.Object({ coin: Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]+$' }) });
const BillQuery = Type.Object({
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  coin: Type.Optional(Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]+$' })),
  wallet: Type.Optional(WalletType),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  // spec shell §9: bills page by 10.
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
const Empty = Type.Object({});

/**
 * The wallet and bill reads of spec shell §7 "Assets": the user's wallets with USDT values (POST /uc/asset/wallet), one
 * coin across the wallets (GET /uc/asset/wallet/{coin}) and the member bills with their types (spec trading §9), plus
 * the names of the spot bill kinds for the bill page's spot tab. All read-only; each needs a session.
 */
export async function walletsRoutes(app: FastifyInstance): Promise<void> {
  const { exchange } = app;
  const db = app.store.db;

  const knownCoin = async (text: string) => {
    const unit = text.toUpperCase();
    const coin = (await app.store.markets.coins()).find((c) => c.unit === unit);
    if (!coin) throw new ApiError(200, ApiCode.badRequest, 'unknownCoin', { unit: text });
    return coin;
  };

  read(app, '/uc/asset/wallet', WalletQuery, async (request, q) => {
    const userId = userOf(request).id;
    const visible = await visibleWallets(app);
    if (q.type && !visible.includes(q.type)) throw new ApiError(200, ApiCode.notFound, 'walletsFollowDisabled');
    const valuation = await loadValuation(app);
    const wallets: WalletView[] = (q.type ? [q.type] : visible).map((w) =>
      walletView(exchange.accounts, userId, w, valuation, true),
    );
    return ok({
      wallets,
      totalUsdt: sumOf(wallets.map((w) => w.totalUsdt)),
      followEnabled: visible.includes('follow'),
    });
  });

  app.get<{ Params: Type.Static<typeof CoinParams> }>(
    '/uc/asset/wallet/:coin',
    { onRequest: requireUser, schema: { params: CoinParams } },
    async (request) => {
      const userId = userOf(request).id;
      const coin = await knownCoin(request.params.coin);
      const valuation = await loadValuation(app);
      const wallets = [];
      let total = '0';
      for (const w of await visibleWallets(app)) {
        const row = walletView(exchange.accounts, userId, w, { ...valuation, coins: [coin] }, true).balances[0];
        if (!row) continue;
        total = add(total, row.total);
        wallets.push({
          type: w,
          balance: row.balance,
          frozenBalance: row.frozenBalance,
          total: row.total,
          usdtValue: row.usdtValue,
        });
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

  read(app, '/uc/member-bill/bill-type', Empty, async (request) => {
    const lang = requestLang(request);
    return ok(BILL_TYPES.map((d) => ({ type: d.type, name: translate(d.name, lang), contract: d.contract === true })));
  });

  read(app, '/uc/member-bill/bill-list', BillQuery, async (request, q) => {
    const userId = userOf(request).id;
    const type = q.type === undefined ? undefined : billTypeDef(q.type);
    if (q.type !== undefined && !type) throw new ApiError(200, ApiCode.badRequest, 'billUnknownType', { type: q.type });
    if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) {
      throw new ApiError(200, ApiCode.badRequest, 'billTimeRange');
    }
    const coin = q.coin ? (await knownCoin(q.coin)).unit : undefined;
    const pageNo = q.pageNo ?? 1;
    const pageSize = q.pageSize ?? 10;
    // The query tables may lag the journal by a moment: bring them up to date first.
    exchange.sync();
    const page = await billPage(db, {
      userId,
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
  read(app, '/exchange/spot-bill/type', Empty, async (request) => {
    const lang = requestLang(request);
    return ok(SPOT_BILL_KINDS.map((k) => ({ type: k.kind, name: translate(k.name, lang) })));
  });
}
