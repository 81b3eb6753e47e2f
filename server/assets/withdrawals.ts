import type { FastifyInstance } from 'fastify';
import type { WithdrawalView } from '../../common/contracts/assets.ts';
import type { Page } from '../../common/contracts/envelope.ts';
import { compare, fromUnits } from '../../common/decimal.ts';
import type { FactorInput } from '../account/factors.ts';
import { mask, verifyList } from '../account/rules.ts';
import { sqliteOf } from '../db/database.ts';
import type { User } from '../db/schema.ts';
import { FEES_ACCOUNT, InsufficientFunds, type Move, type UserPocket } from '../ledger/accounts.ts';
import { DepositCode, refuse } from './deposit-errors.ts';
import { depositDb, type Withdrawal } from './deposit-tables.ts';
import { fakeTxHash } from './network-address.ts';
import type { ChainFamily } from './network-catalogue.ts';
import {
  addressKey,
  checkDestination,
  type NetworksRepository,
  normalizeName,
  parseAmount,
  unitsOf,
} from './networks.ts';
import { periodicJob } from './periodic.ts';
import { RecordIds } from './transfer-common.ts';
import { requireWithdrawAllowed, requireWithdrawFactors } from './withdraw-factors.ts';

/** A withdrawal's life: pending (under review, cancellable) → processing → done, or cancelled / failed (unfrozen). */
export const WITHDRAW_STATUS = { pending: 0, processing: 1, done: 2, cancelled: 3, failed: 4 } as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUS)[keyof typeof WITHDRAW_STATUS];
export type WithdrawStatusName = keyof typeof WITHDRAW_STATUS;

/** The system account withdrawals leave to (ledger kind `withdraw`); the network fee goes to `fees`. */
export const WITHDRAWALS_ACCOUNT = 'withdrawals';

/** Without an idempotency key, the same withdrawal again within this time is taken for a double submit. */
export const DUPLICATE_WINDOW_MS = 10_000;

export const withdrawalView = (w: Withdrawal): WithdrawalView => ({
  id: w.id,
  coin: w.coin,
  protocol: w.protocol,
  address: w.address,
  tag: w.tag,
  amount: w.amount,
  fee: w.fee,
  arrivedAmount: w.arrived_amount,
  status: w.status,
  txHash: w.tx_hash,
  reason: w.reason,
  createTime: w.created_at,
  updateTime: w.updated_at,
  processingTime: w.processing_at,
  finishTime: w.finished_at,
  cancellable: w.status === WITHDRAW_STATUS.pending,
});

export interface WithdrawRequest extends FactorInput {
  coin: string;
  protocol: string;
  address: string;
  tag?: string | undefined;
  amount: string;
  /** The client's idempotency key: the same key again answers the first withdrawal. */
  requestKey?: string | undefined;
}

