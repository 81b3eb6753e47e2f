import { randomInt } from 'node:crypto';
import type { Db, NewUser, User } from '../db/schema.ts';

const PROMOTION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += PROMOTION_ALPHABET[randomInt(PROMOTION_ALPHABET.length)];
  return code;
}

export function usersRepository(db: Db) {
  return {
    findById(id: number): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByUsername(username: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
    },

    /** An account name is a username, an e-mail or a phone number; a phone may need its country. */
    async findByAccount(account: string, country?: string): Promise<User | undefined> {
      const email = account.toLowerCase();
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('username', '=', account), eb('email', '=', email), eb('mobile', '=', account)]))
        .limit(10)
        .execute();
      if (rows.length <= 1) return rows[0];
      const inCountry = rows.filter((u) => u.mobile === account && u.country === country);
      return inCountry.length === 1 ? inCountry[0] : undefined;
    },

    /** Inserts a user with a fresh 8-digit uid and promotion code, retrying the rare collision. */
    async create(user: Omit<NewUser, 'uid' | 'promotion_code'>): Promise<User> {
      for (let attempt = 0; ; attempt++) {
        try {
          return await db
            .insertInto('users')
            .values({ ...user, uid: String(randomInt(10_000_000, 100_000_000)), promotion_code: randomCode(6) })
            .returningAll()
            .executeTakeFirstOrThrow();
        } catch (error) {
          const collision = error instanceof Error && /UNIQUE.*users\.(uid|promotion_code)/.test(error.message);
          if (!collision || attempt >= 5) throw error;
        }
      }
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
