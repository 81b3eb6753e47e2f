import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CoinDetailListSchema,
  CoinListQuerySchema,
  CoinListSchema,
  DepositAddressViewSchema,
  DepositListQuerySchema,
  DepositPageSchema,
  DepositViewSchema,
  DevAdvanceBodySchema,
  DevDepositBodySchema,
  NetworkQuerySchema,
  RECORDS_PAGE_SIZE,
  RecordIdSchema,
  WithdrawalViewSchema,
} from '../../common/contracts/assets.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok, reply } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import type { AssetServices } from './services.ts';

/**
 * Coins and their networks, deposit addresses and deposit records (spec shell §7 "Assets": /uc/coin/list,
 * /uc/coin/v2/list, /uc/address/read, /uc/address/create, /uc/recharge/list and info).
 */
export const depositRoutes: FastifyPluginAsyncTypebox<AssetServices> = async (app, { networks, deposits }) => {
  const open = { session: false };
  read(
    app,
    '/uc/coin/list',
    { input: CoinListQuerySchema, data: CoinListSchema },
    async (_request, q) => ok(await networks.list(q.type)),
    open,
  );
  read(
    app,
    '/uc/coin/v2/list',
    { input: CoinListQuerySchema, data: CoinDetailListSchema },
    async (_request, q) => ok(await networks.detailedList(app.config.depositConfirmMs, q.type)),
    open,
  );

  read(
    app,
    '/uc/address/read',
    { input: NetworkQuerySchema, data: Type.Union([DepositAddressViewSchema, Type.Null()]) },
    async (request, q) => ok(await deposits.readAddress(userOf(request).id, q.coin, q.protocol)),
  );
  app.post(
    '/uc/address/create',
    { onRequest: requireUser, schema: { body: NetworkQuerySchema, response: reply(DepositAddressViewSchema) } },
    async (request) => ok(await deposits.createAddress(userOf(request).id, request.body.coin, request.body.protocol)),
  );
  read(app, '/uc/recharge/list', { input: DepositListQuerySchema, data: DepositPageSchema }, async (request, q) => {
    const page = await deposits.list(userOf(request).id, q.pageNo ?? 1, q.pageSize ?? RECORDS_PAGE_SIZE, q.coin);
    // `simulator`: the deposit simulator is there (non-production), so /recharge offers "Simulate deposit".
    return ok({ ...page, simulator: !app.config.production });
  });
  read(app, '/uc/recharge/info', { input: RecordIdSchema, data: DepositViewSchema }, async (request, q) =>
    ok(await deposits.info(userOf(request).id, q.id)),
  );
};

/** Dev only: the deposit simulator and the withdrawal switch (not registered in production, like /dev/outbox). */
export const devAssetRoutes: FastifyPluginAsyncTypebox<AssetServices> = async (app, { deposits, withdrawals }) => {
  app.post(
    '/dev/assets/deposit',
    { schema: { body: DevDepositBodySchema, response: reply(DepositViewSchema) } },
    async (request) => {
      const { address, memo, coin, protocol, uid, email, amount } = request.body;
      if (address) return ok(await deposits.simulate({ address, memo }, amount));
      if (!coin) throw ApiError.invalidParam('coin');
      if (!protocol) throw ApiError.invalidParam('protocol');
      if (!uid && !email) throw ApiError.invalidParam('uid');
      return ok(await deposits.simulate({ coin, protocol, uid, email }, amount));
    },
  );
  app.post(
    '/dev/assets/withdraw/advance',
    { schema: { body: DevAdvanceBodySchema, response: reply(WithdrawalViewSchema) } },
    async (request) => ok(await withdrawals.advance(request.body.id, request.body.status, request.body.reason)),
  );
};
