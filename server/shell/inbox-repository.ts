import { DEFAULT_LANG } from '../../common/i18n.ts';
import type { Db } from '../db/schema.ts';
import { WELCOME_SET } from './seed/messages.ts';
import { shellDb } from './tables.ts';

export interface MessageRow {
  id: number;
  type: string;
  title: string;
  content: string;
  time: number;
  read: boolean;
}

/** Fills `{name}` from params; unknown names stay as written. */
function render(text: string, params: Record<string, unknown>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined || params[name] === null ? whole : String(params[name]),
  );
}

function parseParams(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Delivering messages: one message with an optional dedupe key, and the welcome set once per user. */
function deliveryQueries(db: ReturnType<typeof shellDb>) {
  return {
    /** Stores a message; with a dedupe key, a second send of the same key is ignored. Returns whether it was stored. */
    async send(
      userId: number,
      template: string,
      params: Record<string, string | number>,
      now: number,
      dedupeKey: string | null = null,
    ): Promise<boolean> {
      const result = await db
        .insertInto('user_messages')
        .values({ user_id: userId, template, params: JSON.stringify(params), dedupe_key: dedupeKey, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Gives a user the welcome set once (idempotent; cheap when already done). */
    async ensureWelcome(userId: number, params: Record<string, string | number>, now: number): Promise<void> {
      const last = WELCOME_SET[0];
      const done = await db
        .selectFrom('user_messages')
        .select('id')
        .where('user_id', '=', userId)
        .where('dedupe_key', '=', `welcome:${last}`)
        .executeTakeFirst();
      if (done) return;
      await db.transaction().execute(async (trx) => {
        // Oldest first, so that the first of WELCOME_SET is the newest.
        for (const template of [...WELCOME_SET].reverse()) {
          await trx
            .insertInto('user_messages')
            .values({
              user_id: userId,
              template,
              params: JSON.stringify(params),
              dedupe_key: `welcome:${template}`,
              created_at: now,
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      });
    },
  };
}

/** Per-user messages (spec shell §7 "Messages"), stored as template + parameters and rendered in the reader's language. */
export function inboxRepository(raw: Db) {
  const db = shellDb(raw);
  return {
    ...deliveryQueries(db),
    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('user_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of a user's messages, newest first, in `lang` (zh_CN where a template lacks it). */
    async page(
      userId: number,
      lang: string,
      offset: number,
      limit: number,
      unreadOnly = false,
    ): Promise<{ rows: MessageRow[]; total: number }> {
      let base = db.selectFrom('user_messages as m').where('m.user_id', '=', userId);
      if (unreadOnly) base = base.where('m.read_at', 'is', null);
      const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .leftJoin('message_templates as t', (j) => j.onRef('t.key', '=', 'm.template').on('t.lang', '=', lang))
        .leftJoin('message_templates as d', (j) => j.onRef('d.key', '=', 'm.template').on('d.lang', '=', DEFAULT_LANG))
        .select([
          'm.id',
          'm.template',
          'm.params',
          'm.created_at',
          'm.read_at',
          't.title as title',
          't.content as content',
          'd.title as default_title',
          'd.content as default_content',
        ])
        .orderBy('m.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        total: Number(count.n),
        rows: rows.map((r) => {
          const params = parseParams(r.params);
          return {
            id: r.id,
            type: r.template,
            title: render(r.title ?? r.default_title ?? '', params),
            content: render(r.content ?? r.default_content ?? '', params),
            time: r.created_at,
            read: r.read_at !== null,
          };
        }),
      };
    },

    /** Marks every unread message read; returns how many changed (0 on a repeat). */
    async markAllRead(userId: number, now: number): Promise<number> {
      const result = await db
        .updateTable('user_messages')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Marks one of the user's messages read; false when it is not theirs or does not exist. */
    async markRead(userId: number, id: number, now: number): Promise<boolean> {
      const mine = await db
        .selectFrom('user_messages')
        .select(['id', 'read_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!mine) return false;
      if (mine.read_at === null) {
        await db.updateTable('user_messages').set({ read_at: now }).where('id', '=', id).execute();
      }
      return true;
    },
  };
}
export type InboxRepository = ReturnType<typeof inboxRepository>;
