import type { Db } from '../db/schema.ts';
import { creditFromSystem } from '../ledger/ledger.ts';
import { hashPassword } from './password.ts';
import { type UsersRepository, usersRepository } from './users-repository.ts';

/** The demo account of non-production mode, printed by `npm start` so a newcomer can sign in at once. */
export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@tickstream.local',
  password: 'Tickstream2026',
} as const;

const DEMO_BALANCES = [
  { coin: 'USDT', amount: '100000' },
  { coin: 'USDC', amount: '50000' },
  { coin: 'BTC', amount: '2' },
  { coin: 'ETH', amount: '30' },
  { coin: 'SOL', amount: '500' },
] as const;

/** Creates the demo user and funds it once; each step is idempotent, so a crash between them heals on restart. */
export async function ensureDemoAccount(db: Db, now: number): Promise<void> {
  const users = usersRepository(db);
  const user = (await users.findByUsername(DEMO_ACCOUNT.username)) ?? (await createDemoUser(users, now));
  const txnId = `demo-grant:${user.id}`;
  const granted = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('account', '=', `user:${user.id}`)
    .where('txn_id', '=', txnId)
    .executeTakeFirst();
  if (granted) return;
  await creditFromSystem(db, {
    txnId,
    account: 'system:demo-faucet',
    kind: 'demo_grant',
    at: now,
    credits: DEMO_BALANCES.map((b) => ({ userId: user.id, ...b })),
  });
}

async function createDemoUser(users: UsersRepository, now: number) {
  return users.create({
    username: DEMO_ACCOUNT.username,
    email: DEMO_ACCOUNT.email,
    mobile: null,
    country: 'US',
    area_code: null,
    password_hash: await hashPassword(DEMO_ACCOUNT.password),
    kyc_two_code: null,
    created_at: now,
    password_changed_at: now,
  });
}
