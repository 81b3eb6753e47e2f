import type { FastifyInstance } from 'fastify';
import type { DepositAddressView, DepositView, MemoType } from '../../common/contracts/assets.ts';
import type { Page } from '../../common/contracts/envelope.ts';
import { compare } from '../../common/decimal.ts';
import { sqliteOf } from '../db/database.ts';
import type { Move, UserPocket } from '../ledger/accounts.ts';
import { DepositCode, refuse } from './deposit-errors.ts';
import { type Deposit, type DepositAddress, depositDb } from './deposit-tables.ts';
import { encodeAddress, fakeTxHash, hotWalletAddress, newMemo, newSeed } from './network-address.ts';
import type { ChainFamily } from './network-catalogue.ts';
import { type Network, type NetworksRepository, normalizeName, parseAmount, unitsOf } from './networks.ts';
import { periodicJob } from './periodic.ts';
import { coinCatalogue } from './transfer-common.ts';

/** A deposit's life: pending while it gathers confirmations, confirmed once credited; failed if it cannot be. */
export const DEPOSIT_STATUS = { pending: 0, confirmed: 1, failed: 2 } as const;

/** The system account deposits come from (ledger kind `deposit`). */
export const DEPOSITS_ACCOUNT = 'deposits';

export const depositView = (d: Deposit): DepositView => ({
  id: d.id,
  coin: d.coin,
  protocol: d.protocol,
  address: d.address,
  memo: d.memo,
  amount: d.amount,
  txHash: d.tx_hash,
  confirmations: d.confirmations,
  requiredConfirmations: d.required_confirmations,
  status: d.status,
  createTime: d.created_at,
  confirmTime: d.confirmed_at,
});

/** Who a simulated deposit goes to: one of their deposit addresses, or a user and a coin on a network. */
export type DepositTarget =
  | { address: string; memo?: string | undefined }
  | { coin: string; protocol: string; uid?: string | undefined; email?: string | undefined };

/** Hex addresses are made lower-case here, so that a pasted checksummed one finds its record. */
const lookupForm = (address: string) => (/^0x[0-9a-fA-F]+$/.test(address) ? address.toLowerCase() : address);

/** Tries before giving up on a fresh address or memo that keeps colliding (astronomically rare). */
const ADDRESS_TRIES = 8;

/** A deposit address as the API shows it, with its network's memo type. */
function addressView(a: DepositAddress, memoType: MemoType | null): DepositAddressView {
  return {
    coin: a.coin,
    protocol: a.protocol,
    address: a.address,
    memo: a.memo,
    memoType,
    createTime: a.created_at,
  };
}

