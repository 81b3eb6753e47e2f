import { type Kysely, sql } from 'kysely';

/** The journal's projection may stop inside a batch (issue 17 item 10): the rows of the next batch already written. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journal_state add column projected_rows integer not null default 0`.execute(db);
}
