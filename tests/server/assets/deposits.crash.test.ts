import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add } from '../../../common/decimal.ts';
import { DEMO_ACCOUNT, ensureDemoAccount } from '../../../server/auth/demo.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { type ServerProcess, startServerProcess } from '../process.ts';

/** A confirmation every 25 ms: USDT on Solana needs 3, so a deposit is credited ~75 ms after it is seen. */
const ENV = { DEPOSIT_CONFIRM_MS: '25', RATE_LIMIT: '100000' };

async function login(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/uc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  return { 'x-auth-token': ((await res.json()) as { data: { token: string } }).data.token };
}

function sendDeposit(url: string, amount: string): Promise<unknown> {
  return fetch(`${url}/dev/assets/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin: 'USDT', protocol: 'SOL', email: DEMO_ACCOUNT.email, amount }),
  }).catch(() => null);
}

interface Row {
  id: number;
  amount: string;
  status: number;
}

async function deposits(url: string, headers: Record<string, string>): Promise<Row[]> {
  const res = await fetch(`${url}/uc/recharge/list?pageSize=100`, { headers });
  return ((await res.json()) as { data: { records: Row[] } }).data.records;
}

async function fundsAvailable(url: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${url}/uc/withdraw/info?coin=USDT`, { headers });
  return ((await res.json()) as { data: { available: string } }).data.available;
}

describe('deposit confirmation across crashes (kill -9)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tickstream-deposit-crash-'));
    const db = await openDatabase(dir);
    await ensureDemoAccount(db, Date.now());
    await db.destroy();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('credits every recorded deposit exactly once, however often the server dies on the way', async () => {
    let server: ServerProcess = await startServerProcess(dir, ENV);
    const headers = await login(server.url);
    // Deposits land while confirmations run; the server is killed in the middle, three times.
    for (let round = 0; round < 3; round++) {
      const sends = Array.from({ length: 8 }, (_, i) => sendDeposit(server.url, `${round * 8 + i + 1}.5`));
      // Killed once a deposit is recorded, while its confirmations run: a slow machine must not kill it before.
      await sends[0];
      await new Promise((r) => setTimeout(r, 40 + round * 15));
      await server.kill();
      await Promise.all(sends);
      server = await startServerProcess(dir, ENV);
    }
    let rows: Row[] = [];
    for (let i = 0; i < 100; i++) {
      rows = await deposits(server.url, headers);
      if (rows.length > 0 && rows.every((r) => r.status === 1)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 1)).toBe(true);
    const total = rows.reduce((sum, r) => add(sum, r.amount), '0');
    expect(await fundsAvailable(server.url, headers)).toBe(total);
    // A clean stop this time: the journal is projected into the ledger tables before the process ends.
    const gone = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await gone;

    const db = await openDatabase(dir);
    try {
      const sqlite = sqliteOf(db);
      const lines = sqlite
        .prepare("select txn_id, count(*) as n from ledger_entries where kind = 'deposit' group by txn_id")
        .all() as { txn_id: string; n: number }[];
      expect(lines.map((l) => l.txn_id).sort()).toEqual(rows.map((r) => `deposit:${r.id}`).sort());
      for (const l of lines) expect(l.n, l.txn_id).toBe(2);
      expect(auditLedger(sqlite)).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
