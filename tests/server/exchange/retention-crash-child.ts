// Run by retention-crash.test.ts in its own process: one retention run on a data folder, killed with SIGKILL after
// step `KILL_AT` has committed (`between`) or inside it, before its commit (`inside`).
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import { Retention } from '../../../server/exchange/retention.ts';

const { DATA_DIR = '', BOTS = '[]', KILL_AT = '1', MODE = 'between', SLICE_ROWS = '20' } = process.env;
const killAt = Number(KILL_AT);
const kill = () => process.kill(process.pid, 'SIGKILL');

const db = await openDatabase(DATA_DIR);
const sqlite = sqliteOf(db);
if (MODE === 'inside') {
  // The fold's delete runs last inside its transaction: a kill right after it leaves the transaction uncommitted.
  let folds = 0;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!source.startsWith('delete from ledger_entries where id in')) return statement;
    const run = statement.run.bind(statement);
    statement.run = ((...params: unknown[]) => {
      const result = run(...params);
      if (++folds === killAt) kill();
      return result;
    }) as typeof statement.run;
    return statement;
  }) as typeof sqlite.prepare;
}
const retention = new Retention(sqlite, new Set(JSON.parse(BOTS) as number[]), {
  sliceRows: Number(SLICE_ROWS),
  keepBotTrades: 0,
});
for (const _ of retention.steps(1)) throw new Error('the first run only marks');
let steps = 0;
for (const _ of retention.steps(2)) if (++steps === killAt && MODE === 'between') kill();
process.stdout.write(`finished after ${steps} steps\n`);
