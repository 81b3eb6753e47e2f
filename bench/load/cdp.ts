/**
 * Chromium driven over the DevTools protocol on a pipe, with no domain enabled that the measurement does not need.
 * Playwright enables the Network and Runtime domains on every page it makes; with them on, the page's renderer records
 * each request's initiator and each console call's stack, re-parsing scripts for their source positions (tens to
 * hundreds of ms in a 4× cold load of the terminal) — work a trader's browser, with no DevTools open, never does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

type Params = Record<string, unknown>;
interface Answer {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

export interface Cdp {
  /** A command, to the browser or (with `session`) to an attached page; rejects on the protocol's error. */
  send<T = Record<string, unknown>>(method: string, params?: Params, session?: string): Promise<T>;
  /** The browser's version, as Playwright's `browser.version()` gives it. */
  version: string;
  close(): Promise<void>;
}

/** Launches `executable` headless with `args` and a fresh profile, the protocol on file descriptors 3 and 4. */
export async function launchCdp(executable: string, args: readonly string[]): Promise<Cdp> {
  const profile = mkdtempSync(join(tmpdir(), 'tickstream-cdp-'));
  const child: ChildProcess = spawn(
    executable,
    [...args, '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const waiting = new Map<number, (answer: Answer) => void>();
  let buffered = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    const parts = (buffered + chunk.toString('utf8')).split('\0');
    buffered = parts.pop() ?? '';
    for (const part of parts) {
      const answer = JSON.parse(part) as Answer;
      if (answer.id === undefined) continue;
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    }
  });
  let next = 0;
  const send = async <T>(method: string, params: Params = {}, sessionId?: string): Promise<T> => {
    const id = ++next;
    const answer = await new Promise<Answer>((resolve) => {
      waiting.set(id, resolve);
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  };
  const { product } = await send<{ product: string }>('Browser.getVersion');
  return {
    send,
    version: product.split('/')[1] ?? product,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await send('Browser.close').catch(() => child.kill());
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A page in a browser context of its own (empty caches and storage), attached; `dispose` closes both. */
export async function openPage(cdp: Cdp): Promise<{ session: string; dispose: () => Promise<void> }> {
  const { browserContextId } = await cdp.send<{ browserContextId: string }>('Target.createBrowserContext', {
    disposeOnDetach: true,
  });
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
    url: 'about:blank',
    browserContextId,
  });
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  return {
    session: sessionId,
    dispose: () => cdp.send('Target.disposeBrowserContext', { browserContextId }).then(() => undefined),
  };
}

/** Evaluates `fn` (a plain function: it is sent as source) on the page, its value returned by value. */
export async function evaluate<T>(cdp: Cdp, session: string, fn: () => T): Promise<T | undefined> {
  const answer = await cdp.send<{ result: { value?: T }; exceptionDetails?: unknown }>(
    'Runtime.evaluate',
    { expression: `(${fn.toString()})()`, returnByValue: true },
    session,
  );
  return answer.exceptionDetails ? undefined : answer.result.value;
}
