import type { Db } from '../db/schema.ts';
import { shellDb } from './tables.ts';

/** Up/down colour 1 (common/contracts/shell.ts UP_DOWN_COLORS): green up and red down. */
export const DEFAULT_COLOR = 1;

export interface UserSettings {
  lang: string | null;
  color: number;
  currency: string | null;
}

/** Personal settings of `/uc/member/personalize/set` (one row per user, made on first save). */
export function userSettingsRepository(raw: Db) {
  const db = shellDb(raw);
  return {
    async get(userId: number): Promise<UserSettings> {
      const row = await db
        .selectFrom('user_settings')
        .select(['lang', 'color', 'currency'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ?? { lang: null, color: DEFAULT_COLOR, currency: null };
    },

    /** Saves the given fields; fields left undefined keep their value. */
    async update(userId: number, change: Partial<UserSettings>, now: number): Promise<UserSettings> {
      const current = await this.get(userId);
      const next: UserSettings = {
        lang: change.lang !== undefined ? change.lang : current.lang,
        color: change.color ?? current.color,
        currency: change.currency !== undefined ? change.currency : current.currency,
      };
      await db
        .insertInto('user_settings')
        .values({ user_id: userId, ...next, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...next, updated_at: now }))
        .execute();
      return next;
    },
  };
}
export type UserSettingsRepository = ReturnType<typeof userSettingsRepository>;
