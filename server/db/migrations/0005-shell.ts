import type { Kysely } from 'kysely';
import { appConfig, siteLinks } from '../../shell/seed/config.ts';
import { messageTemplates } from '../../shell/seed/messages.ts';
import { notices } from '../../shell/seed/notices.ts';
import { languages, WEB_SOURCE, webWords } from '../../shell/seed/words.ts';
import type { ShellTables } from '../../shell/tables.ts';

/**
 * The application shell (spec shell §1–4, §7): languages and server-held words, personal settings, notices, per-user
 * messages, the header's switches and the header/footer links, with their content in the seven UI languages.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  await untyped.schema
    .createTable('languages')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('en_name', 'text', (c) => c.notNull())
    .addColumn('url_prefix', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await untyped.schema
    .createTable('i18n_words')
    .addColumn('lang', 'text', (c) => c.notNull().references('languages.code'))
    .addColumn('source_type', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('i18n_words_pk', ['lang', 'source_type', 'key'])
    .execute();

  await untyped.schema
    .createTable('user_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('lang', 'text')
    .addColumn('color', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('currency', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await untyped.schema
    .createTable('notices')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('notice_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().references('languages.code'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('notices_key_lang', ['notice_key', 'lang'])
    .execute();
  await untyped.schema
    .createIndex('notices_list')
    .on('notices')
    .columns(['lang', 'enabled', 'top', 'created_at'])
    .execute();

  await untyped.schema
    .createTable('message_templates')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().references('languages.code'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_templates_pk', ['key', 'lang'])
    .execute();

  await untyped.schema
    .createTable('user_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('dedupe_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await untyped.schema.createIndex('user_messages_user').on('user_messages').columns(['user_id', 'id']).execute();
  await untyped.schema
    .createIndex('user_messages_dedupe')
    .on('user_messages')
    .columns(['user_id', 'dedupe_key'])
    .unique()
    .execute();

  await untyped.schema
    .createTable('app_config')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_config_pk', ['scope', 'key'])
    .execute();

  await untyped.schema
    .createTable('site_links')
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('external', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('site_links_pk', ['group_key', 'item_key'])
    .execute();

  await seed(untyped as Kysely<ShellTables>);
}

async function seed(db: Kysely<ShellTables>): Promise<void> {
  await db
    .insertInto('languages')
    .values(
      languages.map((l, sort) => ({
        code: l.code,
        name: l.name,
        en_name: l.enName,
        url_prefix: l.urlPrefix,
        sort,
        enabled: 1,
      })),
    )
    .execute();

  const words = Object.entries(webWords).flatMap(([key, text]) =>
    languages.map((l) => ({ lang: l.code, source_type: WEB_SOURCE, key, value: text[l.code] })),
  );
  // SQLite allows 32766 bound parameters per statement; chunks keep far below it.
  for (let i = 0; i < words.length; i += 200)
    await db
      .insertInto('i18n_words')
      .values(words.slice(i, i + 200))
      .execute();

  await db
    .insertInto('notices')
    .values(
      notices.flatMap((n) =>
        languages.map((l) => ({
          notice_key: n.key,
          lang: l.code,
          category: n.category,
          title: n.title[l.code],
          body: n.body[l.code],
          top: n.top ? 1 : 0,
          enabled: 1,
          created_at: n.at,
        })),
      ),
    )
    .execute();

  await db
    .insertInto('message_templates')
    .values(
      Object.entries(messageTemplates).flatMap(([key, t]) =>
        languages.map((l) => ({ key, lang: l.code, title: t.title[l.code], content: t.content[l.code] })),
      ),
    )
    .execute();

  await db
    .insertInto('app_config')
    .values(
      Object.entries(appConfig).flatMap(([scope, values]) =>
        Object.entries(values).map(([key, value]) => ({ scope, key, value: JSON.stringify(value) })),
      ),
    )
    .execute();

  await db
    .insertInto('site_links')
    .values(
      siteLinks.map((s, sort) => ({
        group_key: s.group,
        item_key: s.item,
        url: s.url,
        icon: s.icon ?? null,
        external: s.external ? 1 : 0,
        sort,
        enabled: 1,
      })),
    )
    .execute();
}
