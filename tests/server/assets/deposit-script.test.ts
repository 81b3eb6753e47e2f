import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, ensureDemoAccount } from '../../../server/auth/demo.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { type ServerProcess, startServerProcess } from '../process.ts';

const root = join(import.meta.dirname, '../../..');

/** `npm run deposit -- …`: the deposit simulator's command against a running local server. */
function deposit(args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'scripts/deposit.mjs'), ...args], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe('scripts/deposit.mjs', () => {
  let dir: string;
  let server: ServerProcess;
  let port: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tickstream-deposit-script-'));
    const db = await openDatabase(dir);
    await ensureDemoAccount(db, Date.now());
    await db.destroy();
    server = await startServerProcess(dir, { DEPOSIT_CONFIRM_MS: '20' });
    port = new URL(server.url).port;
  }, 60_000);
  afterAll(async () => {
    await server.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a deposit to a user by e-mail; the server credits it after its confirmations', async () => {
    const r = deposit([
      '--email',
      DEMO_ACCOUNT.email,
      '--coin',
      'usdt',
      '--protocol',
      'sol',
      '--amount',
      '12.5',
      '--port',
      port,
    ]);
    expect(r.err).toBe('');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/^✓ deposit #\d+: 12\.5 USDT on SOL to [1-9A-HJ-NP-Za-km-z]{32,44}\n/);
    expect(r.out).toContain('pending 0/3 confirmations');
    const login = await fetch(`${server.url}/uc/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    });
    const headers = { 'x-auth-token': ((await login.json()) as { data: { token: string } }).data.token };
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/uc/withdraw/info?coin=USDT`, { headers });
        return ((await res.json()) as { data: { available: string } }).data.available;
      })
      .toBe('12.5');
  });

  it('says why a deposit is refused, and how to call it', () => {
    const refused = deposit([
      '--email',
      DEMO_ACCOUNT.email,
      '--coin',
      'USDT',
      '--protocol',
      'SOL',
      '--amount',
      '0.1',
      '--port',
      port,
    ]);
    expect(refused.status).toBe(1);
    expect(refused.err).toBe('✗ refused: The minimum deposit is 1 USDT\n');
    const usage = deposit(['--amount', '5']);
    expect(usage.status).toBe(2);
    expect(usage.err).toContain('usage: npm run deposit');
    const away = deposit(['--uid', '12345678', '--coin', 'USDT', '--protocol', 'SOL', '--amount', '5', '--port', '1']);
    expect(away.status).toBe(1);
    expect(away.err).toContain('no Tickstream server answers at 127.0.0.1:1');
  });
});
