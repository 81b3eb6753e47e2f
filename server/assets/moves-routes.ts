import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { internalTransfers } from './internal-transfer.ts';
import { quickExchange } from './quick-exchange.ts';
import { RECORDS_PAGE_SIZE } from './transfer-common.ts';
import { type WalletTransferInput, walletTransfers } from './wallet-transfer.ts';

type Static<T extends Type.TSchema> = Type.Static<T>;

const Coin = Type.String({ minLength: 1, maxLength: 16 });
const Amount = Type.String({ minLength: 1, maxLength: 40 });
const Code = Type.String({ maxLength: 16 });
const RequestId = Type.String({ maxLength: 64 });
const Paging = {
  pageNo: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  // spec shell §9: 10 for bills and records.
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: RECORDS_PAGE_SIZE }),
};

const TransferBody = Type.Object({
  coin: Type.Optional(Coin),
  /** The contract side's name for the coin. */
  unit: Type.Optional(Coin),
  amount: Amount,
  from: Type.String({ minLength: 1, maxLength: 16 }),
  to: Type.String({ minLength: 1, maxLength: 16 }),
  requestId: Type.Optional(RequestId),
});
const TransferList = Type.Object({
  ...Paging,
  coin: Type.Optional(Type.String({ maxLength: 16 })),
  wallet: Type.Optional(Type.String({ maxLength: 16 })),
});
const Recipient = {
  type: Type.String({ minLength: 1, maxLength: 16 }),
  value: Type.String({ minLength: 1, maxLength: 64 }),
  areaCode: Type.Optional(Type.String({ maxLength: 8 })),
};
const MemberBody = Type.Object(Recipient);
const FeeInfo = Type.Object({ coin: Coin });
const CodeBody = Type.Object({ type: Type.String({ minLength: 1, maxLength: 16 }) });
const InternalBody = Type.Object({
  ...Recipient,
  coin: Coin,
  amount: Amount,
  emailCode: Type.Optional(Code),
  /** The e-mail code under the name the spec's forms use. */
  code: Type.Optional(Code),
  phoneCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
  requestId: Type.Optional(RequestId),
});
const InternalList = Type.Object({
  ...Paging,
  coin: Type.Optional(Type.String({ maxLength: 16 })),
  direction: Type.Optional(Type.String({ maxLength: 8 })),
});
const PriceQuery = Type.Object({ from: Coin, to: Coin, amount: Type.Optional(Type.String({ maxLength: 40 })) });
const AddBody = Type.Object({
  from: Coin,
  to: Coin,
  amount: Amount,
  quoteId: Type.String({ minLength: 1, maxLength: 64 }),
});
const PageOnly = Type.Object(Paging);

/**
 * Money moves of spec shell §7 "Assets" (issue 9): wallet transfers, internal transfers to another member and quick
 * exchange. Every move is one ledger transaction with its record; refusals are translated and change nothing.
 */
export async function movesRoutes(app: FastifyInstance): Promise<void> {
  const wallets = walletTransfers(app);
  const internal = internalTransfers(app);
  const convert = quickExchange(app);

  // ─── Wallet transfers ──────────────────────────────────────────────────────────────────────────────────────────────

  const transferRoute = (url: string, contractSide: boolean) =>
    app.post<{ Body: Static<typeof TransferBody> }>(
      url,
      { onRequest: requireUser, schema: { body: TransferBody } },
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
  // The same operation under the contract side's paths: one of the wallets must be the contract wallet.
  transferRoute('/uc/future-transfer/transfer', true);
  transferRoute('/swap/wallet/trans', true);

  read(app, '/uc/asset-transfer/list', TransferList, async (request, q) =>
    ok(await wallets.list(userOf(request).id, q)),
  );
  read(app, '/uc/asset-transfer/balances', Type.Object({}), async (request) =>
    ok(await wallets.balances(userOf(request).id)),
  );

  // ─── Internal transfer ─────────────────────────────────────────────────────────────────────────────────────────────

  app.post<{ Body: Static<typeof MemberBody> }>(
    '/uc/internal-transfer/member-exist',
    { onRequest: requireUser, schema: { body: MemberBody } },
    async (request) => ok(await internal.memberExist(userOf(request).id, request.body)),
  );
  read(app, '/uc/internal-transfer/fee-info', FeeInfo, async (request, q) =>
    ok(await internal.feeInfo(userOf(request).id, q.coin)),
  );
  app.post<{ Body: Static<typeof CodeBody> }>(
    '/uc/internal-transfer/code',
    { onRequest: requireUser, schema: { body: CodeBody } },
    async (request) => {
      const type = request.body.type.trim().toLowerCase();
      const channel = type === 'email' ? 'email' : type === 'phone' || type === 'mobile' ? 'phone' : null;
      if (!channel) throw ApiError.invalidParam('type');
      await internal.sendCode(request, userOf(request).id, channel, requestLang(request));
      return ok(null);
    },
  );
  const internalInput = (body: Static<typeof InternalBody>) => ({
    ...body,
    emailCode: body.emailCode ?? body.code,
  });
  app.post<{ Body: Static<typeof InternalBody> }>(
    '/uc/internal-transfer/transfer-check',
    { onRequest: requireUser, schema: { body: InternalBody } },
    async (request) => ok(await internal.check(userOf(request).id, internalInput(request.body))),
  );
  app.post<{ Body: Static<typeof InternalBody> }>(
    '/uc/internal-transfer/transfer',
    { onRequest: requireUser, schema: { body: InternalBody } },
    async (request) => ok(await internal.transfer(userOf(request).id, internalInput(request.body))),
  );
  read(app, '/uc/internal-transfer/list', InternalList, async (request, q) =>
    ok(await internal.list(userOf(request).id, q)),
  );

  // ─── Quick exchange ────────────────────────────────────────────────────────────────────────────────────────────────

  // Open to visitors (a rate, no quote id); a signed-in user's quote can be converted.
  read(
    app,
    '/uc/quick-exchange/price',
    PriceQuery,
    async (request, q) => ok(await convert.price(request.user?.id ?? null, q)),
    true,
  );
  read(
    app,
    '/uc/quick-exchange/coins',
    Type.Object({}),
    async (request) => ok(await convert.coins(request.user?.id ?? null)),
    true,
  );
  app.post<{ Body: Static<typeof AddBody> }>(
    '/uc/quick-exchange/add',
    { onRequest: requireUser, schema: { body: AddBody } },
    async (request) => ok(await convert.add(userOf(request).id, request.body)),
  );
  read(app, '/uc/quick-exchange/list', PageOnly, async (request, q) => ok(await convert.list(userOf(request).id, q)));
}
