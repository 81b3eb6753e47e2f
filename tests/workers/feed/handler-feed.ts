import type { ServerFrame } from '../../../common/protocol.ts';
import { Feed, type FeedOptions } from '../../../workers/feed/index.ts';

type Handler = (frame: ServerFrame) => void;

/**
 * The feed with a list of handlers per channel as its router, so its tests speak in subscriptions (the worker's router
 * is the registry of sources, tests/workers/sources).
 */
export class HandlerFeed extends Feed {
  private readonly handlers = new Map<string, Handler[]>();

  constructor(options: FeedOptions) {
    super(options);
    this.route({
      channels: () => this.handlers.keys(),
      holds: (ch) => this.handlers.has(ch),
      deliver: (ch, frame) => {
        for (const handler of this.handlers.get(ch) ?? []) handler(frame);
      },
    });
  }

  /** Attaches a handler to a channel; the returned function detaches it, and the last one lets the channel go. */
  subscribe(ch: string, handler: Handler): () => void {
    this.handlers.set(ch, [...(this.handlers.get(ch) ?? []), handler]);
    this.sync();
    let attached = true;
    return () => {
      if (!attached) return;
      attached = false;
      const rest = (this.handlers.get(ch) ?? []).filter((h) => h !== handler);
      if (rest.length > 0) this.handlers.set(ch, rest);
      else this.handlers.delete(ch);
      this.sync();
    };
  }
}
