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

/**
 * Withdrawals from the funds wallet: creation freezes the amount (`withdraw_freeze`) together with the record; a
 * processor moves pending → processing after the review time and processing → done after the processing time, when
 * the amount leaves (`withdraw` net of fee, `withdraw_fee` to fees); cancelling or failing unfreezes it
 * (`withdraw_unfreeze`). Every money move is one `exchange.transact` whose write changes the record's status, in the
 * same SQLite transaction as the ledger change; status changes are serialized, so no two race for a record.
 */
export function withdrawalService(app: FastifyInstance, networks: NetworksRepository) {
  const db = depositDb(app.store.db);
  const { exchange } = app;
  const { withdrawReviewMs: reviewMs, withdrawProcessMs: processMs } = app.config;
  const sqlite = sqliteOf(app.store.db);
  const serial = new Serial();
  const insert = sqlite.prepare(
    `insert into withdrawals (id, user_id, coin, protocol, address, tag, amount, fee, arrived_amount, status,
       request_key, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  );
  const finishStatus = sqlite.prepare(
    `update withdrawals set status = ?, tx_hash = coalesce(?, tx_hash), reason = ?, updated_at = ?, finished_at = ?
       where id = ? and status = ?`,
  );
  // Ids are given here, before the freeze, so that the ledger transaction can carry the record's id.
  const ids = new RecordIds(sqlite, 'withdrawals');

  const decimalsOf = async (coin: string) =>
    (await app.store.db.selectFrom('coins').select('decimals').where('unit', '=', coin).executeTakeFirstOrThrow())
      .decimals;

  const funds = (userId: number, coin: string) => {
    const b = exchange.accounts.walletBalancesOf(userId, 'funds').get(coin);
    return { available: b?.available ?? 0, frozen: b?.frozen ?? 0 };
  };

  const own = (userId: number, id: number) =>
    db.selectFrom('withdrawals').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

  /** The amount goes back to available; the record becomes cancelled or failed. */
  const release = async (w: Withdrawal, status: 'cancelled' | 'failed', reason: string) => {
    const units = unitsOf(w.amount, await decimalsOf(w.coin));
    const available: UserPocket = { userId: w.user_id, wallet: 'funds' };
    const moves: Move[] = [
      { from: { ...available, frozen: true }, to: available, coin: w.coin, amount: units, kind: 'withdraw_unfreeze' },
    ];
    const now = app.clock();
    await exchange.transact(`withdraw:${w.id}`, moves, () => {
      const changed = finishStatus.run(WITHDRAW_STATUS[status], null, reason, now, now, w.id, w.status).changes;
      // Refuses the move (nothing changes) if the record left this state: the lock makes that a should-not-happen.
      if (changed !== 1) throw new Error(`withdrawal ${w.id} changed under the lock`);
    });
  };

  /** The amount leaves: what arrives to the outside world, the fee to the fees account; the record is done. */
  const complete = async (w: Withdrawal) => {
    const decimals = await decimalsOf(w.coin);
    const frozen: UserPocket = { userId: w.user_id, wallet: 'funds', frozen: true };
    const moves: Move[] = [
      {
        from: frozen,
        to: { system: WITHDRAWALS_ACCOUNT },
        coin: w.coin,
        amount: unitsOf(w.arrived_amount, decimals),
        kind: 'withdraw',
      },
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
    const txHash = fakeTxHash((network?.family ?? 'evm') as ChainFamily);
    const now = app.clock();
    await exchange.transact(`withdraw:${w.id}`, moves, () => {
      const changed = finishStatus.run(WITHDRAW_STATUS.done, txHash, null, now, now, w.id, w.status).changes;
      if (changed !== 1) throw new Error(`withdrawal ${w.id} changed under the lock`);
    });
  };

  const startProcessing = async (w: Withdrawal) => {
    const now = app.clock();
    await db
      .updateTable('withdrawals')
      .set({ status: WITHDRAW_STATUS.processing, processing_at: now, updated_at: now })
      .where('id', '=', w.id)
      .where('status', '=', WITHDRAW_STATUS.pending)
      .execute();
    return { ...w, status: WITHDRAW_STATUS.processing, processing_at: now, updated_at: now };
  };

  const reload = async (id: number) =>
    db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Moves what is due: reviewed withdrawals start processing, processed ones are done. */
  const processDue = () =>
    serial.run(async () => {
      const now = app.clock();
      const reviewed = await db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', '=', WITHDRAW_STATUS.pending)
        .where('created_at', '<=', now - reviewMs)
        .orderBy('id')
        .limit(500)
        .execute();
      for (const w of reviewed) await startProcessing(w);
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
          await complete(w);
        } catch (error) {
          app.log.error({ err: error, withdrawal: w.id }, 'withdrawal could not complete');
        }
      }
    });

  const job = periodicJob(processDue, Math.max(5, Math.min(reviewMs, processMs, 1000)), (error) =>
    app.log.error({ err: error }, 'withdrawal processor failed'),
  );

  return {
    /** What the withdraw form needs: the funds wallet's balance of the coin and how the user confirms. */
    async info(user: User, coinText: string) {
      const coin = normalizeName(coinText);
      const decimals = await decimalsOf(coin).catch(() => {
        throw refuse(DepositCode.networkUnavailable, 'unknownCoin', { unit: coin });
      });
      const sec = await app.account.repo.security(user.id);
      const b = funds(user.id, coin);
      return {
        coin,
        available: fromUnits(BigInt(b.available), decimals),
        frozen: fromUnits(BigInt(b.frozen), decimals),
        verifyList: verifyList(user),
        email: mask(user.email),
        mobile: mask(user.mobile),
        googleStatus: sec.google_enabled ? 1 : 0,
        lockedUntil: sec.withdraw_locked_until > app.clock() ? sec.withdraw_locked_until : 0,
      };
    },

    /** Creates a withdrawal: everything is checked, then the codes are spent and the amount frozen with the record. */
    async create(user: User, input: WithdrawRequest): Promise<WithdrawalView> {
      await requireWithdrawAllowed(app, user);
      const network = await networks.require(input.coin, input.protocol, 'withdraw');
      const { address, tag } = checkDestination(network, input.address, input.tag);
      const mine = await db
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
      const insufficient = () =>
        refuse(DepositCode.insufficientBalance, 'withdrawalInsufficient', {
          available: fromUnits(BigInt(funds(user.id, network.coin).available), network.decimals),
          coin: network.coin,
        });
      const feeUnits = unitsOf(network.withdraw_fee, network.decimals);
      const arrived = fromUnits(BigInt(units - feeUnits), network.decimals);

      return serial.run(async () => {
        const now = app.clock();
        if (input.requestKey) {
          const first = await db
            .selectFrom('withdrawals')
            .selectAll()
            .where('user_id', '=', user.id)
            .where('request_key', '=', input.requestKey)
            .executeTakeFirst();
          if (first) return withdrawalView(first);
        } else {
          const again = await db
            .selectFrom('withdrawals')
            .select('id')
            .where('user_id', '=', user.id)
            .where('coin', '=', network.coin)
            .where('protocol', '=', network.protocol)
            .where('address', '=', address)
            .where('tag', '=', tag)
            .where('amount', '=', amount)
            .where('created_at', '>', now - DUPLICATE_WINDOW_MS)
            .executeTakeFirst();
          if (again) throw refuse(DepositCode.duplicateWithdrawal, 'withdrawalDuplicate');
        }
        if (funds(user.id, network.coin).available < units) throw insufficient();
        await requireWithdrawFactors(app, user, input);
        const id = ids.next();
        const available: UserPocket = { userId: user.id, wallet: 'funds' };
        const moves: Move[] = [
          {
            from: available,
            to: { ...available, frozen: true },
            coin: network.coin,
            amount: units,
            kind: 'withdraw_freeze',
          },
        ];
        try {
          await exchange.transact(`withdraw:${id}`, moves, () => {
            insert.run(
              id,
              user.id,
              network.coin,
              network.protocol,
              address,
              tag,
              amount,
              network.withdraw_fee,
              arrived,
              input.requestKey ?? null,
              now,
              now,
            );
          });
        } catch (error) {
          // Spent between the check and the freeze (an order, a transfer): the record rolled back with it.
          if (error instanceof InsufficientFunds) throw insufficient();
          throw error;
        }
        return withdrawalView(await reload(id));
      });
    },

    /** The user's withdrawals, newest first, 10 a page by default (spec shell §9). */
    async list(
      userId: number,
      pageNo: number,
      pageSize: number,
      filter: { coin?: string | undefined; status?: number | undefined } = {},
    ): Promise<Page<WithdrawalView>> {
      let query = db.selectFrom('withdrawals').where('user_id', '=', userId);
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
    },

    async detail(userId: number, id: number): Promise<WithdrawalView> {
      const w = await own(userId, id);
      if (!w) throw refuse(DepositCode.recordNotFound, 'withdrawalNotFound');
      return withdrawalView(w);
    },

    /** The owner cancels a withdrawal still under review: the amount is unfrozen. */
    cancel(userId: number, id: number): Promise<WithdrawalView> {
      return serial.run(async () => {
        const w = await own(userId, id);
        if (!w) throw refuse(DepositCode.recordNotFound, 'withdrawalNotFound');
        if (w.status !== WITHDRAW_STATUS.pending) throw refuse(DepositCode.notCancellable, 'withdrawalNotCancellable');
        await release(w, 'cancelled', 'user');
        return withdrawalView(await reload(id));
      });
    },

    /**
     * Dev only (tests, the e2e journeys): moves a withdrawal on at once: to processing, done (through processing),
     * or cancelled / failed (the review or the chain refused it; the amount is unfrozen).
     */
    advance(id: number, to: Exclude<WithdrawStatusName, 'pending'>, reason?: string): Promise<WithdrawalView> {
      return serial.run(async () => {
        let w = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
        if (!w) throw refuse(DepositCode.recordNotFound, 'withdrawalNotFound');
        const open = w.status === WITHDRAW_STATUS.pending || w.status === WITHDRAW_STATUS.processing;
        const from = (Object.keys(WITHDRAW_STATUS) as WithdrawStatusName[]).find(
          (k) => WITHDRAW_STATUS[k] === w?.status,
        );
        if (!open || (to === 'processing' && w.status !== WITHDRAW_STATUS.pending)) {
          throw refuse(DepositCode.badTransition, 'withdrawalBadTransition', { from: from ?? String(w.status), to });
        }
        if (to === 'processing') await startProcessing(w);
        else if (to === 'done') {
          if (w.status === WITHDRAW_STATUS.pending) w = await startProcessing(w);
          await complete(w);
        } else await release(w, to, reason ?? (to === 'failed' ? 'chain' : 'review'));
        return withdrawalView(await reload(id));
      });
    },

    /** Distinct destinations the user withdrew a coin to, newest first (the address book's "latest"). */
    async latest(userId: number, coinText: string, protocol: string | undefined, limit: number) {
      let query = db
        .selectFrom('withdrawals')
        .select(['coin', 'protocol', 'address', 'tag'])
        .select((eb) => eb.fn.max('created_at').as('time'))
        .where('user_id', '=', userId)
        .where('coin', '=', normalizeName(coinText));
      if (protocol) query = query.where('protocol', '=', normalizeName(protocol));
      return query.groupBy(['coin', 'protocol', 'address', 'tag']).orderBy('time', 'desc').limit(limit).execute();
    },

    tick: job.tick,
    /** Starts the processor; the first tick takes up what was due while the server was down. */
    start: job.start,
    stop: job.stop,
  };
}
export type WithdrawalService = ReturnType<typeof withdrawalService>;
