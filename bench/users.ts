import { usersRepository } from '../server/auth/users-repository.ts';
import type { Db } from '../server/db/schema.ts';

/** `count` bare users (`bench0`, `bench1`, …) for a bench's orders; their ids in order. */
export async function benchUsers(db: Db, count: number): Promise<number[]> {
  const users = usersRepository(db);
  const ids: number[] = [];
  for (let k = 0; k < count; k++) {
    const user = await users.create({
      username: `bench${k}`,
      email: null,
      mobile: null,
      country: null,
      area_code: null,
      password_hash: '-',
      kyc_two_code: null,
      created_at: 0,
      password_changed_at: 0,
    });
    ids.push(user.id);
  }
  return ids;
}
