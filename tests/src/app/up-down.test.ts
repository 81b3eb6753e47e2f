import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyUpDown,
  colorOfUpDown,
  setUpDown,
  startUpDown,
  storedUpDown,
  UP_DOWN_EVENT,
  UP_DOWN_KEY,
  upDownOfColor,
} from '../../../src/app/up-down.ts';
import { MemoryStorage } from '../api/browser-env.ts';

/** Just enough of <html>: dataset and inline custom properties. */
function fakeRoot() {
  const props = new Map<string, string>();
  return {
    dataset: {} as Record<string, string>,
    style: {
      setProperty: (k: string, v: string) => props.set(k, v),
      removeProperty: (k: string) => props.delete(k),
      getPropertyValue: (k: string) => props.get(k) ?? '',
    },
  };
}

describe('up/down colour preference (spec shell /preferences)', () => {
  let root: ReturnType<typeof fakeRoot>;
  let storage: MemoryStorage;
  const listeners = new Map<string, (e: unknown) => void>();
  const fired: unknown[] = [];
  beforeEach(() => {
    root = fakeRoot();
    storage = new MemoryStorage();
    listeners.clear();
    fired.length = 0;
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('document', { documentElement: root });
    vi.stubGlobal('addEventListener', (type: string, fn: (e: unknown) => void) => listeners.set(type, fn));
    vi.stubGlobal('removeEventListener', (type: string) => listeners.delete(type));
    vi.stubGlobal('dispatchEvent', (e: CustomEvent) => fired.push(e.type === UP_DOWN_EVENT ? e.detail : e.type));
    vi.stubGlobal(
      'CustomEvent',
      class {
        constructor(
          readonly type: string,
          readonly init: { detail: unknown },
        ) {}
        get detail() {
          return this.init.detail;
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('maps the server colour code: 2 is red up, anything else green up', () => {
    expect(upDownOfColor(2)).toBe('red-up');
    expect(upDownOfColor(1)).toBe('green-up');
    expect(upDownOfColor(undefined)).toBe('green-up');
    expect(upDownOfColor(7)).toBe('green-up');
    expect(colorOfUpDown('red-up')).toBe(2);
    expect(colorOfUpDown('green-up')).toBe(1);
  });

  it('red up swaps --up and --down inline (to the theme’s red and green); green up removes them so the stylesheet applies', () => {
    applyUpDown('red-up', root as unknown as HTMLElement);
    expect(root.dataset.updown).toBe('red-up');
    expect(root.style.getPropertyValue('--up')).toBe('var(--red)');
    expect(root.style.getPropertyValue('--down')).toBe('var(--green)');
    applyUpDown('green-up', root as unknown as HTMLElement);
    expect(root.dataset.updown).toBe('green-up');
    expect(root.style.getPropertyValue('--up')).toBe('');
    expect(root.style.getPropertyValue('--down')).toBe('');
  });

  it('startup applies the stored choice; green up without one or with garbage', () => {
    startUpDown();
    expect(root.dataset.updown).toBe('green-up');
    storage.setItem(UP_DOWN_KEY, 'sideways');
    expect(storedUpDown()).toBe('green-up');
    storage.setItem(UP_DOWN_KEY, 'red-up');
    startUpDown();
    expect(root.dataset.updown).toBe('red-up');
    expect(root.style.getPropertyValue('--up')).toBe('var(--red)');
  });

  it('a change is stored, applied and announced once; the same choice again is not announced', () => {
    setUpDown(2);
    expect(storage.getItem(UP_DOWN_KEY)).toBe('red-up');
    expect(root.style.getPropertyValue('--down')).toBe('var(--green)');
    setUpDown('red-up');
    expect(fired).toEqual(['red-up']);
    setUpDown(1);
    expect(storage.getItem(UP_DOWN_KEY)).toBe('green-up');
    expect(root.style.getPropertyValue('--up')).toBe('');
    expect(fired).toEqual(['red-up', 'green-up']);
  });

  it('follows a change made in another tab, and stops after the clean-up', () => {
    const stop = startUpDown();
    storage.setItem(UP_DOWN_KEY, 'red-up');
    listeners.get('storage')?.({ key: UP_DOWN_KEY });
    expect(root.dataset.updown).toBe('red-up');
    listeners.get('storage')?.({ key: 'other' });
    expect(root.dataset.updown).toBe('red-up');
    stop();
    expect(listeners.has('storage')).toBe(false);
  });

  it('storage that throws keeps the page working with green up', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(storedUpDown()).toBe('green-up');
    setUpDown(2);
    expect(root.dataset.updown).toBe('red-up');
  });
});
