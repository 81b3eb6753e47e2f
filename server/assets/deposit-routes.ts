import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { requireUser, userOf } from '../auth/session.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { addressBook, type EntryInput, TRANSFER_TYPE } from './address-book.ts';
import { depositService } from './deposits.ts';
import { networksRepository } from './networks.ts';
import { RECORDS_PAGE_SIZE } from './transfer-common.ts';
import { sendWithdrawCode } from './withdraw-factors.ts';
import { withdrawalService } from './withdrawals.ts';

const Name = Type.String({ minLength: 1, maxLength: 16 });
const Amount = Type.String({ minLength: 1, maxLength: 40 });
const Address = Type.String({ minLength: 1, maxLength: 128 });
const Memo = Type.String({ maxLength: 256 });
const Code = Type.String({ maxLength: 16 });
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Paging = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};

const CoinListQuery = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal('deposit'), Type.Literal('withdraw')])),
});
const NetworkQuery = Type.Object({ coin: Name, protocol: Name });
const IdQuery = Type.Object({ id: Id });
const RechargeListQuery = Type.Object({ coin: Type.Optional(Name), ...Paging });
const WithdrawListQuery = Type.Object({
  coin: Type.Optional(Name),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  ...Paging,
});
const WithdrawInfoQuery = Type.Object({ coin: Name });
const WithdrawCreateBody = Type.Object({
  coin: Name,
  protocol: Name,
  address: Address,
  tag: Type.Optional(Memo),
  amount: Amount,
  emailCode: Type.Optional(Code),
  phoneCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
  /** The idempotency key of one submission (a double submit answers the first withdrawal). */
  requestId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })),
});
const WithdrawCodeBody = Type.Object({ type: Type.Union([Type.Literal('email'), Type.Literal('phone')]) });
const EntryFields = {
  transferType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  coin: Type.Optional(Type.String({ maxLength: 16 })),
  protocol: Type.Optional(Type.String({ maxLength: 16 })),
  address: Type.Optional(Type.String({ maxLength: 128 })),
  tag: Type.Optional(Memo),
  uid: Type.Optional(Type.String({ maxLength: 16 })),
  email: Type.Optional(Type.String({ maxLength: 64 })),
  mobile: Type.Optional(Type.String({ maxLength: 20 })),
  areaCode: Type.Optional(Type.String({ maxLength: 8 })),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
};
const EntryAddBody = Type.Object(EntryFields);
const EntryEditBody = Type.Object({ id: Id, ...EntryFields });
const BookPageQuery = Type.Object({
  coin: Type.Optional(Name),
  protocol: Type.Optional(Name),
  transferType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  ...Paging,
});
const LatestQuery = Type.Object({
  coin: Name,
  protocol: Type.Optional(Name),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
});
const InternalQuery = Type.Object({ coin: Type.Optional(Name) });
const DevDepositBody = Type.Object({
  address: Type.Optional(Address),
  memo: Type.Optional(Memo),
  coin: Type.Optional(Name),
  protocol: Type.Optional(Name),
  uid: Type.Optional(Type.String({ maxLength: 16 })),
  email: Type.Optional(Type.String({ maxLength: 64 })),
  amount: Amount,
});
const DevAdvanceBody = Type.Object({
  id: Id,
  status: Type.Union([
    Type.Literal('processing'),
    Type.Literal('done'),
    Type.Literal('cancelled'),
    Type.Literal('failed'),
  ]),
  reason: Type.Optional(Type.String({ maxLength: 64 })),
});

type Static<T extends TSchema> = Type.Static<T>;

/**
 * Deposits, withdrawals and the withdrawal address book (spec shell §7 "Assets": /uc/coin/list, /uc/coin/v2/list,
 * /uc/address/read, /uc/address/create, /uc/recharge/list and info, /uc/withdraw/create, list, detail, cancel, code,
 * the address book's page, add, edit, delete, latest, internal), the deposit simulator and the withdrawal processor.
 */
