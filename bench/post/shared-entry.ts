/**
 * bench/post/worker.ts in a SharedWorker (`--worker shared`), as the data plane ran before each tab had its own
 * worker: its `self.postMessage` and `self.onmessage` become those of the first port that connects.
 */
declare const self: Record<string, unknown>;
const scope = self;
let port: { postMessage(message: unknown, transfer?: unknown[]): void; onmessage: unknown } | null = null;
let handler: ((event: unknown) => void) | null = null;
scope.postMessage = (message: unknown, transfer?: unknown[]) => port?.postMessage(message, transfer);
Object.defineProperty(self, 'onmessage', {
  set(next: (event: unknown) => void) {
    handler = next;
  },
  get: () => handler,
});
scope.onconnect = (event: { ports: (typeof port)[] }) => {
  port = event.ports[0] ?? null;
  if (port) port.onmessage = (e: unknown) => handler?.(e);
};
await import('./worker.ts');

export {};
