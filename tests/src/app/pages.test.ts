import { describe, expect, it } from 'vitest';
import { lazyPage } from '../../../src/app/pages.ts';

const Page = () => null;

describe('lazyPage', () => {
  it('loads once, and names the component once loaded (so the router renders it without suspending)', async () => {
    let loads = 0;
    const load = lazyPage(async () => {
      loads++;
      return { Page };
    }, 'Page');
    expect(load.loaded).toBeUndefined();
    const first = load();
    expect(load()).toBe(first);
    await expect(first).resolves.toEqual({ default: Page });
    expect(load.loaded).toBe(Page);
    await load();
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next call', async () => {
    let loads = 0;
    const load = lazyPage(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk failed');
      return { Page };
    }, 'Page');
    await expect(load()).rejects.toThrow('chunk failed');
    expect(load.loaded).toBeUndefined();
    await expect(load()).resolves.toEqual({ default: Page });
    expect(loads).toBe(2);
  });
});
