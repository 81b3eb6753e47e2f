import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionsRepository } from '../../../server/auth/sessions-repository.ts';
import { openDatabase } from '../../../server/db/database.ts';
import type { Db } from '../../../server/db/schema.ts';
import { createUser } from '../helpers.ts';

describe('sessions repository (its lookup a statement prepared once)', () => {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tickstream-sessions-'));
    db = await openDatabase(dir);
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds a session until it expires, and not once revoked', async () => {
    const userId = await createUser(db, 'sessions@tickstream.local');
    const sessions = sessionsRepository(db);
    const base = { userId, createdAt: 1_000, ip: null, userAgent: null };
    await sessions.create({ ...base, tokenHash: 'a', expiresAt: 5_000 });
    await sessions.create({ ...base, tokenHash: 'b', expiresAt: 9_000 });

    expect(await sessions.findLive('a', 4_999)).toEqual({ userId, expiresAt: 5_000 });
    expect(await sessions.findLive('a', 5_000)).toBeUndefined();
    expect(await sessions.findLive('unknown', 1_000)).toBeUndefined();
    // A second repository on the same database reads what the first wrote.
    expect(await sessionsRepository(db).findLive('b', 5_000)).toEqual({ userId, expiresAt: 9_000 });

    await sessions.revoke('b');
    expect(await sessions.findLive('b', 5_000)).toBeUndefined();
    await sessions.deleteExpired(5_000);
    expect(await db.selectFrom('sessions').select('token_hash').execute()).toEqual([]);
  });
});