export async function depositRoutes(app: FastifyInstance): Promise<void> {
  const networks = networksRepository(app.store.db);
  const deposits = depositService(app, networks);
  const withdrawals = withdrawalService(app, networks);
  const book = addressBook(app, networks);
  const simulator = !app.config.production;

  // The timers resume what was pending when the server stopped; they stop before the journal closes.
  app.addHook('onReady', async () => {
    deposits.start();
    withdrawals.start();
  });
  app.addHook('onClose', async () => {
    await deposits.stop();
    await withdrawals.stop();
  });

  const me = async (request: FastifyRequest): Promise<User> => {
    const user = await app.store.users.findById(userOf(request).id);
    if (!user) throw ApiError.notLoggedIn();
    return user;
  };

  // ─── Coins and their networks ──────────────────────────────────────────────────────────────────────────────────────

  read(app, '/uc/coin/list', CoinListQuery, async (_request, q) => ok(await networks.list(q.type)), true);
  read(
    app,
    '/uc/coin/v2/list',
    CoinListQuery,
    async (_request, q) => ok(await networks.detailedList(app.config.depositConfirmMs, q.type)),
    true,
  );

  // ─── Deposit ───────────────────────────────────────────────────────────────────────────────────────────────────────

  read(app, '/uc/address/read', NetworkQuery, async (request, q) =>
    ok(await deposits.readAddress(userOf(request).id, q.coin, q.protocol)),
  );
  app.post<{ Body: Static<typeof NetworkQuery> }>(
    '/uc/address/create',
    { onRequest: requireUser, schema: { body: NetworkQuery } },
    async (request) => ok(await deposits.createAddress(userOf(request).id, request.body.coin, request.body.protocol)),
  );
  read(app, '/uc/recharge/list', RechargeListQuery, async (request, q) => {
    const page = await deposits.list(userOf(request).id, q.pageNo ?? 1, q.pageSize ?? RECORDS_PAGE_SIZE, q.coin);
    // `simulator`: the deposit simulator is there (non-production), so /recharge offers "Simulate deposit".
    return ok({ ...page, simulator });
  });
  read(app, '/uc/recharge/info', IdQuery, async (request, q) => ok(await deposits.info(userOf(request).id, q.id)));

  // ─── Withdraw ──────────────────────────────────────────────────────────────────────────────────────────────────────

  read(app, '/uc/withdraw/info', WithdrawInfoQuery, async (request, q) =>
    ok(await withdrawals.info(await me(request), q.coin)),
  );
  app.post<{ Body: Static<typeof WithdrawCreateBody> }>(
    '/uc/withdraw/create',
    { onRequest: requireUser, schema: { body: WithdrawCreateBody } },
    async (request) => {
      const { requestId, ...body } = request.body;
      return ok(await withdrawals.create(await me(request), { ...body, requestKey: requestId }));
    },
  );
  read(app, '/uc/withdraw/list', WithdrawListQuery, async (request, q) =>
    ok(
      await withdrawals.list(userOf(request).id, q.pageNo ?? 1, q.pageSize ?? RECORDS_PAGE_SIZE, {
        coin: q.coin,
        status: q.status,
      }),
    ),
  );
  read(app, '/uc/withdraw/detail', IdQuery, async (request, q) =>
    ok(await withdrawals.detail(userOf(request).id, q.id)),
  );
  app.post<{ Body: Static<typeof IdQuery> }>(
    '/uc/withdraw/cancel',
    { onRequest: requireUser, schema: { body: IdQuery } },
    async (request) => ok(await withdrawals.cancel(userOf(request).id, request.body.id)),
  );
  app.post<{ Body: Static<typeof WithdrawCodeBody> }>(
    '/uc/withdraw/code',
    { onRequest: requireUser, schema: { body: WithdrawCodeBody } },
    async (request) => {
      await sendWithdrawCode(app, request, await me(request), request.body.type, requestLang(request));
      return ok(null);
    },
  );

  // ─── Address book ──────────────────────────────────────────────────────────────────────────────────────────────────

  const entryInput = (body: Static<typeof EntryAddBody>): EntryInput => ({
    ...body,
    transferType: body.transferType ?? TRANSFER_TYPE.chain,
  });
  read(app, '/uc/withdraw/address/page', BookPageQuery, async (request, q) =>
    ok(
      await book.page(userOf(request).id, q.pageNo ?? 1, q.pageSize ?? RECORDS_PAGE_SIZE, {
        coin: q.coin,
        protocol: q.protocol,
        transferType: q.transferType,
      }),
    ),
  );
  app.post<{ Body: Static<typeof EntryAddBody> }>(
    '/uc/withdraw/address/add',
    { onRequest: requireUser, schema: { body: EntryAddBody } },
    async (request) => ok(await book.add(await me(request), entryInput(request.body))),
  );
  app.post<{ Body: Static<typeof EntryEditBody> }>(
    '/uc/withdraw/address/edit',
    { onRequest: requireUser, schema: { body: EntryEditBody } },
    async (request) => {
      const { id, ...fields } = request.body;
      return ok(await book.edit(await me(request), id, entryInput(fields)));
    },
  );
  app.post<{ Body: Static<typeof IdQuery> }>(
    '/uc/withdraw/address/delete',
    { onRequest: requireUser, schema: { body: IdQuery } },
    async (request) => {
      await book.remove(userOf(request).id, request.body.id);
      return ok(null);
    },
  );
  read(app, '/uc/withdraw/address/latest', LatestQuery, async (request, q) =>
    ok(await withdrawals.latest(userOf(request).id, q.coin, q.protocol, q.limit ?? 5)),
  );
  read(app, '/uc/withdraw/address/internal', InternalQuery, async (request, q) =>
    ok(await book.internal(userOf(request).id, q.coin)),
  );

  // ─── Dev only: the deposit simulator and the withdrawal switch (off in production, like /dev/outbox) ─────────────

  if (simulator) {
    app.post<{ Body: Static<typeof DevDepositBody> }>(
      '/dev/assets/deposit',
      { schema: { body: DevDepositBody } },
      async (request) => {
        const { address, memo, coin, protocol, uid, email, amount } = request.body;
        if (address) return ok(await deposits.simulate({ address, memo }, amount));
        if (!coin) throw ApiError.invalidParam('coin');
        if (!protocol) throw ApiError.invalidParam('protocol');
        if (!uid && !email) throw ApiError.invalidParam('uid');
        return ok(await deposits.simulate({ coin, protocol, uid, email }, amount));
      },
    );
    app.post<{ Body: Static<typeof DevAdvanceBody> }>(
      '/dev/assets/withdraw/advance',
      { schema: { body: DevAdvanceBody } },
      async (request) => ok(await withdrawals.advance(request.body.id, request.body.status, request.body.reason)),
    );
  }
}
