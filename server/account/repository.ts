import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.ts';

/** Tables of migration 0006 (account security), reached through {@link accountDb} like the shell's tables. */
export type AccountTables = {
  user_security: UserSecurityTable;
  referrals: ReferralTable;
  kyc_images: KycImageTable;
  kyc_applications: KycApplicationTable;
  countries: CountryTable;
};

export interface UserSecurityTable {
  user_id: number;
  /** Base32 TOTP secret of an enabled Google authenticator. */
  google_secret: string | null;
  google_enabled: number;
  /** The last TOTP step accepted: a code is never accepted twice. */
  google_last_step: number;
  /** Secret shown by googleAuth and not yet confirmed. */
  pending_google_secret: string | null;
  trade_password_hash: string | null;
  /** Withdrawals are refused until then (24 h after a password change or reset). */
  withdraw_locked_until: number;
  /** 1: a login from a device not in login_devices confirms a code (migration 0018). */
  device_auth: number;
  updated_at: number;
}

export interface ReferralTable {
  user_id: number;
  referrer_id: number;
  created_at: number;
}

export interface KycImageTable {
  id: string;
  user_id: number;
  file_name: string;
  mime: string;
  size: number;
  created_at: number;
}

export interface KycApplicationTable {
  user_id: number;
  country: string;
  real_name: string;
  id_type: number;
  id_number: string;
  front_image: string;
  back_image: string | null;
  hand_image: string | null;
  status: number;
  reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
}

export interface CountryTable {
  two_code: string;
  iso_code: string;
  area_code: string;
  zh_name: string;
  en_name: string;
  sort: number;
}

export type UserSecurity = Selectable<UserSecurityTable>;
export type KycApplication = Selectable<KycApplicationTable>;
export type Country = Selectable<CountryTable>;
export type KycImage = Selectable<KycImageTable>;

/** KYC review states. */
export const KYC_STATUS = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;

export function accountDb(db: Db) {
  return db.withTables<AccountTables>();
}

const EMPTY_SECURITY: Omit<UserSecurity, 'user_id' | 'updated_at'> = {
  google_secret: null,
  google_enabled: 0,
  google_last_step: 0,
  pending_google_secret: null,
  trade_password_hash: null,
  withdraw_locked_until: 0,
  device_auth: 0,
};

