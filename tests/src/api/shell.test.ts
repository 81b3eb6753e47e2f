import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkLoginAndLoadUser,
  HEADER_MESSAGES,
  HEADER_NOTICES,
  loadBalances,
  loadMessages,
  loadNotices,
  loadUnreadCount,
} from '../../../src/api/shell.ts';
import { onToast, type Toast } from '../../../src/api/toast.ts';
import { installBrowser } from './browser-env.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let toasts: Toast[];
let stop: () => void;
let calls: string[];

function serve(routes: Record<string, unknown>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.split('?')[0] ?? '';
      return path in routes ? json(routes[path]) : json({ code: 404, message: 'Not found', data: null }, 404);
    }),
  );
}
const query = (i: number) => new URL(calls[i] ?? '', 'http://x').searchParams;

beforeEach(() => {
  installBrowser();
  toasts = [];
  stop = onToast((t) => toasts.push(t));
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('header calls (spec shell §7 "Header calls", §9)', () => {
  it('asks for 3 notices (page 1) and 3 messages (page 1) and reads their records', async () => {
    const records = [1, 2, 3, 4].map((i) => ({ id: i, title: `n${i}`, content: `m${i}` }));
    serve({
      '/api/notice': { code: 200, message: 'success', data: { records } },
      '/uc/message/page': { code: 0, message: 'success', data: { records } },
    });
    expect(HEADER_NOTICES).toBe(3);
    expect(HEADER_MESSAGES).toBe(3);
    expect((await loadNotices())?.map((n) => n.title)).toEqual(['n1', 'n2', 'n3']);
    expect(query(0).get('page')).toBe('1');
    expect(query(0).get('size')).toBe('3');
    expect((await loadMessages())?.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
    expect(query(1).get('page')).toBe('1');
    expect(query(1).get('limit')).toBe('3');
  });

  it('degrades quietly while an endpoint is missing: null or 0, and no toast', async () => {
    serve({});
    expect(await loadNotices()).toBeNull();
    expect(await loadMessages()).toBeNull();
    expect(await loadUnreadCount()).toBe(0);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadBalances()).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('reads the unread count as a number or {count}', async () => {
    serve({ '/uc/message/unreadCount': { code: 0, message: '', data: 7 } });
    expect(await loadUnreadCount()).toBe(7);
    serve({ '/uc/message/unreadCount': { code: 0, message: '', data: { count: 2 } } });
    expect(await loadUnreadCount()).toBe(2);
  });

  it('maps the five wallets to USDT parts; a failure is logged with the message only (spec shell §8)', async () => {
    serve({
      '/uc/asset/walletBalance': {
        code: 0,
        message: '',
        data: {
          spot: { totalUsdt: '10.5' },
          funds: { totalUsdt: '1' },
          contract: { amount: '2.345', profit: '0' },
          financial: { totalAsset: '3' },
          follow: { total: '4' },
        },
      },
    });
    expect(await loadBalances()).toEqual({ spot: '10.5', funds: '1', contract: '2.345', financial: '3', follow: '4' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ '/uc/asset/walletBalance': { code: 4000, message: 'Please log in', data: null } });
    expect(await loadBalances()).toBeNull();
    expect(log).toHaveBeenCalledWith('Please log in');
  });

  it('the guard checks login before loading user info', async () => {
    serve({
      '/uc/check/login': { code: 0, message: '', data: true },
      '/uc/member/my-info': { code: 0, message: '', data: { id: 5, uid: 'U5' } },
    });
    expect(await checkLoginAndLoadUser()).toEqual({ id: 5, uid: 'U5' });
    expect(calls.map((c) => c.split('?')[0])).toEqual(['/uc/check/login', '/uc/member/my-info']);
    serve({ '/uc/check/login': { code: 4000, message: 'Please log in', data: null } });
    expect(await checkLoginAndLoadUser()).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
