import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { ApiCode } from '../../common/api.ts';
import type { Lang } from '../../common/i18n.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Db, User } from '../db/schema.ts';
import { boundDestination, codeError, fail, mask } from './rules.ts';
import { sendCode } from './send.ts';

/** Tables of migration 0018: the devices users signed in from, and QR login requests. */
type LoginTables = {
  login_devices: { user_id: number; device_hash: string; created_at: number; last_login_at: number };
  qr_logins: QrLoginTable;
};
export interface QrLoginTable {
  id_hash: string;
  key_hash: string;
  status: number;
  /** The user who scanned the QR (and may approve it). */
  user_id: number | null;
  /** Where the login page asking for the session is: shown to the approving user. */
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  expires_at: number;
}
export type QrLogin = Selectable<QrLoginTable>;

/** The rows of device authorisation and QR login; ids, keys and device codes are stored as hashes only. */
export function loginRepository(raw: Db) {
  const db = raw.withTables<LoginTables>();
  return {
    async knownDevice(userId: number, deviceCode: string): Promise<boolean> {
      const row = await db
        .selectFrom('login_devices')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('device_hash', '=', hashToken(deviceCode))
        .executeTakeFirst();
      return row !== undefined;
    },
    async rememberDevice(userId: number, deviceCode: string, now: number): Promise<void> {
      await db
        .insertInto('login_devices')
        .values({ user_id: userId, device_hash: hashToken(deviceCode), created_at: now, last_login_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_login_at: now }))
        .execute();
    },
    async addQr(row: QrLogin): Promise<void> {
      // Requests an hour past their expiry are of no use to anyone; sweeping them here keeps the table small.
      await db
        .deleteFrom('qr_logins')
        .where('expires_at', '<', row.created_at - 3_600_000)
        .execute();
      await db.insertInto('qr_logins').values(row).execute();
    },
    qr(qrcodeId: string): Promise<QrLogin | undefined> {
      return db.selectFrom('qr_logins').selectAll().where('id_hash', '=', hashToken(qrcodeId)).executeTakeFirst();
    },
    /** Moves a live request from one state to the next; false when it was not in `from` (a race or a replay). */
    async moveQr(
      qrcodeId: string,
      from: number,
      to: number,
      now: number,
      userId: number | null = null,
    ): Promise<boolean> {
      let query = db
        .updateTable('qr_logins')
        .set(userId === null ? { status: to } : { status: to, user_id: userId })
        .where('id_hash', '=', hashToken(qrcodeId))
        .where('status', '=', from)
        .where('expires_at', '>', now);
      if (userId !== null && from !== 0) query = query.where('user_id', '=', userId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type LoginRepository = ReturnType<typeof loginRepository>;

/**
 * Device authorisation (spec shell §6, §7 "/uc/login{…,code,deviceCode}"): with it on, a login from a device not
 * remembered by its deviceCode needs the code sent to the bound e-mail (else phone). Without `code` the code is sent
 * (60 s resend and the hourly caps of every send) and the login answers deviceCodeRequired; a wrong code counts
 * against the code's five tries. Off, or from a remembered device, nothing is asked.
 */
export async function authoriseDevice(
  app: FastifyInstance,
  request: FastifyRequest,
  user: User,
  deviceCode: string | undefined,
  code: string | undefined,
  lang: Lang,
): Promise<void> {
  const security = await app.account.repo.security(user.id);
  if (!security.device_auth) return;
  if (deviceCode && (await app.account.logins.knownDevice(user.id, deviceCode))) return;
  const destination = boundDestination(user, user.email ? 'email' : 'phone');
  if (!destination) return;
  const purpose = `LOGIN_DEVICE#${user.id}`;
  const given = code?.trim();
  if (!given) {
    await sendCode(app, request, {
      purpose,
      key: destination.key,
      channel: destination.channel,
      address: destination.address,
      deliver: 'code',
      userKey: `user:${user.id}`,
      lang,
    });
    throw fail(200, ApiCode.deviceCodeRequired, 'deviceCodeSent', { address: mask(destination.address) ?? '' });
  }
  const result = app.account.codes.check(purpose, destination.key, given, app.clock());
  if (result !== 'ok') throw codeError(result);
}

/** A signed-in browser's device code is remembered, so device authorisation does not ask it again. */
export async function rememberDevice(app: FastifyInstance, userId: number, deviceCode: string | undefined) {
  if (deviceCode && /^[A-Za-z0-9_-]{16,128}$/.test(deviceCode)) {
    await app.account.logins.rememberDevice(userId, deviceCode, app.clock());
  }
}
