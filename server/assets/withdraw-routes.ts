import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddressBookQuerySchema,
  AddressEntryListSchema,
  AddressEntryPageSchema,
  AddressEntrySchema,
  type EntryAddBody,
  EntryAddBodySchema,
  EntryEditBodySchema,
  InternalEntriesQuerySchema,
  LatestDestinationListSchema,
  LatestQuerySchema,
  RECORDS_PAGE_SIZE,
  RecordIdSchema,
  WithdrawalPageSchema,
  WithdrawalViewSchema,
  WithdrawCodeBodySchema,
  WithdrawCreateBodySchema,
  WithdrawInfoQuerySchema,
  WithdrawInfoSchema,
  WithdrawListQuerySchema,
} from '../../common/contracts/assets.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { requireUser, sessionUser, userOf } from '../auth/session.ts';
import { ok, reply } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { type EntryInput, TRANSFER_TYPE } from './address-book.ts';
import type { AssetServices } from './services.ts';
import { sendWithdrawCode } from './withdraw-factors.ts';

/** Withdrawals (spec shell §7 "Assets": /uc/withdraw/create, list, detail, cancel, code, and the withdraw form). */
export const withdrawRoutes: FastifyPluginAsyncTypebox<AssetServices> = async (app, { withdrawals }) => {
  read(app, '/uc/withdraw/info', { input: WithdrawInfoQuerySchema, data: WithdrawInfoSchema }, async (request, q) =>
    ok(await withdrawals.info(await sessionUser(app, request), q.coin)),
  );
  app.post(
    '/uc/withdraw/create',
    { onRequest: requireUser, schema: { body: WithdrawCreateBodySchema, response: reply(WithdrawalViewSchema) } },
    async (request) => {
      const { requestId, ...body } = request.body;
      return ok(await withdrawals.create(await sessionUser(app, request), { ...body, requestKey: requestId }));
    },
  );
  read(app, '/uc/withdraw/list', { input: WithdrawListQuerySchema, data: WithdrawalPageSchema }, async (request, q) => {
    const filter = { coin: q.coin, status: q.status };
    return ok(await withdrawals.list(userOf(request).id, q.pageNo ?? 1, q.pageSize ?? RECORDS_PAGE_SIZE, filter));
  });
  read(app, '/uc/withdraw/detail', { input: RecordIdSchema, data: WithdrawalViewSchema }, async (request, q) =>
    ok(await withdrawals.detail(userOf(request).id, q.id)),
  );
  app.post(
    '/uc/withdraw/cancel',
    { onRequest: requireUser, schema: { body: RecordIdSchema, response: reply(WithdrawalViewSchema) } },
    async (request) => ok(await withdrawals.cancel(userOf(request).id, request.body.id)),
  );
  app.post(
    '/uc/withdraw/code',
    { onRequest: requireUser, schema: { body: WithdrawCodeBodySchema, response: reply(NoDataSchema) } },
    async (request) => {
      const user = await sessionUser(app, request);
      await sendWithdrawCode(app, request, user, request.body.type, requestLang(request));
      return ok(null);
    },
  );
  read(
    app,
    '/uc/withdraw/address/latest',
    { input: LatestQuerySchema, data: LatestDestinationListSchema },
    async (request, q) => ok(await withdrawals.latest(userOf(request).id, q.coin, q.protocol, q.limit ?? 5)),
  );
};

const entryInput = (body: EntryAddBody): EntryInput => ({
  ...body,
  transferType: body.transferType ?? TRANSFER_TYPE.chain,
});

/** The withdrawal address book (spec shell §7: page, add, edit, delete, internal). */
export const addressBookRoutes: FastifyPluginAsyncTypebox<AssetServices> = async (app, { book }) => {
  read(
    app,
    '/uc/withdraw/address/page',
    { input: AddressBookQuerySchema, data: AddressEntryPageSchema },
    async (request, q) => {
      const filter = { coin: q.coin, protocol: q.protocol, transferType: q.transferType };
      return ok(await book.page(userOf(request).id, q.pageNo ?? 1, q.pageSize ?? RECORDS_PAGE_SIZE, filter));
    },
  );
  app.post(
    '/uc/withdraw/address/add',
    { onRequest: requireUser, schema: { body: EntryAddBodySchema, response: reply(AddressEntrySchema) } },
    async (request) => ok(await book.add(await sessionUser(app, request), entryInput(request.body))),
  );
  app.post(
    '/uc/withdraw/address/edit',
    { onRequest: requireUser, schema: { body: EntryEditBodySchema, response: reply(AddressEntrySchema) } },
    async (request) => {
      const { id, ...fields } = request.body;
      return ok(await book.edit(await sessionUser(app, request), id, entryInput(fields)));
    },
  );
  app.post(
    '/uc/withdraw/address/delete',
    { onRequest: requireUser, schema: { body: RecordIdSchema, response: reply(NoDataSchema) } },
    async (request) => {
      await book.remove(userOf(request).id, request.body.id);
      return ok(null);
    },
  );
  read(
    app,
    '/uc/withdraw/address/internal',
    { input: InternalEntriesQuerySchema, data: AddressEntryListSchema },
    async (request, q) => ok(await book.internal(userOf(request).id, q.coin)),
  );
};
