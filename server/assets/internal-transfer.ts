import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import type { InternalFeeInfo, InternalTransferView, RecipientType } from '../../common/contracts/assets.ts';
import type { Page } from '../../common/contracts/envelope.ts';
import { fromUnits, toUnits } from '../../common/decimal.ts';
import type { Lang } from '../../common/i18n.ts';
import { type FactorInput, sendFactorCode } from '../account/factors.ts';
import type { UserSecurity } from '../account/repository.ts';
import { mask, normalizeEmail, normalizePhone } from '../account/rules.ts';
import { RateCounter } from '../auth/codes.ts';
import { sqliteOf } from '../db/database.ts';
import { INTERNAL_RECEIVED_TEMPLATE } from '../db/migrations/0013-moves.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Move } from '../ledger/accounts.ts';
import { inboxRepository } from '../shell/inbox-repository.ts';
import { checkFactors, internalPurpose } from './internal-factors.ts';
import { type MovesDb, movesDb } from './moves-tables.ts';
import {
  type CoinInfo,
  coinCatalogue,
  coinOf,
  ledgerRefusal,
  Once,
  parseAmount,
  RecordIds,
  refuse,
} from './transfer-common.ts';

/** Ledger kinds (shared contract of issue 9): the amount that arrives, and the fee when one applies. */
export const INTERNAL_KIND = 'internal_transfer';
export const INTERNAL_FEE_KIND = 'internal_fee';

/** Member look-ups one user may make per hour: enough for a person, too few to walk the member list. */
export const MEMBER_LOOKUPS_PER_HOUR = 60;

/** How a sender names the recipient (spec shell §7 address book entry: uid, email, mobile with areaCode). */
export const RECIPIENT_TYPES: readonly RecipientType[] = ['uid', 'email', 'mobile'];

export interface RecipientInput {
  type: string;
  value: string;
  areaCode?: string | undefined;
}

export interface InternalTransferInput extends RecipientInput, FactorInput {
  coin: string;
  amount: string;
  requestId?: string | undefined;
}

/** A member's name shown to another member: enough to recognise, never the whole of it. */
export function maskName(name: string): string {
  if (name.includes('@') || name.length > 6) return mask(name) ?? '';
  if (name.length <= 2) return `${name.slice(0, 1)}*`;
  return `${name.slice(0, 1)}***${name.slice(-1)}`;
}

function recipientType(text: string): RecipientType {
  const type = text.trim().toLowerCase();
  if (type === 'phone') return 'mobile';
  if (!(RECIPIENT_TYPES as readonly string[]).includes(type)) throw refuse('movesRecipientType');
  return type as RecipientType;
}

/** The member named by uid, e-mail or phone (with its area code when given); undefined when none or ambiguous. */
async function findMember(
  db: MovesDb,
  input: RecipientInput,
): Promise<{ type: RecipientType; user: User | undefined }> {
  const type = recipientType(input.type);
  const value = input.value.trim();
  if (type === 'uid') {
    if (!/^\d{1,16}$/.test(value)) throw refuse('movesRecipientInvalid');
    return { type, user: await db.selectFrom('users').selectAll().where('uid', '=', value).executeTakeFirst() };
  }
  if (type === 'email') {
    const email = normalizeEmail(value);
    return { type, user: await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst() };
  }
  const phone = normalizePhone(value);
  const area = input.areaCode?.trim().replace(/^\+/, '');
  if (area !== undefined && area !== '' && !/^\d{1,4}$/.test(area)) throw refuse('movesRecipientInvalid');
  let query = db.selectFrom('users').selectAll().where('mobile', '=', phone);
  if (area) query = query.where('area_code', '=', area);
  const rows = await query.limit(2).execute();
  return { type, user: rows.length === 1 ? rows[0] : undefined };
}

