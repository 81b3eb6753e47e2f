import type { FastifyInstance } from 'fastify';
import type { AddressEntry } from '../../common/contracts/assets.ts';
import type { Page } from '../../common/contracts/envelope.ts';
import { normalizeEmail, normalizePhone } from '../account/rules.ts';
import type { User } from '../db/schema.ts';
import { DepositCode, refuse } from './deposit-errors.ts';
import { depositDb, type WithdrawAddress } from './deposit-tables.ts';
import { addressKey, checkDestination, type NetworksRepository, normalizeName } from './networks.ts';

/** A sane size for one person's address book (on-chain and internal entries together). */
export const MAX_BOOK_ENTRIES = 100;
export const MAX_REMARK = 64;

/** transferType of an entry: an on-chain address, or a member of the exchange (internal transfer). */
export const TRANSFER_TYPE = { chain: 0, internal: 1 } as const;

export const entryView = (e: WithdrawAddress): AddressEntry => ({
  id: e.id,
  address: e.address,
  protocol: e.protocol,
  tag: e.tag,
  transferType: e.transfer_type,
  areaCode: e.area_code,
  uid: e.uid,
  email: e.email,
  mobile: e.mobile,
  coin: e.coin,
  remark: e.remark,
  time: e.created_at,
  updateTime: e.updated_at,
});

export interface EntryInput {
  transferType: number;
  coin?: string | undefined;
  protocol?: string | undefined;
  address?: string | undefined;
  tag?: string | undefined;
  uid?: string | undefined;
  email?: string | undefined;
  mobile?: string | undefined;
  areaCode?: string | undefined;
  remark?: string | undefined;
}

type EntryFields = Omit<WithdrawAddress, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

const EMPTY = { coin: '', protocol: '', address: '', tag: '', area_code: '', uid: '', email: '', mobile: '' };

/** The stored form of an entry, checked: an address valid on its network, or one way to name a member. */
async function entryFields(
  app: FastifyInstance,
  networks: NetworksRepository,
  user: User,
  input: EntryInput,
): Promise<EntryFields> {
  const remark = (input.remark ?? '').trim();
  if ([...remark].length > MAX_REMARK)
    throw refuse(DepositCode.remarkTooLong, 'addressBookRemarkTooLong', { max: MAX_REMARK });
  if (input.transferType === TRANSFER_TYPE.chain) {
    const network = await networks.require(input.coin ?? '', input.protocol ?? '', 'withdraw');
    const { address, tag } = checkDestination(network, input.address ?? '', input.tag);
    return {
      ...EMPTY,
      transfer_type: TRANSFER_TYPE.chain,
      coin: network.coin,
      protocol: network.protocol,
      address,
      tag,
      remark,
      target_key: `chain:${network.coin}:${network.protocol}:${addressKey(network.family, address)}:${tag}`,
    };
  }
  return memberEntry(app, user, input, remark);
}

/** An internal entry names a member by one of uid, e-mail or mobile (with its area code); the coin is optional. */
async function memberEntry(app: FastifyInstance, user: User, input: EntryInput, remark: string): Promise<EntryFields> {
  let coin = '';
  if (input.coin?.trim()) {
    coin = normalizeName(input.coin);
    const known = await app.store.db.selectFrom('coins').select('unit').where('unit', '=', coin).executeTakeFirst();
    if (!known) throw refuse(DepositCode.networkUnavailable, 'unknownCoin', { unit: coin });
  }
  const base = { ...EMPTY, transfer_type: TRANSFER_TYPE.internal, coin, remark };
  const uid = input.uid?.trim();
  if (uid) {
    if (!/^\d{8}$/.test(uid)) throw refuse(DepositCode.memberInvalid, 'addressBookUidInvalid');
    if (uid === user.uid) throw refuse(DepositCode.memberInvalid, 'addressBookSelf');
    return { ...base, uid, target_key: `member:uid:${uid}` };
  }
  if (input.email?.trim()) {
    const email = normalizeEmail(input.email);
    if (email === user.email) throw refuse(DepositCode.memberInvalid, 'addressBookSelf');
    return { ...base, email, target_key: `member:email:${email}` };
  }
  if (input.mobile?.trim()) {
    const mobile = normalizePhone(input.mobile);
    const country = await app.account.repo.country(input.areaCode ?? '');
    if (!country) throw refuse(DepositCode.memberInvalid, 'unknownCountry', { country: input.areaCode ?? '' });
    if (mobile === user.mobile && country.area_code === user.area_code) {
      throw refuse(DepositCode.memberInvalid, 'addressBookSelf');
    }
    return {
      ...base,
      mobile,
      area_code: country.area_code,
      target_key: `member:mobile:${country.area_code}:${mobile}`,
    };
  }
  throw refuse(DepositCode.memberInvalid, 'addressBookMemberMissing');
}

