import type { Kysely } from 'kysely';

/** Assets (issue 9): anything the wallet pages and bills need beyond the ledger. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