/** The coin's fee, minimum and switch for internal transfers; a coin without a row is enabled and free. */
async function coinRule(db: MovesDb, coin: CoinInfo) {
  const row = await db
    .selectFrom('internal_transfer_coins')
    .selectAll()
    .where('coin', '=', coin.unit)
    .executeTakeFirst();
  return {
    fee: toUnits(row?.fee ?? '0', coin.decimals),
    min: toUnits(row?.min_amount ?? '0', coin.decimals),
    enabled: row ? row.enabled === 1 : true,
  };
}

/** What the internal-transfer steps share. */
function internalDeps(app: FastifyInstance) {
  const sqlite = sqliteOf(app.store.db);
  const insertRow = sqlite.prepare(
    `insert into internal_transfers (id, sender_id, recipient_id, coin, amount, fee, recipient_type, request_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    app,
    db: movesDb(app.store.db),
    catalogue: coinCatalogue(app),
    ids: new RecordIds(sqlite, 'internal_transfers'),
    inbox: inboxRepository(app.store.db),
    insert: (...values: unknown[]): void => {
      insertRow.run(...values);
    },
    me: async (userId: number): Promise<User> => {
      const user = await app.store.users.findById(userId);
      if (!user) throw ApiError.notLoggedIn();
      return user;
    },
    fundsOf: (userId: number, coin: string) =>
      BigInt(app.exchange.accounts.pocketAmount({ userId, wallet: 'funds' }, coin)),
  };
}
type InternalDeps = ReturnType<typeof internalDeps>;

/** Everything a transfer needs, checked, except the codes. */
async function prepareTransfer(d: InternalDeps, userId: number, input: InternalTransferInput) {
  const sender = await d.me(userId);
  const security: UserSecurity = await d.app.account.repo.security(userId);
  // Money leaves the account like a withdrawal: not for 24 h after a password change or reset.
  if (security.withdraw_locked_until > d.app.clock()) throw refuse('movesInternalLocked', {}, ApiCode.forbidden);
  const { type, user: recipient } = await findMember(d.db, input);
  if (!recipient) throw refuse('movesMemberNotFound', {}, ApiCode.notFound);
  if (recipient.id === sender.id) throw refuse('movesToSelf');
  const coin = await coinOf(d.catalogue, input.coin);
  const units = parseAmount(input.amount, coin);
  const rule = await coinRule(d.db, coin);
  if (!rule.enabled) throw refuse('movesInternalCoinDisabled', { coin: coin.unit });
  if (units < rule.min) {
    throw refuse('movesBelowMinimum', { min: fromUnits(rule.min, coin.decimals), coin: coin.unit }, ApiCode.badAmount);
  }
  if (units <= rule.fee) {
    throw refuse('movesNotAboveFee', { fee: fromUnits(rule.fee, coin.decimals), coin: coin.unit }, ApiCode.badAmount);
  }
  const available = d.fundsOf(userId, coin.unit);
  if (units > available) {
    throw refuse(
      'movesInsufficientIn',
      { coin: coin.unit, available: fromUnits(available, coin.decimals) },
      ApiCode.insufficientBalance,
    );
  }
  return { sender, security, recipient, type, coin, units, fee: rule.fee };
}
type PreparedTransfer = Awaited<ReturnType<typeof prepareTransfer>>;

const counterpartOut = (type: RecipientType, r: Pick<User, 'uid' | 'email' | 'mobile' | 'area_code'>) => {
  if (type === 'uid') return r.uid;
  if (type === 'email') return mask(r.email) ?? '';
  return `+${r.area_code ?? ''} ${mask(r.mobile) ?? ''}`;
};

interface InternalRow {
  id: number;
  sender_id: number;
  coin: string;
  amount: number;
  fee: number;
  recipient_type: string;
  created_at: number;
  sender_name: string;
  r_uid: string;
  r_email: string | null;
  r_mobile: string | null;
  r_area_code: string | null;
}

/** A record as `userId` sees it: the recipient masked for the sender, the sender's masked name for the recipient. */
function internalView(r: InternalRow, userId: number, decimals: number): InternalTransferView {
  const out = r.sender_id === userId;
  const type = recipientType(r.recipient_type);
  return {
    id: r.id,
    coin: r.coin,
    amount: fromUnits(BigInt(r.amount), decimals),
    fee: fromUnits(BigInt(r.fee), decimals),
    arrivedAmount: fromUnits(BigInt(r.amount) - BigInt(r.fee), decimals),
    direction: out ? 'out' : 'in',
    counterparty: out
      ? counterpartOut(type, { uid: r.r_uid, email: r.r_email, mobile: r.r_mobile, area_code: r.r_area_code })
      : maskName(r.sender_name),
    recipientType: type,
    status: 1,
    createTime: r.created_at,
  };
}

interface InternalListQuery {
  pageNo: number;
  pageSize: number;
  coin?: string | undefined;
  direction?: string | undefined;
  id?: number;
}

/** The user's internal transfers, sent and received, newest first. */
async function listInternal(
  d: InternalDeps,
  userId: number,
  query: InternalListQuery,
): Promise<Page<InternalTransferView>> {
  const direction = query.direction?.trim().toLowerCase();
  if (direction && direction !== 'in' && direction !== 'out') throw ApiError.invalidParam('direction');
  let base = d.db
    .selectFrom('internal_transfers as t')
    .innerJoin('users as s', 's.id', 't.sender_id')
    .innerJoin('users as r', 'r.id', 't.recipient_id');
  if (direction === 'out') base = base.where('t.sender_id', '=', userId);
  else if (direction === 'in') base = base.where('t.recipient_id', '=', userId);
  else base = base.where((eb) => eb.or([eb('t.sender_id', '=', userId), eb('t.recipient_id', '=', userId)]));
  const coin = query.coin?.trim().toUpperCase();
  if (coin) base = base.where('t.coin', '=', coin);
  if (query.id !== undefined) base = base.where('t.id', '=', query.id);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      't.id',
      't.sender_id',
      't.coin',
      't.amount',
      't.fee',
      't.recipient_type',
      't.created_at',
      's.username as sender_name',
      'r.uid as r_uid',
      'r.email as r_email',
      'r.mobile as r_mobile',
      'r.area_code as r_area_code',
    ])
    .orderBy('t.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  const coins = await d.catalogue();
  const records = rows.map((r) => internalView(r, userId, coins.get(r.coin)?.decimals ?? 0));
  return { records, total: Number(count.n), pageNo: query.pageNo, pageSize: query.pageSize };
}

async function oneInternal(d: InternalDeps, userId: number, id: number): Promise<InternalTransferView> {
  const found = (await listInternal(d, userId, { pageNo: 1, pageSize: 1, id })).records[0];
  if (!found) throw refuse('movesRecordNotFound', {}, ApiCode.notFound);
  return found;
}

/** The message is a courtesy: the money has moved whether or not it could be stored. */
async function tellRecipient(d: InternalDeps, p: PreparedTransfer, id: number, now: number) {
  try {
    await d.inbox.send(
      p.recipient.id,
      INTERNAL_RECEIVED_TEMPLATE,
      { amount: fromUnits(p.units - p.fee, p.coin.decimals), coin: p.coin.unit, sender: maskName(p.sender.username) },
      now,
      `internal:${id}`,
    );
  } catch (error) {
    d.app.log.error({ err: error, id }, 'internal transfer message failed');
  }
}

/** Spends the codes and moves the money with its record in one ledger transaction. */
async function moveInternal(
  d: InternalDeps,
  userId: number,
  input: InternalTransferInput,
): Promise<InternalTransferView> {
  const p = await prepareTransfer(d, userId, input);
  await checkFactors(d.app, p.sender, p.security, input, true);
  // The ledger checks the balance again: it may have moved while the codes were being checked.
  const id = d.ids.next();
  const now = d.app.clock();
  const coin = p.coin.unit;
  const sender = { userId: p.sender.id, wallet: 'funds' as const };
  const recipient = { userId: p.recipient.id, wallet: 'funds' as const };
  const moves: Move[] = [{ from: sender, to: recipient, coin, amount: Number(p.units - p.fee), kind: INTERNAL_KIND }];
  if (p.fee > 0n) {
    moves.push({ from: sender, to: { system: 'fees' }, coin, amount: Number(p.fee), kind: INTERNAL_FEE_KIND });
  }
  try {
    await d.app.exchange.transact(`internal:${id}`, moves, () =>
      d.insert(
        id,
        p.sender.id,
        p.recipient.id,
        coin,
        Number(p.units),
        Number(p.fee),
        p.type,
        input.requestId ?? null,
        now,
      ),
    );
  } catch (error) {
    throw ledgerRefusal(error, coin);
  }
  await tellRecipient(d, p, id, now);
  return oneInternal(d, userId, id);
}

/**
 * Internal transfers (spec shell §7 "internal transfer (fee-info, code, member-exist, transfer-check, transfer)"):
 * money from the sender's funds wallet to another member's funds wallet, settled at once as one ledger txn
 * `internal:{id}` (kinds internal_transfer and internal_fee) with its record, confirmed by the codes of the sender's
 * verifyList and the Google code; the recipient gets an in-site message.
 */
export function internalTransfers(app: FastifyInstance) {
  const d = internalDeps(app);
  const once = new Once<InternalTransferView>();
  const lookups = new RateCounter(MEMBER_LOOKUPS_PER_HOUR, 60 * 60 * 1000);
  return {
    /** Whether a member exists, with a masked name; never more (rate limited per user). */
    async memberExist(userId: number, input: RecipientInput) {
      if (!lookups.hit(`member:${userId}`, app.clock())) {
        throw new ApiError(429, ApiCode.tooManyRequests, 'tooManyRequests');
      }
      const { user } = await findMember(d.db, input);
      if (!user) return { exist: false, name: null, self: false };
      return { exist: true, name: maskName(user.username), self: user.id === userId };
    },

    async feeInfo(userId: number, unit: string): Promise<InternalFeeInfo> {
      const coin = await coinOf(d.catalogue, unit);
      const rule = await coinRule(d.db, coin);
      return {
        coin: coin.unit,
        decimals: coin.decimals,
        fee: fromUnits(rule.fee, coin.decimals),
        minAmount: fromUnits(rule.min, coin.decimals),
        enabled: rule.enabled,
        available: fromUnits(d.fundsOf(userId, coin.unit), coin.decimals),
      };
    },

    /** Sends the internal-transfer code to one of the sender's bound addresses. */
    async sendCode(request: FastifyRequest, userId: number, channel: 'email' | 'phone', lang: Lang): Promise<void> {
      await sendFactorCode(app, request, await d.me(userId), channel, internalPurpose(userId), lang);
    },

    /** Validates a transfer without moving money or spending codes (the codes given are checked). */
    async check(userId: number, input: InternalTransferInput) {
      const p = await prepareTransfer(d, userId, input);
      await checkFactors(app, p.sender, p.security, input, false);
      return {
        coin: p.coin.unit,
        amount: fromUnits(p.units, p.coin.decimals),
        fee: fromUnits(p.fee, p.coin.decimals),
        arrivedAmount: fromUnits(p.units - p.fee, p.coin.decimals),
        recipient: { type: p.type, name: maskName(p.recipient.username) },
      };
    },

    /** Moves the money; a repeated requestId answers the first transfer instead of moving again. */
    transfer(userId: number, input: InternalTransferInput): Promise<InternalTransferView> {
      // A blank key is no key: it must never reach the unique (sender, request id) index.
      const requestId = input.requestId?.trim() || undefined;
      if (!requestId) return moveInternal(d, userId, { ...input, requestId: undefined });
      return once.run(`${userId}:${requestId}`, async () => {
        const done = await d.db
          .selectFrom('internal_transfers')
          .select('id')
          .where('sender_id', '=', userId)
          .where('request_id', '=', requestId)
          .executeTakeFirst();
        return done ? oneInternal(d, userId, done.id) : moveInternal(d, userId, { ...input, requestId });
      });
    },

    list: (userId: number, query: InternalListQuery) => listInternal(d, userId, query),
  };
}
export type InternalTransfers = ReturnType<typeof internalTransfers>;
