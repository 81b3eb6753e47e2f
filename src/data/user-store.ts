import { isOpenStatus, type SpotFill, type SpotOrder } from '../../common/trading.ts';
import type { Snapshot, SwapUserState, UserBalance, UserLoad, ViewSpec } from '../../workers/api.ts';
import type { DataClient } from './client.ts';
import type { SnapshotStore } from './store.ts';

export const USER_VIEW: ViewSpec = { kind: 'user' };
type UserSnapshot = Extract<Snapshot, { kind: 'user' }>;

/**
 * What the page holds of the signed-in user (DESIGN §2: private data is state), kept by the worker from the `user`
 * channel over one REST load. Read it; never refetch it because the channel told something.
 */
export interface UserState extends SwapUserState {
  /** Open orders of every market, newest first. */
  open: SpotOrder[];
  /** Open orders and the orders changed lately, most recently changed first. */
  orders: SpotOrder[];
  /** Fills told since the state was first loaded, newest first. */
  fills: SpotFill[];
  /** Every coin of the spot wallet. */
  balances: UserBalance[];
  /** `loading` until the REST load is merged (at start, after a reconnect, a gap or a replaced worker). */
  status: 'loading' | 'live';
  /** Which load the state stands on: it changes with each new one, when what was fetched beside it may be old. */
  epoch: string;
  /** Grows with every change. */
  version: number;
}

/**
 * Fetches what a stale user view is loaded with: open orders of every market, spot balances and the contract state;
 * null on failure.
 */
export type UserLoader = () => Promise<Pick<UserLoad, 'orders' | 'balances' | 'swap'> | null>;

/** After a failed load: 1 s, 2 s, 4 s … at most 30 s. */
const retryDelay = (failures: number) => Math.min(30_000, 1000 * 2 ** (failures - 1));

/**
 * The user's state on the page: one worker view (counted by the snapshot store like any other), loaded over REST only
 * when its health says stale — at start, after a reconnect, after a gap in the channel's seq — and then kept by the
 * channel alone. The load goes to the worker, which merges it under what the channel told meanwhile.
 */
export class UserStore {
  /** The load of a stale round (`restarts:resyncs`) running or answered, until the state is live. */
  private loading: { round: string } | null = null;
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private derived: { snapshot: UserSnapshot; state: UserState } | null = null;

  constructor(
    private readonly snapshots: Pick<SnapshotStore, 'watch' | 'get'>,
    private readonly client: Pick<DataClient, 'auth' | 'loadUser' | 'restarts'>,
    private readonly load: UserLoader,
  ) {}

  /** Follows the user's state with the session `token` (the worker's socket authenticates with it first). */
  watch(token: string, listener: () => void): () => void {
    this.client.auth(token);
    // No view yet: a new one is opened, with a state of its own. A load still running for an earlier one is dropped.
    if (this.snapshots.get(USER_VIEW) === null) this.forget();
    const subscription = this.snapshots.watch(USER_VIEW, () => {
      this.check();
      listener();
    });
    // Another reader may have brought the state already.
    this.check();
    return () => subscription.close();
  }

  /** The state, the same object until it changes; null before the first snapshot and while nobody watches. */
  get(): UserState | null {
    const snapshot = this.snapshots.get(USER_VIEW) as UserSnapshot | null;
    if (!snapshot) return null;
    if (this.derived?.snapshot !== snapshot) {
      this.derived = { snapshot, state: this.derive(snapshot, (this.derived?.state.version ?? 0) + 1) };
    }
    return this.derived.state;
  }

  /** A failed load waiting for its retry is tried now (the user just acted); a live state needs nothing. */
  refresh(): void {
    if (this.retry === null) return;
    clearTimeout(this.retry);
    this.retry = null;
    this.check();
  }

  private forget(): void {
    this.loading = null;
    this.failures = 0;
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
  }

  /** Loads a stale round once: a snapshot of the same round arriving meanwhile does not load again. */
  private check(): void {
    const snapshot = this.snapshots.get(USER_VIEW) as UserSnapshot | null;
    const health = snapshot?.health.user;
    if (!health) return;
    if (health.status === 'live') {
      this.loading = null;
      this.failures = 0;
      return;
    }
    const round = `${this.client.restarts()}:${health.resyncs}`;
    if (this.loading?.round === round || this.retry !== null) return;
    const ticket = { round };
    this.loading = ticket;
    const asked = { resyncs: health.resyncs, seq: health.seq };
    const failed = () => {
      if (this.loading !== ticket) return;
      this.loading = null;
      this.retry = setTimeout(
        () => {
          this.retry = null;
          this.check();
        },
        retryDelay(++this.failures),
      );
    };
    this.load().then((answer) => {
      if (this.loading !== ticket) return;
      if (answer) this.client.loadUser({ ...asked, ...answer });
      else failed();
    }, failed);
  }

  private derive(snapshot: UserSnapshot, version: number): UserState {
    const health = snapshot.health.user;
    const open = snapshot.orders
      .filter((o) => isOpenStatus(o.status))
      .sort((a, b) => b.time - a.time || b.orderId - a.orderId);
    return {
      open,
      orders: snapshot.orders,
      fills: snapshot.fills,
      balances: snapshot.balances,
      positions: snapshot.positions,
      swapOrders: snapshot.swapOrders,
      plans: snapshot.plans,
      wallets: snapshot.wallets,
      notices: snapshot.notices,
      status: health?.status === 'live' ? 'live' : 'loading',
      epoch: `${this.client.restarts()}:${health?.resyncs ?? 0}`,
      version,
    };
  }
}
