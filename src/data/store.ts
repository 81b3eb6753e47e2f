import type { Snapshot, ViewSpec } from '../../workers/api.ts';
import type { DataClient, ViewHandle } from './client.ts';

type Listener = () => void;

/** One reader of a view (a component), with its own visibility. */
interface Reader {
  listener: Listener;
  visible: boolean;
}

interface Entry {
  snapshot: Snapshot | null;
  readers: Set<Reader>;
  view: ViewHandle;
  /** Whether the worker view is visible: while at least one reader is. */
  visible: boolean;
}

/** A reader's hold on a view. */
export interface Subscription {
  /** Hidden (a collapsed panel, off screen): this reader is not called; the view stays posted while another reads it. */
  setVisible(visible: boolean): void;
  close(): void;
}

/**
 * The snapshots outside React (zustand's vanilla store, reduced to what views need): one worker view per distinct spec
 * however many components read it, opened with the first reader and closed with the last. The worker posts the view
 * while at least one of its readers is visible.
 */
/** How long {@link SnapshotStore.warm} holds a view no component reads yet. */
export const WARM_MS = 3000;

export class SnapshotStore {
  private readonly entries = new Map<string, Entry>();
  /** Views held open ahead of their readers, by key: the hold and its release timer. */
  private readonly warmed = new Map<string, { hold: Subscription; timer: ReturnType<typeof setTimeout> }>();

  constructor(private readonly client: DataClient) {}

  /** For `useSyncExternalStore`: a visible reader until the returned function is called. */
  subscribe(spec: ViewSpec, listener: Listener): () => void {
    const subscription = this.watch(spec, listener);
    return () => subscription.close();
  }

  watch(spec: ViewSpec, listener: Listener, visible = true): Subscription {
    const key = keyOf(spec);
    let entry = this.entries.get(key);
    if (!entry) {
      const created: Entry = { snapshot: null, readers: new Set(), view: { setVisible() {}, close() {} }, visible };
      created.view = this.client.open(
        spec,
        (snapshot) => {
          created.snapshot = snapshot;
          // A hidden reader is not drawn: it reads the latest snapshot when it shows again.
          for (const reader of created.readers) if (reader.visible) reader.listener();
        },
        visible,
      );
      this.entries.set(key, created);
      entry = created;
    }
    const held = entry;
    const reader: Reader = { listener, visible };
    held.readers.add(reader);
    this.sync(held);
    return {
      setVisible: (next) => {
        if (!held.readers.has(reader) || reader.visible === next) return;
        reader.visible = next;
        this.sync(held);
        // What was posted while it was hidden (for another reader) is news to it.
        if (next && held.snapshot) reader.listener();
      },
      close: () => {
        if (!held.readers.delete(reader)) return;
        if (held.readers.size > 0) {
          this.sync(held);
          return;
        }
        held.view.close();
        this.entries.delete(key);
      },
    };
  }

  /**
   * Opens `spec` ahead of its readers (a market under the pointer in a selector) and holds it `holdMs`, again from now
   * if it is warmed again: the worker subscribes and posts it meanwhile, so a component that reads it within that time
   * has its latest snapshot on mount instead of after a round trip to the server.
   */
  warm(spec: ViewSpec, holdMs = WARM_MS): void {
    const key = keyOf(spec);
    const held = this.warmed.get(key);
    if (held) clearTimeout(held.timer);
    const hold = held?.hold ?? this.watch(spec, () => {});
    const timer = setTimeout(() => {
      this.warmed.delete(key);
      hold.close();
    }, holdMs);
    this.warmed.set(key, { hold, timer });
  }

  get(spec: ViewSpec): Snapshot | null {
    return this.entries.get(keyOf(spec))?.snapshot ?? null;
  }

  private sync(entry: Entry): void {
    let visible = false;
    for (const reader of entry.readers) visible ||= reader.visible;
    if (visible === entry.visible) return;
    entry.visible = visible;
    entry.view.setVisible(visible);
  }
}

/** Specs with the same fields (in any order) are one view. */
export function keyOf(spec: ViewSpec): string {
  return JSON.stringify(Object.entries(spec).sort(([a], [b]) => (a < b ? -1 : 1)));
}