/** Deposit addresses: one per user and network, made on first use. */
function depositAddresses(app: FastifyInstance) {
  const db = depositDb(app.store.db);
  const findAddress = (userId: number, coin: string, protocol: string) =>
    db
      .selectFrom('deposit_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .where('coin', '=', coin)
      .where('protocol', '=', protocol)
      .executeTakeFirst();

  /** The user's address on the network, made on first use: unique, in the network's format. */
  const ensureAddress = async (userId: number, network: Network): Promise<DepositAddress> => {
    const existing = await findAddress(userId, network.coin, network.protocol);
    if (existing) return existing;
    const family = network.family as ChainFamily;
    for (let attempt = 0; attempt < ADDRESS_TRIES; attempt++) {
      const shared = network.memo_type !== null;
      const row = {
        user_id: userId,
        coin: network.coin,
        protocol: network.protocol,
        address: shared ? hotWalletAddress(family, network.coin, network.protocol) : encodeAddress(family, newSeed()),
        memo: shared ? newMemo() : '',
        created_at: app.clock(),
      };
      try {
        return await db.insertInto('deposit_addresses').values(row).returningAll().executeTakeFirstOrThrow();
      } catch (error) {
        if (!(error instanceof Error) || !/UNIQUE/.test(error.message)) throw error;
        // Another request made this user's address first: that one is the address.
        const made = await findAddress(userId, network.coin, network.protocol);
        if (made) return made;
      }
    }
    throw new Error(`no free deposit address for ${network.coin}/${network.protocol}`);
  };
  return { findAddress, ensureAddress };
}

/** The user a simulated deposit names by uid or e-mail. */
function userByUidOrEmail(app: FastifyInstance, uid: string | undefined, email: string | undefined) {
  let query = app.store.db.selectFrom('users').select('id');
  if (uid) query = query.where('uid', '=', uid.trim());
  else if (email) query = query.where('email', '=', email.trim().toLowerCase());
  else return Promise.resolve(undefined);
  return query.executeTakeFirst();
}

/** The deposit address a simulated deposit is sent to, and its network. */
async function simulationTarget(
  app: FastifyInstance,
  networks: NetworksRepository,
  ensureAddress: (userId: number, network: Network) => Promise<DepositAddress>,
  target: DepositTarget,
): Promise<{ to: DepositAddress; network: Network }> {
  const db = depositDb(app.store.db);
  if ('address' in target) {
    const address = lookupForm(target.address.trim());
    const rows = await db.selectFrom('deposit_addresses').selectAll().where('address', '=', address).execute();
    const first = rows[0];
    if (!first) throw refuse(DepositCode.unknownDepositAddress, 'depositAddressUnknown', { address });
    const network = await networks.require(first.coin, first.protocol, 'deposit');
    if (network.memo_type === null) return { to: first, network };
    // A shared address: the memo picks the receiver; without it a real chain would lose the money.
    const memo = target.memo?.trim() ?? '';
    if (memo === '') {
      throw refuse(
        DepositCode.memoRequired,
        network.memo_type === 'TAG' ? 'networkTagRequired' : 'networkMemoRequired',
      );
    }
    const to = rows.find((r) => r.memo === memo);
    if (!to)
      throw refuse(DepositCode.unknownDepositAddress, 'depositAddressUnknown', { address: `${address} ${memo}` });
    return { to, network };
  }
  const network = await networks.require(target.coin, target.protocol, 'deposit');
  const user = await userByUidOrEmail(app, target.uid, target.email);
  if (!user) throw refuse(DepositCode.unknownDepositAddress, 'depositAddressUnknown', { address: target.uid ?? '' });
  return { to: await ensureAddress(user.id, network), network };
}

/**
 * The confirmation step: adds the confirmations that are due (catching up after a pause) and credits the deposits
 * that have them all, once each.
 */
function confirmationStep(app: FastifyInstance) {
  const db = depositDb(app.store.db);
  const { exchange } = app;
  const stepMs = app.config.depositConfirmMs;
  const catalogue = coinCatalogue(app);
  const sqlite = sqliteOf(app.store.db);
  const markCredited = sqlite.prepare(
    'update deposits set status = 1, confirmations = required_confirmations, confirmed_at = ? where id = ? and status = 0',
  );

  /** Credits a deposit that has its confirmations (even if deposits were suspended since: it is on chain). */
  const credit = async (d: Deposit, now: number) => {
    const coin = (await catalogue()).get(d.coin);
    if (!coin) throw new Error(`deposit ${d.id} of unknown coin ${d.coin}`);
    const units = unitsOf(d.amount, coin.decimals);
    const to: UserPocket = { userId: d.user_id, wallet: 'funds' };
    if (exchange.accounts.pocketAmount(to, d.coin) + units > Number.MAX_SAFE_INTEGER) {
      // Beyond what the ledger holds exactly: the deposit is refused rather than rounded.
      await db.updateTable('deposits').set({ status: DEPOSIT_STATUS.failed }).where('id', '=', d.id).execute();
      app.log.error({ deposit: d.id }, 'deposit would overflow the balance; marked failed');
      return;
    }
    const moves: Move[] = [{ from: { system: DEPOSITS_ACCOUNT }, to, coin: d.coin, amount: units, kind: 'deposit' }];
    await exchange.transact(`deposit:${d.id}`, moves, () => {
      // The status flip is the guard: a deposit no longer pending refuses the move, and nothing changes (the write
      // and the credit share one SQLite transaction with the journal row).
      if (markCredited.run(now, d.id).changes !== 1) throw new Error(`deposit ${d.id} is no longer pending`);
    });
  };

  /** Adds the confirmations that are due (catching up after a pause) and credits the deposits that have them all. */
  const confirmDue = async () => {
    const now = app.clock();
    const due = await db
      .selectFrom('deposits')
      .selectAll()
      .where('status', '=', DEPOSIT_STATUS.pending)
      .where('next_confirm_at', '<=', now)
      .orderBy('id')
      .limit(500)
      .execute();
    for (const d of due) {
      const steps = Math.floor((now - d.next_confirm_at) / stepMs) + 1;
      const confirmations = Math.min(d.required_confirmations, d.confirmations + steps);
      try {
        if (confirmations >= d.required_confirmations) await credit(d, now);
        else {
          await db
            .updateTable('deposits')
            .set({ confirmations, next_confirm_at: d.next_confirm_at + steps * stepMs })
            .where('id', '=', d.id)
            .where('status', '=', DEPOSIT_STATUS.pending)
            .execute();
        }
      } catch (error) {
        app.log.error({ err: error, deposit: d.id }, 'deposit confirmation failed');
      }
    }
  };
  return confirmDue;
}

/**
 * Deposit addresses, deposit records and the deposit simulator: the reference exchange has no blockchain, so a
 * simulated deposit is recorded pending with 0/N confirmations; a timer adds confirmations as the (injected) clock
 * moves and at N credits the funds wallet once (ledger kind `deposit`): the record's status flip, the credit and the
 * journal row are one SQLite transaction, and a deposit that is not pending any more refuses the credit. Pending
 * deposits resume when the server starts again.
 */
export function depositService(app: FastifyInstance, networks: NetworksRepository) {
  const db = depositDb(app.store.db);
  const stepMs = app.config.depositConfirmMs;
  const { findAddress, ensureAddress } = depositAddresses(app);
  const resolveTarget = (target: DepositTarget) => simulationTarget(app, networks, ensureAddress, target);
  const confirmDue = confirmationStep(app);

  // Runs every confirmation step (at most a second), resuming at start what was pending when the server stopped.
  const job = periodicJob(confirmDue, Math.max(5, Math.min(stepMs, 1000)), (error) =>
    app.log.error({ err: error }, 'deposit timer failed'),
  );

  return {
    async readAddress(userId: number, coin: string, protocol: string): Promise<DepositAddressView | null> {
      const network = await networks.require(coin, protocol, 'deposit');
      const found = await findAddress(userId, network.coin, network.protocol);
      return found ? addressView(found, network.memo_type as MemoType | null) : null;
    },

    async createAddress(userId: number, coin: string, protocol: string): Promise<DepositAddressView> {
      const network = await networks.require(coin, protocol, 'deposit');
      return addressView(await ensureAddress(userId, network), network.memo_type as MemoType | null);
    },

    /** Records a simulated deposit (pending, 0 of N confirmations); the timer takes it from there. */
    async simulate(target: DepositTarget, amountText: string): Promise<DepositView> {
      const { to, network } = await resolveTarget(target);
      const { amount } = parseAmount(amountText, network.coin, network.decimals);
      if (compare(amount, network.deposit_min) < 0) {
        throw refuse(DepositCode.belowMinimum, 'depositBelowMin', { min: network.deposit_min, coin: network.coin });
      }
      const now = app.clock();
      const row = await db
        .insertInto('deposits')
        .values({
          user_id: to.user_id,
          coin: network.coin,
          protocol: network.protocol,
          address: to.address,
          memo: to.memo,
          amount,
          tx_hash: fakeTxHash(network.family as ChainFamily),
          confirmations: 0,
          required_confirmations: network.confirmations,
          status: DEPOSIT_STATUS.pending,
          created_at: now,
          next_confirm_at: now + stepMs,
          confirmed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return depositView(row);
    },

    /** The user's deposits, newest first, 10 a page by default (spec shell §9). */
    async list(userId: number, pageNo: number, pageSize: number, coin?: string): Promise<Page<DepositView>> {
      let query = db.selectFrom('deposits').where('user_id', '=', userId);
      if (coin) query = query.where('coin', '=', normalizeName(coin));
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { records: rows.map(depositView), total: Number(count.n), pageNo, pageSize };
    },

    /** One of the user's deposits; another user's is not found, like a missing one. */
    async info(userId: number, id: number): Promise<DepositView> {
      const row = await db
        .selectFrom('deposits')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) throw refuse(DepositCode.recordNotFound, 'depositNotFound');
      return depositView(row);
    },

    tick: job.tick,
    /** Starts the confirmation timer; the first tick resumes what was pending when the server stopped. */
    start: job.start,
    stop: job.stop,
  };
}
export type DepositService = ReturnType<typeof depositService>;
