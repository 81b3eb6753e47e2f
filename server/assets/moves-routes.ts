import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConvertBodySchema,
  ConvertCoinListSchema,
  EmptyQuerySchema,
  FeeInfoQuerySchema,
  InternalFeeInfoSchema,
  InternalListQuerySchema,
  type InternalTransferBody,
  InternalTransferBodySchema,
  InternalTransferCheckSchema,
  InternalTransferPageSchema,
  InternalTransferViewSchema,
  MemberExistSchema,
  MemberQuerySchema,
  PriceQuerySchema,
  QuickExchangePageSchema,
  QuickExchangePriceSchema,
  QuickExchangeViewSchema,
  RecordsPageQuerySchema,
  TransferBalancesSchema,
  TransferBodySchema,
  TransferCodeBodySchema,
  TransferListQuerySchema,
  WalletTransferPageSchema,
  WalletTransferViewSchema,
} from '../../common/contracts/assets.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { internalTransfers } from './internal-transfer.ts';
import { quickExchange } from './quick-exchange.ts';
import { type WalletTransferInput, walletTransfers } from './wallet-transfer.ts';

/**
 * Money moves of spec shell §7 "Assets" (issue 9): wallet transfers, internal transfers to another member and quick
 * exchange. Every move is one ledger transaction with its record; refusals are translated and change nothing.
 */
export const movesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  transferRoutes(app);
  internalRoutes(app);
  convertRoutes(app);
};

/** Wallet transfers: the assets page's paths and the contract side's (one of the wallets must be the contract). */
function transferRoutes(app: Api): void {
  const wallets = walletTransfers(app);
  const transferRoute = (url: string, contractSide: boolean) =>
    app.post(
      url,
      { onRequest: requireUser, schema: { body: TransferBodySchema, response: reply(WalletTransferViewSchema) } },
      async (request) => {
        const body = request.body;
        const coin = body.coin ?? body.unit;
        if (!coin) throw ApiError.invalidParam('coin');
        const input: WalletTransferInput = {
          coin,
          amount: body.amount,
          from: body.from,
          to: body.to,
          requestId: body.requestId,
          contractSide,
        };
        return ok(await wallets.transfer(userOf(request).id, input));
      },
    );
  transferRoute('/uc/asset-transfer/transfer', false);
  transferRoute('/uc/future-transfer/transfer', true);
  transferRoute('/swap/wallet/trans', true);

  read(
    app,
    '/uc/asset-transfer/list',
    { input: TransferListQuerySchema, data: WalletTransferPageSchema },
    async (request, q) => ok(await wallets.list(userOf(request).id, q)),
  );
  read(app, '/uc/asset-transfer/balances', { input: EmptyQuerySchema, data: TransferBalancesSchema }, async (request) =>
    ok(await wallets.balances(userOf(request).id)),
  );
}

/** Internal transfers to another member: the recipient check, the fee, the code, the check and the transfer. */
function internalRoutes(app: Api): void {
  const internal = internalTransfers(app);
  app.post(
    '/uc/internal-transfer/member-exist',
    { onRequest: requireUser, schema: { body: MemberQuerySchema, response: reply(MemberExistSchema) } },
    async (request) => ok(await internal.memberExist(userOf(request).id, request.body)),
  );
  read(
    app,
    '/uc/internal-transfer/fee-info',
    { input: FeeInfoQuerySchema, data: InternalFeeInfoSchema },
    async (request, q) => ok(await internal.feeInfo(userOf(request).id, q.coin)),
  );
  app.post(
    '/uc/internal-transfer/code',
    { onRequest: requireUser, schema: { body: TransferCodeBodySchema, response: reply(NoDataSchema) } },
    async (request) => {
      const type = request.body.type.trim().toLowerCase();
      const channel = type === 'email' ? 'email' : type === 'phone' || type === 'mobile' ? 'phone' : null;
      if (!channel) throw ApiError.invalidParam('type');
      await internal.sendCode(request, userOf(request).id, channel, requestLang(request));
      return ok(null);
    },
  );
  const input = (body: InternalTransferBody) => ({ ...body, emailCode: body.emailCode ?? body.code });
  app.post(
    '/uc/internal-transfer/transfer-check',
    {
      onRequest: requireUser,
      schema: { body: InternalTransferBodySchema, response: reply(InternalTransferCheckSchema) },
    },
    async (request) => ok(await internal.check(userOf(request).id, input(request.body))),
  );
  app.post(
    '/uc/internal-transfer/transfer',
    {
      onRequest: requireUser,
      schema: { body: InternalTransferBodySchema, response: reply(InternalTransferViewSchema) },
    },
    async (request) => ok(await internal.transfer(userOf(request).id, input(request.body))),
  );
  read(
    app,
    '/uc/internal-transfer/list',
    { input: InternalListQuerySchema, data: InternalTransferPageSchema },
    async (request, q) => ok(await internal.list(userOf(request).id, q)),
  );
}

/** Quick exchange: rates and coins are open to visitors (no quote id); a signed-in user's quote can be converted. */
function convertRoutes(app: Api): void {
  const convert = quickExchange(app);
  const open = { session: false };
  read(
    app,
    '/uc/quick-exchange/price',
    { input: PriceQuerySchema, data: QuickExchangePriceSchema },
    async (request, q) => ok(await convert.price(request.user?.id ?? null, q)),
    open,
  );
  read(
    app,
    '/uc/quick-exchange/coins',
    { input: EmptyQuerySchema, data: ConvertCoinListSchema },
    async (request) => ok(await convert.coins(request.user?.id ?? null)),
    open,
  );
  app.post(
    '/uc/quick-exchange/add',
    { onRequest: requireUser, schema: { body: ConvertBodySchema, response: reply(QuickExchangeViewSchema) } },
    async (request) => ok(await convert.add(userOf(request).id, request.body)),
  );
  read(
    app,
    '/uc/quick-exchange/list',
    { input: RecordsPageQuerySchema, data: QuickExchangePageSchema },
    async (request, q) => ok(await convert.list(userOf(request).id, q)),
  );
}
