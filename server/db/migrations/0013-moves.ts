import { type Kysely, sql } from 'kysely';
import { LANGS, type Lang } from '../../../common/i18n.ts';

/** The in-site message a recipient of an internal transfer gets (server/db/repositories/inbox.ts templates). */
export const INTERNAL_RECEIVED_TEMPLATE = 'internalTransferIn';

const RECEIVED: Record<Lang, { title: string; content: string }> = {
  zh_CN: { title: '内部转账到账', content: '您收到来自 {sender} 的内部转账 {amount} {coin}，已存入资金账户。' },
  zh_TW: { title: '內部轉帳到帳', content: '您收到來自 {sender} 的內部轉帳 {amount} {coin}，已存入資金帳戶。' },
  en_US: {
    title: 'Internal transfer received',
    content: 'You received {amount} {coin} from {sender} by internal transfer. It is in your funding account.',
  },
  ko_KR: {
    title: '내부 이체 입금',
    content: '{sender}님으로부터 내부 이체 {amount} {coin}을(를) 받았습니다. 자금 계정에 입금되었습니다.',
  },
  ja: {
    title: '内部送金の着金',
    content: '{sender} から内部送金で {amount} {coin} を受け取りました。資金口座に入金されています。',
  },
  vi_VN: {
    title: 'Đã nhận chuyển khoản nội bộ',
    content: 'Bạn đã nhận {amount} {coin} từ {sender} qua chuyển khoản nội bộ. Số tiền đã vào tài khoản vốn.',
  },
  hi_IN: {
    title: 'आंतरिक ट्रांसफ़र प्राप्त हुआ',
    content: 'आपको {sender} से आंतरिक ट्रांसफ़र द्वारा {amount} {coin} मिले। यह आपके फ़ंड खाते में है।',
  },
};

/** Assets (issue 9): internal transfers, wallet transfers and quick exchanges. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Ids come from the record's ledger txn (`transfer:{id}`), so they are given, not generated.
  await db.schema
    .createTable('wallet_transfers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('from_wallet', 'text', (c) => c.notNull())
    .addColumn('to_wallet', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('wallet_transfers_positive', sql`amount > 0 and from_wallet <> to_wallet`)
    .execute();
  await db.schema.createIndex('wallet_transfers_user').on('wallet_transfers').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('wallet_transfers_request')
    .on('wallet_transfers')
    .columns(['user_id', 'request_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('internal_transfers')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('recipient_type', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'internal_transfers_valid',
      sql`amount > 0 and fee >= 0 and fee < amount and sender_id <> recipient_id`,
    )
    .execute();
  await db.schema
    .createIndex('internal_transfers_sender')
    .on('internal_transfers')
    .columns(['sender_id', 'id'])
    .execute();
  await db.schema
    .createIndex('internal_transfers_recipient')
    .on('internal_transfers')
    .columns(['recipient_id', 'id'])
    .execute();
  await db.schema
    .createIndex('internal_transfers_request')
    .on('internal_transfers')
    .columns(['sender_id', 'request_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('internal_transfer_coins')
    .addColumn('coin', 'text', (c) => c.primaryKey().references('coins.unit'))
    .addColumn('fee', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('min_amount', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('quick_exchanges')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('from_coin', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('to_coin', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('receive', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('quote_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('quick_exchanges_valid', sql`amount > 0 and receive > 0 and from_coin <> to_coin`)
    .execute();
  await db.schema.createIndex('quick_exchanges_user').on('quick_exchanges').columns(['user_id', 'id']).execute();

  await sql`insert into message_templates (key, lang, title, content) values ${sql.join(
    LANGS.map(
      (lang) => sql`(${INTERNAL_RECEIVED_TEMPLATE}, ${lang}, ${RECEIVED[lang].title}, ${RECEIVED[lang].content})`,
    ),
  )}`.execute(db);
}