type EntryFilter = { coin?: string | undefined; protocol?: string | undefined; transferType?: number | undefined };

/** One page of a user's entries, newest first, narrowed by coin, network and kind. */
async function entryPage(
  db: ReturnType<typeof depositDb>,
  userId: number,
  pageNo: number,
  pageSize: number,
  filter: EntryFilter,
): Promise<Page<AddressEntry>> {
  let query = db.selectFrom('withdraw_addresses').where('user_id', '=', userId);
  if (filter.coin) query = query.where('coin', '=', normalizeName(filter.coin));
  if (filter.protocol) query = query.where('protocol', '=', normalizeName(filter.protocol));
  if (filter.transferType !== undefined) query = query.where('transfer_type', '=', filter.transferType);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map(entryView), total: Number(count.n), pageNo, pageSize };
}

/** The withdrawal address book (/withdraw/address): own entries only, validated per network, no duplicates. */
export function addressBook(app: FastifyInstance, networks: NetworksRepository) {
  const db = depositDb(app.store.db);

  const fields = (user: User, input: EntryInput) => entryFields(app, networks, user, input);

  const own = (userId: number, id: number) =>
    db
      .selectFrom('withdraw_addresses')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();

  const duplicate = (error: unknown) => error instanceof Error && /UNIQUE/.test(error.message);

  return {
    page: (userId: number, pageNo: number, pageSize: number, filter: EntryFilter = {}) =>
      entryPage(db, userId, pageNo, pageSize, filter),

    /** The internal entries (transferType 1), for the internal-transfer panel; those for any coin or for `coin`. */
    async internal(userId: number, coin?: string): Promise<AddressEntry[]> {
      let query = db
        .selectFrom('withdraw_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .where('transfer_type', '=', TRANSFER_TYPE.internal);
      if (coin) query = query.where('coin', 'in', ['', normalizeName(coin)]);
      return (await query.orderBy('id', 'desc').execute()).map(entryView);
    },

    async add(user: User, input: EntryInput): Promise<AddressEntry> {
      const row = await fields(user, input);
      const count = await db
        .selectFrom('withdraw_addresses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_BOOK_ENTRIES) {
        throw refuse(DepositCode.addressBookFull, 'addressBookFull', { max: MAX_BOOK_ENTRIES });
      }
      const now = app.clock();
      try {
        const made = await db
          .insertInto('withdraw_addresses')
          .values({ ...row, user_id: user.id, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        return entryView(made);
      } catch (error) {
        if (duplicate(error)) throw refuse(DepositCode.addressBookDuplicate, 'addressBookDuplicate');
        throw error;
      }
    },

    async edit(user: User, id: number, input: EntryInput): Promise<AddressEntry> {
      if (!(await own(user.id, id))) throw refuse(DepositCode.recordNotFound, 'addressBookNotFound');
      const row = await fields(user, input);
      try {
        await db
          .updateTable('withdraw_addresses')
          .set({ ...row, updated_at: app.clock() })
          .where('id', '=', id)
          .where('user_id', '=', user.id)
          .execute();
      } catch (error) {
        if (duplicate(error)) throw refuse(DepositCode.addressBookDuplicate, 'addressBookDuplicate');
        throw error;
      }
      const updated = await own(user.id, id);
      if (!updated) throw refuse(DepositCode.recordNotFound, 'addressBookNotFound');
      return entryView(updated);
    },

    async remove(userId: number, id: number): Promise<void> {
      const result = await db
        .deleteFrom('withdraw_addresses')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw refuse(DepositCode.recordNotFound, 'addressBookNotFound');
    },
  };
}
export type AddressBook = ReturnType<typeof addressBook>;
