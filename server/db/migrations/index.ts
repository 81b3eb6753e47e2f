import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from '../schema.ts';
import * as m0001 from './0001-init.ts';
import * as m0002 from './0002-seed-catalogue.ts';
import * as m0003 from './0003-exchange.ts';
import * as m0004 from './0004-market-data.ts';
import * as m0005 from './0005-shell.ts';
import * as m0006 from './0006-account.ts';
import * as m0007 from './0007-user-trades.ts';
import * as m0008 from './0008-home.ts';
import * as m0009 from './0009-content.ts';
import * as m0010 from './0010-support.ts';
import * as m0011 from './0011-wallets.ts';
import * as m0012 from './0012-deposits.ts';
import * as m0013 from './0013-moves.ts';
import * as m0014 from './0014-projection-steps.ts';
import * as m0015 from './0015-contracts.ts';
import * as m0016 from './0016-contract-history.ts';
import * as m0017 from './0017-contract-messages.ts';
import * as m0018 from './0018-login-devices.ts';
import * as m0019 from './0019-legal-articles.ts';

/** Numbered migrations, applied in order at start; a new file is added here, never edited once released. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-init': m0001,
  '0002-seed-catalogue': m0002,
  '0003-exchange': m0003,
  '0004-market-data': m0004,
  '0005-shell': m0005,
  '0006-account': m0006,
  '0007-user-trades': m0007,
  '0008-home': m0008,
  '0009-content': m0009,
  '0010-support': m0010,
  '0011-wallets': m0011,
  '0012-deposits': m0012,
  '0013-moves': m0013,
  '0014-projection-steps': m0014,
  '0015-contracts': m0015,
  '0016-contract-history': m0016,
  '0017-contract-messages': m0017,
  '0018-login-devices': m0018,
  '0019-legal-articles': m0019,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrate(db: Kysely<Database>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown error'));
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}
