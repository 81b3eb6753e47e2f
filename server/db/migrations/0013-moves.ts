import type { Kysely } from 'kysely';

/** Assets (issue 9): internal transfers, wallet transfers and quick exchanges. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