/** Runs tasks one after another: every status change of a withdrawal happens under it, so none races another. */
class Serial {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** What every withdrawal step shares: the tables, the ledger, the clock, and the lock all status changes run under. */
function withdrawalDeps(app: FastifyInstance) {
  const db = depositDb(app.store.db);
  const sqlite = sqliteOf(app.store.db);
  const insertRow = sqlite.prepare(
    `insert into withdrawals (id, user_id, coin, protocol, address, tag, amount, fee, arrived_amount, status,
       request_key, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  );
  const finishRow = sqlite.prepare(
    `update withdrawals set status = ?, tx_hash = coalesce(?, tx_hash), reason = ?, updated_at = ?, finished_at = ?
       where id = ? and status = ?`,
  );
  return {
    app,
    db,
    serial: new Serial(),
    insert: (...values: unknown[]): void => {
      insertRow.run(...values);
    },
    /** Finishes a record still in `status` (the last value); answers how many rows changed. */
    finishStatus: (...values: unknown[]): number => finishRow.run(...values).changes,
    // Ids are given here, before the freeze, so that the ledger transaction can carry the record's id.
    ids: new RecordIds(sqlite, 'withdrawals'),
    decimalsOf: async (coin: string) =>
      (await app.store.db.selectFrom('coins').select('decimals').where('unit', '=', coin).executeTakeFirstOrThrow())
        .decimals,
    funds: (userId: number, coin: string) => {
      const b = app.exchange.accounts.walletBalancesOf(userId, 'funds').get(coin);
      return { available: b?.available ?? 0, frozen: b?.frozen ?? 0 };
    },
    own: (userId: number, id: number) =>
      db.selectFrom('withdrawals').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),
    reload: (id: number) => db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  };
}
type WithdrawalDeps = ReturnType<typeof withdrawalDeps>;

/**
 * The status changes that move money. Every one is one `exchange.transact` whose write changes the record's status
 * in the same SQLite transaction as the ledger change; callers hold the lock (`serial`).
 */
function withdrawalMoves(d: WithdrawalDeps) {
  const { app, db, finishStatus } = d;
  /** Refuses the move (nothing changes) if the record left this state: the lock makes that a should-not-happen. */
  const finish = (
    w: Withdrawal,
    moves: Move[],
    status: WithdrawStatus,
    txHash: string | null,
    reason: string | null,
  ) => {
    const now = app.clock();
    return app.exchange.transact(`withdraw:${w.id}`, moves, () => {
      const changed = finishStatus(status, txHash, reason, now, now, w.id, w.status);
      if (changed !== 1) throw new Error(`withdrawal ${w.id} changed under the lock`);
    });
  };
  return {
    /** The amount goes back to available; the record becomes cancelled or failed. */
    async release(w: Withdrawal, status: 'cancelled' | 'failed', reason: string) {
      const units = unitsOf(w.amount, await d.decimalsOf(w.coin));
      const available: UserPocket = { userId: w.user_id, wallet: 'funds' };
      const moves: Move[] = [
        { from: { ...available, frozen: true }, to: available, coin: w.coin, amount: units, kind: 'withdraw_unfreeze' },
      ];
      await finish(w, moves, WITHDRAW_STATUS[status], null, reason);
    },

    /** The amount leaves: what arrives to the outside world, the fee to the fees account; the record is done. */
    async complete(w: Withdrawal) {
      const decimals = await d.decimalsOf(w.coin);
      const frozen: UserPocket = { userId: w.user_id, wallet: 'funds', frozen: true };
      const arrived = unitsOf(w.arrived_amount, decimals);
      const moves: Move[] = [
        { from: frozen, to: { system: WITHDRAWALS_ACCOUNT }, coin: w.coin, amount: arrived, kind: 'withdraw' },
      ];
      const fee = unitsOf(w.fee, decimals);
      if (fee > 0)
        moves.push({ from: frozen, to: { system: FEES_ACCOUNT }, coin: w.coin, amount: fee, kind: 'withdraw_fee' });
      const network = await db
        .selectFrom('coin_networks')
        .select('family')
        .where('coin', '=', w.coin)
        .where('protocol', '=', w.protocol)
        .executeTakeFirst();
      await finish(w, moves, WITHDRAW_STATUS.done, fakeTxHash((network?.family ?? 'evm') as ChainFamily), null);
    },

    /** Review is over: no money moves, the record only changes state. */
    async startProcessing(w: Withdrawal): Promise<Withdrawal> {
      const now = app.clock();
      await db
        .updateTable('withdrawals')
        .set({ status: WITHDRAW_STATUS.processing, processing_at: now, updated_at: now })
        .where('id', '=', w.id)
        .where('status', '=', WITHDRAW_STATUS.pending)
        .execute();
      return { ...w, status: WITHDRAW_STATUS.processing, processing_at: now, updated_at: now };
    },
  };
}
type WithdrawalMoves = ReturnType<typeof withdrawalMoves>;

/** The processor: reviewed withdrawals start processing, processed ones are done; what is due, 500 of each a run. */
function withdrawalProcessor(d: WithdrawalDeps, moves: WithdrawalMoves) {
  const { app, db } = d;
  const { withdrawReviewMs: reviewMs, withdrawProcessMs: processMs } = app.config;
  const processDue = () =>
    d.serial.run(async () => {
      const now = app.clock();
      const reviewed = await db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', '=', WITHDRAW_STATUS.pending)
        .where('created_at', '<=', now - reviewMs)
        .orderBy('id')
        .limit(500)
        .execute();
      for (const w of reviewed) await moves.startProcessing(w);
      const processed = await db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', '=', WITHDRAW_STATUS.processing)
        .where('processing_at', '<=', now - processMs)
        .orderBy('id')
        .limit(500)
        .execute();
      for (const w of processed) {
        try {
          await moves.complete(w);
        } catch (error) {
          app.log.error({ err: error, withdrawal: w.id }, 'withdrawal could not complete');
        }
      }
    });
  return periodicJob(processDue, Math.max(5, Math.min(reviewMs, processMs, 1000)), (error) =>
    app.log.error({ err: error }, 'withdrawal processor failed'),
  );
}

/** What the withdraw form needs: the funds wallet's balance of the coin and how the user confirms. */
async function withdrawInfo(d: WithdrawalDeps, user: User, coinText: string) {
  const coin = normalizeName(coinText);
  const decimals = await d.decimalsOf(coin).catch(() => {
    throw refuse(DepositCode.networkUnavailable, 'unknownCoin', { unit: coin });
  });
  const sec = await d.app.account.repo.security(user.id);
  const b = d.funds(user.id, coin);
  return {
    coin,
    available: fromUnits(BigInt(b.available), decimals),
    frozen: fromUnits(BigInt(b.frozen), decimals),
    verifyList: verifyList(user),
    email: mask(user.email),
    mobile: mask(user.mobile),
    googleStatus: sec.google_enabled ? 1 : 0,
    lockedUntil: sec.withdraw_locked_until > d.app.clock() ? sec.withdraw_locked_until : 0,
  };
}

/** A withdrawal checked against the network's rules and the user's own addresses, before the lock is taken. */
async function planWithdrawal(d: WithdrawalDeps, networks: NetworksRepository, user: User, input: WithdrawRequest) {
  await requireWithdrawAllowed(d.app, user);
  const network = await networks.require(input.coin, input.protocol, 'withdraw');
  const { address, tag } = checkDestination(network, input.address, input.tag);
  const mine = await d.db
    .selectFrom('deposit_addresses')
    .select(['address', 'memo'])
    .where('user_id', '=', user.id)
    .where('protocol', '=', network.protocol)
    .execute();
  const key = addressKey(network.family, address);
  if (mine.some((a) => addressKey(network.family, a.address) === key && a.memo === tag)) {
    throw refuse(DepositCode.ownAddress, 'withdrawalOwnAddress');
  }
  const { amount, units } = parseAmount(input.amount, network.coin, network.decimals);
  if (compare(amount, network.withdraw_min) < 0 || compare(amount, network.withdraw_fee) <= 0) {
    throw refuse(DepositCode.belowMinimum, 'withdrawalBelowMin', { min: network.withdraw_min, coin: network.coin });
  }
  const feeUnits = unitsOf(network.withdraw_fee, network.decimals);
  const arrived = fromUnits(BigInt(units - feeUnits), network.decimals);
  return { network, address, tag, amount, units, arrived };
}
type WithdrawalPlan = Awaited<ReturnType<typeof planWithdrawal>>;

const insufficient = (d: WithdrawalDeps, userId: number, { network }: WithdrawalPlan) =>
  refuse(DepositCode.insufficientBalance, 'withdrawalInsufficient', {
    available: fromUnits(BigInt(d.funds(userId, network.coin).available), network.decimals),
    coin: network.coin,
  });

/** The first withdrawal of this request key; without a key, refuses the same withdrawal again soon (a double submit). */
async function earlierWithdrawal(
  d: WithdrawalDeps,
  userId: number,
  requestKey: string | undefined,
  p: WithdrawalPlan,
  now: number,
) {
  if (requestKey) {
    return d.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('user_id', '=', userId)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  }
  const again = await d.db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('coin', '=', p.network.coin)
    .where('protocol', '=', p.network.protocol)
    .where('address', '=', p.address)
    .where('tag', '=', p.tag)
    .where('amount', '=', p.amount)
    .where('created_at', '>', now - DUPLICATE_WINDOW_MS)
    .executeTakeFirst();
  if (again) throw refuse(DepositCode.duplicateWithdrawal, 'withdrawalDuplicate');
  return undefined;
}

/** Creates a withdrawal: everything is checked, then the codes are spent and the amount frozen with the record. */
async function createWithdrawal(
  d: WithdrawalDeps,
  networks: NetworksRepository,
  user: User,
  input: WithdrawRequest,
): Promise<WithdrawalView> {
  const p = await planWithdrawal(d, networks, user, input);
  const { network } = p;
  return d.serial.run(async () => {
    const now = d.app.clock();
    const first = await earlierWithdrawal(d, user.id, input.requestKey, p, now);
    if (first) return withdrawalView(first);
    if (d.funds(user.id, network.coin).available < p.units) throw insufficient(d, user.id, p);
    await requireWithdrawFactors(d.app, user, input);
    const id = d.ids.next();
    const available: UserPocket = { userId: user.id, wallet: 'funds' };
    const freeze: Move = {
      from: available,
      to: { ...available, frozen: true },
      coin: network.coin,
      amount: p.units,
      kind: 'withdraw_freeze',
    };
    try {
      await d.app.exchange.transact(`withdraw:${id}`, [freeze], () => {
        d.insert(
          id,
          user.id,
          network.coin,
          network.protocol,
          p.address,
          p.tag,
          p.amount,
          network.withdraw_fee,
          p.arrived,
          input.requestKey ?? null,
          now,
          now,
        );
      });
    } catch (error) {
      // Spent between the check and the freeze (an order, a transfer): the record rolled back with it.
      if (error instanceof InsufficientFunds) throw insufficient(d, user.id, p);
      throw error;
    }
    return withdrawalView(await d.reload(id));
  });
}

/**
 * Dev only (tests, the e2e journeys): moves a withdrawal on at once: to processing, done (through processing),
 * or cancelled / failed (the review or the chain refused it; the amount is unfrozen).
 */
function advanceWithdrawal(
  d: WithdrawalDeps,
  moves: WithdrawalMoves,
  id: number,
  to: Exclude<WithdrawStatusName, 'pending'>,
  reason?: string,
): Promise<WithdrawalView> {
  return d.serial.run(async () => {
    let w = await d.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!w) throw refuse(DepositCode.recordNotFound, 'withdrawalNotFound');
    const open = w.status === WITHDRAW_STATUS.pending || w.status === WITHDRAW_STATUS.processing;
    const from = (Object.keys(WITHDRAW_STATUS) as WithdrawStatusName[]).find((k) => WITHDRAW_STATUS[k] === w?.status);
    if (!open || (to === 'processing' && w.status !== WITHDRAW_STATUS.pending)) {
      throw refuse(DepositCode.badTransition, 'withdrawalBadTransition', { from: from ?? String(w.status), to });
    }
    if (to === 'processing') await moves.startProcessing(w);
    else if (to === 'done') {
      if (w.status === WITHDRAW_STATUS.pending) w = await moves.startProcessing(w);
      await moves.complete(w);
    } else await moves.release(w, to, reason ?? (to === 'failed' ? 'chain' : 'review'));
    return withdrawalView(await d.reload(id));
  });
}

/** The user's withdrawals, newest first, 10 a page by default (spec shell §9). */
async function listWithdrawals(
  d: WithdrawalDeps,
  userId: number,
  pageNo: number,
  pageSize: number,
  filter: { coin?: string | undefined; status?: number | undefined } = {},
): Promise<Page<WithdrawalView>> {
  let query = d.db.selectFrom('withdrawals').where('user_id', '=', userId);
  if (filter.coin) query = query.where('coin', '=', normalizeName(filter.coin));
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map(withdrawalView), total: Number(count.n), pageNo, pageSize };
}

/** Distinct destinations the user withdrew a coin to, newest first (the address book's "latest"). */
function latestDestinations(
  d: WithdrawalDeps,
  userId: number,
  coinText: string,
  protocol: string | undefined,
  limit: number,
) {
  let query = d.db
    .selectFrom('withdrawals')
    .select(['coin', 'protocol', 'address', 'tag'])
    .select((eb) => eb.fn.max('created_at').as('time'))
    .where('user_id', '=', userId)
    .where('coin', '=', normalizeName(coinText));
  if (protocol) query = query.where('protocol', '=', normalizeName(protocol));
  return query.groupBy(['coin', 'protocol', 'address', 'tag']).orderBy('time', 'desc').limit(limit).execute();
}

/**
 * Withdrawals from the funds wallet: creation freezes the amount (`withdraw_freeze`) together with the record; a
 * processor moves pending → processing after the review time and processing → done after the processing time, when
 * the amount leaves (`withdraw` net of fee, `withdraw_fee` to fees); cancelling or failing unfreezes it
 * (`withdraw_unfreeze`). Every money move is one `exchange.transact` whose write changes the record's status, in the
 * same SQLite transaction as the ledger change; status changes are serialized, so no two race for a record.
 */
export function withdrawalService(app: FastifyInstance, networks: NetworksRepository) {
  const d = withdrawalDeps(app);
  const moves = withdrawalMoves(d);
  const job = withdrawalProcessor(d, moves);
  return {
    info: (user: User, coinText: string) => withdrawInfo(d, user, coinText),
    create: (user: User, input: WithdrawRequest) => createWithdrawal(d, networks, user, input),
    list: (userId: number, pageNo: number, pageSize: number, filter?: Parameters<typeof listWithdrawals>[4]) =>
      listWithdrawals(d, userId, pageNo, pageSize, filter),

    async detail(userId: number, id: number): Promise<WithdrawalView> {
      const w = await d.own(userId, id);
      if (!w) throw refuse(DepositCode.recordNotFound, 'withdrawalNotFound');
      return withdrawalView(w);
    },

    /** The owner cancels a withdrawal still under review: the amount is unfrozen. */
    cancel(userId: number, id: number): Promise<WithdrawalView> {
      return d.serial.run(async () => {
        const w = await d.own(userId, id);
        if (!w) throw refuse(DepositCode.recordNotFound, 'withdrawalNotFound');
        if (w.status !== WITHDRAW_STATUS.pending) throw refuse(DepositCode.notCancellable, 'withdrawalNotCancellable');
        await moves.release(w, 'cancelled', 'user');
        return withdrawalView(await d.reload(id));
      });
    },

    advance: (id: number, to: Exclude<WithdrawStatusName, 'pending'>, reason?: string) =>
      advanceWithdrawal(d, moves, id, to, reason),
    latest: (userId: number, coinText: string, protocol: string | undefined, limit: number) =>
      latestDestinations(d, userId, coinText, protocol, limit),

    tick: job.tick,
    /** Starts the processor; the first tick takes up what was due while the server was down. */
    start: job.start,
    stop: job.stop,
  };
}
export type WithdrawalService = ReturnType<typeof withdrawalService>;
