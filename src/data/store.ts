import type { Snapshot, ViewSpec } from '../../workers/api.ts';
import type { DataClient } from './client.ts';

type Listener = () => void;

interface Entry {
  snapshot: Snapshot | null;
  listeners: Set<Listener>;
  close: () => void;
}

/**
 * The snapshots outside React (zustand's vanilla store, reduced to what views need): one worker view per distinct spec
 * however many components read it, opened with the first listener and closed with the last.
 */
export class SnapshotStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly client: DataClient) {}

  subscribe(spec: ViewSpec, listener: Listener): () => void {
    const key = keyOf(spec);
    let entry = this.entries.get(key);
    if (!entry) {
      const created: Entry = { snapshot: null, listeners: new Set(), close: () => {} };
      created.close = this.client.open(spec, (snapshot) => {
        created.snapshot = snapshot;
        for (const l of created.listeners) l();
      });
      this.entries.set(key, created);
      entry = created;
    }
    entry.listeners.add(listener);
    const held = entry;
    return () => {
      held.listeners.delete(listener);
      if (held.listeners.size > 0) return;
      held.close();
      this.entries.delete(key);
    };
  }

  get(spec: ViewSpec): Snapshot | null {
    return this.entries.get(keyOf(spec))?.snapshot ?? null;
  }
}

/** Specs with the same fields (in any order) are one view. */
export function keyOf(spec: ViewSpec): string {
  return JSON.stringify(Object.entries(spec).sort(([a], [b]) => (a < b ? -1 : 1)));
}