/** KYC: the uploaded images and the one application per user, with its review. */
function kycQueries(db: ReturnType<typeof accountDb>) {
  return {
    async addImage(image: KycImage): Promise<void> {
      await db.insertInto('kyc_images').values(image).execute();
    },

    async countImagesSince(userId: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('kyc_images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    image(id: string): Promise<KycImage | undefined> {
      return db.selectFrom('kyc_images').selectAll().where('id', '=', id).executeTakeFirst();
    },

    kyc(userId: number): Promise<KycApplication | undefined> {
      return db.selectFrom('kyc_applications').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Whether another user has an application (pending or approved) with this document. */
    async idNumberUsed(userId: number, country: string, idType: number, idNumber: string): Promise<boolean> {
      const row = await db
        .selectFrom('kyc_applications')
        .select('user_id')
        .where('country', '=', country)
        .where('id_type', '=', idType)
        .where('id_number', '=', idNumber)
        .where('user_id', '!=', userId)
        .where('status', 'in', [KYC_STATUS.pending, KYC_STATUS.approved])
        .executeTakeFirst();
      return row !== undefined;
    },

    async submitKyc(application: KycApplication): Promise<void> {
      const { user_id, ...rest } = application;
      await db
        .insertInto('kyc_applications')
        .values(application)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(rest))
        .execute();
    },

    async reviewKyc(userId: number, approved: boolean, reason: string | null, now: number): Promise<void> {
      await db
        .updateTable('kyc_applications')
        .set({ status: approved ? KYC_STATUS.approved : KYC_STATUS.rejected, reason, reviewed_at: now })
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

/** Everything the account routes store beyond the users and sessions tables. */
export function accountRepository(raw: Db) {
  const db = accountDb(raw);
  return {
    ...kycQueries(db),
    async security(userId: number): Promise<UserSecurity> {
      const row = await db.selectFrom('user_security').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return row ?? { user_id: userId, updated_at: 0, ...EMPTY_SECURITY };
    },

    async updateSecurity(
      userId: number,
      change: Partial<Omit<UserSecurity, 'user_id' | 'updated_at'>>,
      now: number,
    ): Promise<void> {
      await db
        .insertInto('user_security')
        .values({ user_id: userId, ...EMPTY_SECURITY, ...change, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: now }))
        .execute();
    },

    /** Sets the google step only if it moves forward: two racing requests cannot both use one code. */
    async advanceGoogleStep(userId: number, step: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('user_security')
        .set({ google_last_step: step, updated_at: now })
        .where('user_id', '=', userId)
        .where('google_last_step', '<', step)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async addReferral(userId: number, referrerId: number, now: number): Promise<void> {
      await db.insertInto('referrals').values({ user_id: userId, referrer_id: referrerId, created_at: now }).execute();
    },

    countries(): Promise<Country[]> {
      return db.selectFrom('countries').selectAll().orderBy('sort').execute();
    },

    /** A country by two-letter code or calling code (the client sends either). */
    async country(code: string): Promise<Country | undefined> {
      const text = code.trim().replace(/^\+/, '');
      const rows = await db
        .selectFrom('countries')
        .selectAll()
        .where((eb) => eb.or([eb('two_code', '=', text.toUpperCase()), eb('area_code', '=', text)]))
        .orderBy('sort')
        .execute();
      return rows.find((r) => r.two_code === text.toUpperCase()) ?? rows[0];
    },
  };
}
export type AccountRepository = ReturnType<typeof accountRepository>;

/** Writes to the users and sessions tables that the account routes need (kept beside the base repositories). */
export function accountUsersRepository(db: Db) {
  return {
    async setPassword(userId: number, passwordHash: string, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: now })
        .where('id', '=', userId)
        .execute();
    },

    // An account registered by e-mail or phone is named after it (account-public.ts): when that address changes, the
    // name follows, so the old address neither logs in nor stays taken.
    async setEmail(userId: number, email: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const user = await tx
          .selectFrom('users')
          .select(['username', 'email'])
          .where('id', '=', userId)
          .executeTakeFirst();
        const renamed = user?.email != null && user.username === user.email;
        await tx
          .updateTable('users')
          .set(renamed ? { email, username: email } : { email })
          .where('id', '=', userId)
          .execute();
      });
    },

    async setMobile(userId: number, areaCode: string, mobile: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const user = await tx
          .selectFrom('users')
          .select(['username', 'mobile', 'area_code'])
          .where('id', '=', userId)
          .executeTakeFirst();
        const renamed = user?.mobile != null && user.username === `+${user.area_code ?? ''}-${user.mobile}`;
        const name = `+${areaCode}-${mobile}`;
        await tx
          .updateTable('users')
          .set(renamed ? { mobile, area_code: areaCode, username: name } : { mobile, area_code: areaCode })
          .where('id', '=', userId)
          .execute();
      });
    },

    async setKycCountry(userId: number, twoCode: string | null): Promise<void> {
      await db.updateTable('users').set({ kyc_two_code: twoCode }).where('id', '=', userId).execute();
    },

    async findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },

    async findByMobile(areaCode: string, mobile: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('area_code', '=', areaCode)
        .where('mobile', '=', mobile)
        .executeTakeFirst();
    },

    async findByPromotionCode(code: string) {
      return db.selectFrom('users').selectAll().where('promotion_code', '=', code.toUpperCase()).executeTakeFirst();
    },

    /** Live sessions of a user, newest first: the login devices of the safety page. */
    sessions(userId: number, now: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'token_hash', 'created_at', 'expires_at', 'ip', 'user_agent'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Deletes every session of a user; returns their token hashes (their sockets are closed with them). */
    async revokeAll(userId: number): Promise<string[]> {
      const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('token_hash').execute();
      return rows.map((r) => r.token_hash);
    },
  };
}
export type AccountUsersRepository = ReturnType<typeof accountUsersRepository>;
