// Heap after a full GC of a page, of the data worker it talks to and of the server, over the DevTools protocol.
import type { Browser, CDPSession, Page } from '@playwright/test';
import WebSocket from 'ws';

interface HeapUsage {
  usedSize: number;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  browserContextId?: string;
}

/**
 * The page's workers: its data worker (its own dedicated one in an isolated page, else the shared one), its paint
 * worker (workers/paint-worker.ts) and, in an isolated page, the socket hub (workers/hub-worker.ts).
 */
export type WorkerKind = 'data' | 'paint' | 'hub';
const WORKER_SCRIPT: Record<WorkerKind, RegExp> = {
  data: /\/(dedicated|shared)-worker[^/]*\.js$/,
  paint: /\/paint-worker[^/]*\.js$/,
  hub: /\/hub-worker[^/]*\.js$/,
};
const isKind = (t: TargetInfo, kind: WorkerKind) =>
  (t.type === 'shared_worker' || t.type === 'worker') && WORKER_SCRIPT[kind].test(new URL(t.url).pathname);

/** A target's JS heap in bytes after a full GC, through `call` (a DevTools command with no parameters). */
async function heapAfterGc(call: (method: string) => Promise<unknown>): Promise<number> {
  await call('HeapProfiler.collectGarbage');
  return ((await call('Runtime.getHeapUsage')) as HeapUsage).usedSize;
}

/** A page's JS heap in bytes after a full GC. */
export function pageHeap(cdp: CDPSession): Promise<number> {
  return heapAfterGc((method) => cdp.send(method as 'Runtime.getHeapUsage'));
}

/** DevTools commands over a raw channel: each sent with an id, its answer matched by that id. */
class Commands {
  private next = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();

  constructor(private readonly send: (message: string) => void) {}

  /** A message the channel received: the answer to a command, or an event (ignored). */
  received(message: string): void {
    const parsed = JSON.parse(message) as { id?: number; result?: unknown };
    if (parsed.id !== undefined) this.waiting.get(parsed.id)?.(parsed.result);
  }

  call(method: string): Promise<unknown> {
    const id = this.next++;
    const result = new Promise<unknown>((resolve) => this.waiting.set(id, resolve));
    this.send(JSON.stringify({ id, method, params: {} }));
    return result.finally(() => this.waiting.delete(id));
  }
}

/**
 * The data worker's heap after a full GC: the SharedWorker (or the page's dedicated worker) reached from the browser's
 * session, its commands sent through Target.sendMessageToTarget (Playwright's sessions cannot address a child).
 */
export class WorkerHeap {
  private readonly commands: Commands;

  private constructor(browser: CDPSession, sessionId: string) {
    this.commands = new Commands((message) => {
      void browser.send('Target.sendMessageToTarget', { sessionId, message });
    });
    browser.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
      if (event.sessionId === sessionId) this.commands.received(event.message);
    });
  }

  /** Attaches to the page's data worker or paint worker (of the page's browser context). */
  static async attach(browser: Browser, page: Page, pageSession: CDPSession, kind: WorkerKind): Promise<WorkerHeap> {
    const session = await browser.newBrowserCDPSession();
    const { targetInfo } = (await pageSession.send('Target.getTargetInfo')) as { targetInfo: TargetInfo };
    for (let attempt = 0; attempt < 50; attempt++) {
      const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
      const worker = targetInfos.find((t) => isKind(t, kind) && t.browserContextId === targetInfo.browserContextId);
      if (worker) {
        const { sessionId } = (await session.send('Target.attachToTarget', {
          targetId: worker.targetId,
          flatten: false,
        })) as { sessionId: string };
        return new WorkerHeap(session, sessionId);
      }
      await page.waitForTimeout(200);
    }
    throw new Error(`no ${kind} worker found`);
  }

  heap(): Promise<number> {
    return heapAfterGc((method) => this.commands.call(method));
  }
}

/**
 * The server's V8 heap after a full GC, over the Node inspector (the server started with `--inspect` on a loopback
 * port): its resident memory alone mostly shows how much room V8 keeps, not what is live.
 */
export class ServerHeap {
  private readonly commands: Commands;

  private constructor(private readonly socket: WebSocket) {
    this.commands = new Commands((message) => socket.send(message));
    socket.on('message', (data) => this.commands.received(String(data)));
  }

  /** Connects to the inspector listening on `port` of 127.0.0.1. */
  static async connect(port: number): Promise<ServerHeap> {
    const list = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const url = list[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error('the server has no inspector target');
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new ServerHeap(socket);
  }

  heap(): Promise<number> {
    return heapAfterGc((method) => this.commands.call(method));
  }

  close(): void {
    this.socket.close();
  }
}
