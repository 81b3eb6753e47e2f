import { expect, vi } from 'vitest';
import { fromUnits } from '../../../common/decimal.ts';
import type { Config } from '../../../server/config.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { formPost, get, sessionFor } from '../requests.ts';

/**
 * Timings of the tests: a confirmation every 50 ms of the (moved) clock, the timer checking as often; withdrawals stay
 * under review for an hour unless a test asks for the processor (the clock jumps a minute between code sends).
 */
export const FAST: Partial<Config> = {
  depositConfirmMs: 50,
  withdrawReviewMs: 3_600_000,
  withdrawProcessMs: 3_600_000,
};

export function buildDepositApp(overrides: Partial<Config> = {}, options: { dataDir?: string } = {}) {
  return buildTestApp({ ...FAST, ...overrides }, options);
}

export interface Member {
  id: number;
  uid: string;
  email: string;
  headers: Record<string, string>;
}

/** A user with an e-mail bound (verifyList ["email"]) and a session. */
export async function member(t: TestApp, name: string): Promise<Member> {
  const id = await createUser(t.db, name);
  const row = await t.db.selectFrom('users').select(['uid', 'email']).where('id', '=', id).executeTakeFirstOrThrow();
  return { id, uid: row.uid, email: row.email ?? '', headers: await sessionFor(t, id) };
}

/** The envelope of a form POST; messages in English unless the headers ask for another language. */
export async function post(t: TestApp, url: string, fields: Record<string, string | number>, headers = {}) {
  const res = await formPost(t, url, fields, { lang: 'en_US', ...headers });
  return res.json() as { code: number; message: string; data: unknown };
}

export async function read(t: TestApp, url: string, headers = {}) {
  return (await get(t, url, { lang: 'en_US', ...headers })).json() as { code: number; message: string; data: unknown };
}

/** A user's funds wallet balance of a coin, exact, from the ledger in memory. */
export async function funds(t: TestApp, userId: number, coin: string): Promise<{ available: string; frozen: string }> {
  const { decimals } = await t.db
    .selectFrom('coins')
    .select('decimals')
    .where('unit', '=', coin)
    .executeTakeFirstOrThrow();
  const b = t.server.exchange.accounts.walletBalancesOf(userId, 'funds').get(coin);
  return {
    available: fromUnits(BigInt(b?.available ?? 0), decimals),
    frozen: fromUnits(BigInt(b?.frozen ?? 0), decimals),
  };
}

/** Moves the clock by whole confirmations and waits until the deposit's record shows `status`. */
export async function waitForDeposit(t: TestApp, id: number, status: number, stepMs = 50): Promise<void> {
  await vi.waitFor(
    async () => {
      t.advance(stepMs);
      const row = await t.db
        .withTables<{ deposits: { id: number; status: number } }>()
        .selectFrom('deposits')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(status);
    },
    { timeout: 5000, interval: 20 },
  );
}

/** Puts `amount` of `coin` into a member's funds wallet through the deposit simulator (confirmed). */
export async function deposit(t: TestApp, m: Member, coin: string, protocol: string, amount: string) {
  const made = await post(t, '/dev/assets/deposit', { coin, protocol, uid: m.uid, amount });
  expect(made.code, made.message).toBe(0);
  const id = (made.data as { id: number }).id;
  await waitForDeposit(t, id, 1);
  return id;
}

/** The newest code the dev outbox holds for a destination and purpose. */
export async function outboxCode(t: TestApp, destination: string, purpose: string): Promise<string> {
  const entries = (await read(t, '/dev/outbox')).data as {
    destination: string;
    purpose: string;
    code: string | null;
  }[];
  const hit = entries.find((e) => e.destination === destination && e.purpose === purpose && e.code);
  if (!hit?.code) throw new Error(`no ${purpose} code for ${destination}`);
  return hit.code;
}

/** Sends the withdrawal e-mail code and reads it back. */
export async function withdrawCode(t: TestApp, m: Member): Promise<string> {
  const sent = await post(t, '/uc/withdraw/code', { type: 'email' }, m.headers);
  expect(sent.code, sent.message).toBe(0);
  return outboxCode(t, m.email, 'WITHDRAW');
}
