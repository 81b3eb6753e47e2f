import { NO_PASSWORD_HASH } from '../../auth/password.ts';
import { usersRepository } from '../../auth/users-repository.ts';
import type { Db } from '../../db/schema.ts';
import { ensureUser } from '../users.ts';

/** The contract bots: users of their own, so the spot bots' books, limits and retention are not theirs. */
export const SWAP_SIM_USERNAMES = {
  maker: 'sim-swap-maker',
  taker: 'sim-swap-taker',
  punter: 'sim-swap-punter',
} as const;

export interface SwapSimUsers {
  /** Quotes the ladders (cross margin, low leverage). */
  readonly maker: number;
  /** Opens and closes positions against them with market orders (cross, leveraged). */
  readonly taker: number;
  /** Now and then a position at the contract's highest leverage, isolated, that the market may liquidate. */
  readonly punter: number;
  readonly ids: ReadonlySet<number>;
}

/** Finds or creates the contract bots; safe on every start. */
export async function ensureSwapSimUsers(db: Db, now: number = Date.now()): Promise<SwapSimUsers> {
  const maker = await ensureUser(db, SWAP_SIM_USERNAMES.maker, now, NO_PASSWORD_HASH);
  const taker = await ensureUser(db, SWAP_SIM_USERNAMES.taker, now, NO_PASSWORD_HASH);
  const punter = await ensureUser(db, SWAP_SIM_USERNAMES.punter, now, NO_PASSWORD_HASH);
  return { maker, taker, punter, ids: new Set([maker, taker, punter]) };
}

/** The contract bots of an earlier run, without creating any (the simulator is off). */
export async function findSwapSimUsers(db: Db): Promise<SwapSimUsers | null> {
  const users = usersRepository(db);
  const found = await Promise.all(Object.values(SWAP_SIM_USERNAMES).map((name) => users.findByUsername(name)));
  const [maker, taker, punter] = found.map((user) => user?.id);
  if (maker === undefined || taker === undefined || punter === undefined) return null;
  return { maker, taker, punter, ids: new Set([maker, taker, punter]) };
}
