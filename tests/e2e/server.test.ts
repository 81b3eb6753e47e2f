import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { diesWithCaller } from '../../e2e/server.ts';

describe('diesWithCaller', () => {
  it('kills the child when the caller exits, and forgets it once the child is gone', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    await once(child, 'spawn');
    const caller = new EventEmitter();
    diesWithCaller(child, caller);
    expect(caller.listenerCount('exit')).toBe(1);
    const gone = once(child, 'exit');
    caller.emit('exit', 1);
    const [, signal] = await gone;
    expect(signal).toBe('SIGKILL');
    expect(caller.listenerCount('exit')).toBe(0);
  });
});
