import type { Kysely } from 'kysely';

/** Assets (issue 9): deposit addresses, deposits, withdrawals and the withdrawal address book. */
export async function up(_db: Kysely<unknown>): Promise<void> {}
