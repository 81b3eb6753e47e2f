import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/password.ts';
import { usersRepository } from '../auth/users-repository.ts';
import type { Db } from '../db/schema.ts';

/** Usernames of the bots. Nobody can sign in as them: their password is 32 random bytes that were never kept. */
export const SIM_USERNAMES = { maker: 'sim-maker', taker: 'sim-taker' } as const;

/** The bots' user ids. */
export interface SimUsers {
  /** Quotes the ladders. */
  readonly maker: number;
  /** Trades against them; a different user, because the engine's self-trade prevention would cancel the resting order. */
  readonly taker: number;
  /** Both; pass `isMarketMaker: (id) => users.ids.has(id)` to `Exchange.open` (no open-order limit). */
  readonly ids: ReadonlySet<number>;
}

/** Finds or creates the bot users; safe to call on every start. */
export async function ensureSimUsers(db: Db, now: number = Date.now()): Promise<SimUsers> {
  const maker = await ensureUser(db, SIM_USERNAMES.maker, now);
  const taker = await ensureUser(db, SIM_USERNAMES.taker, now);
  return { maker, taker, ids: new Set([maker, taker]) };
}

/** The bot users of an earlier run, without creating any (the simulator is off). */
export async function findSimUsers(db: Db): Promise<SimUsers | null> {
  const users = usersRepository(db);
  const maker = await users.findByUsername(SIM_USERNAMES.maker);
  const taker = await users.findByUsername(SIM_USERNAMES.taker);
  if (!maker || !taker) return null;
  return { maker: maker.id, taker: taker.id, ids: new Set([maker.id, taker.id]) };
}

/** Finds or creates one bot user (the contract bots use it too, with a `locked` hash no password matches). */
export async function ensureUser(db: Db, username: string, now: number, locked?: string): Promise<number> {
  const users = usersRepository(db);
  const found = await users.findByUsername(username);
  if (found) return found.id;
  const passwordHash = locked ?? (await hashPassword(randomBytes(32).toString('base64url')));
  try {
    const user = await users.create({
      username,
      email: null,
      mobile: null,
      country: null,
      area_code: null,
      password_hash: passwordHash,
      kyc_two_code: null,
      created_at: now,
      password_changed_at: now,
    });
    return user.id;
  } catch (error) {
    // Another start created it between the lookup and the insert.
    const raced = await users.findByUsername(username);
    if (raced) return raced.id;
    throw error;
  }
}
