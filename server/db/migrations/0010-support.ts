import type { Kysely } from 'kysely';

/** Customer service (issue 8): the /chat channel's conversations and messages, and /feedback tickets with images. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('open_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_conversations_list')
    .on('chat_conversations')
    .columns(['status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_conv').on('chat_messages').columns(['conversation_id', 'id']).execute();

  await db.schema
    .createTable('feedback_tickets')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('feedback_tickets_user').on('feedback_tickets').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('feedback_tickets_status')
    .on('feedback_tickets')
    .columns(['status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('feedback_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('feedback_tickets.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_messages_ticket')
    .on('feedback_messages')
    .columns(['ticket_id', 'id'])
    .execute();

  await db.schema
    .createTable('feedback_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_images_user')
    .on('feedback_images')
    .columns(['user_id', 'created_at'])
    .execute();
}
