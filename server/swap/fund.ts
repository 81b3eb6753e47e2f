import { NO_PASSWORD_HASH } from '../auth/password.ts';
import { usersRepository } from '../auth/users-repository.ts';
import type { Db } from '../db/schema.ts';

/**
 * The insurance fund's user (research §1.6): liquidation fees land in its contract wallet and it takes over what a
 * liquidation cannot close on the book. A real user row, because every ledger line and position row names one; nobody
 * can sign in as it (NO_PASSWORD_HASH).
 */
export const INSURANCE_FUND_USERNAME = 'swap-insurance-fund';

/** Finds or creates the fund's user; safe on every start. */
export async function ensureInsuranceFund(db: Db, now: number): Promise<number> {
  const users = usersRepository(db);
  const found = await users.findByUsername(INSURANCE_FUND_USERNAME);
  if (found) return found.id;
  try {
    const user = await users.create({
      username: INSURANCE_FUND_USERNAME,
      email: null,
      mobile: null,
      country: null,
      area_code: null,
      password_hash: NO_PASSWORD_HASH,
      kyc_two_code: null,
      created_at: now,
      password_changed_at: now,
    });
    return user.id;
  } catch (error) {
    const raced = await users.findByUsername(INSURANCE_FUND_USERNAME);
    if (raced) return raced.id;
    throw error;
  }
}
