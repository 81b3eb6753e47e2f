import { describe, expect, it } from 'vitest';
import { SupportHub } from '../../../server/support/hub.ts';
import { translateSupport } from '../../../server/support/messages.ts';
import { cleanText, isCategory, MAX_MESSAGE_CHARS, newOpenId, OPEN_ID_PATTERN } from '../../../server/support/rules.ts';

describe('support rules', () => {
  it('cleans text: trims, unifies line ends, drops control characters, keeps markup as typed', () => {
    expect(cleanText('  a\r\nb\rc  ')).toEqual({ ok: true, text: 'a\nb\nc' });
    expect(cleanText('x\u0000y\u0007z\tw')).toEqual({ ok: true, text: 'xyz\tw' });
    expect(cleanText('<script>alert(1)</script>')).toEqual({ ok: true, text: '<script>alert(1)</script>' });
  });

  it('refuses empty text and counts the limit in characters, not UTF-16 units', () => {
    expect(cleanText(' \n\t ')).toEqual({ ok: false, reason: 'empty' });
    expect(cleanText('\u0000')).toEqual({ ok: false, reason: 'empty' });
    expect(cleanText('a'.repeat(MAX_MESSAGE_CHARS)).ok).toBe(true);
    expect(cleanText('a'.repeat(MAX_MESSAGE_CHARS + 1))).toEqual({ ok: false, reason: 'tooLong' });
    expect(cleanText('😀'.repeat(MAX_MESSAGE_CHARS)).ok).toBe(true);
    expect(cleanText('abcd', 3)).toEqual({ ok: false, reason: 'tooLong' });
  });

  it('issues open ids of 128 random bits that match the accepted pattern', () => {
    const ids = new Set(Array.from({ length: 1000 }, newOpenId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(new RegExp(OPEN_ID_PATTERN));
  });

  it('knows the ticket categories', () => {
    expect(isCategory('deposit')).toBe(true);
    expect(isCategory('Deposit')).toBe(false);
    expect(isCategory('__proto__')).toBe(false);
  });

  it('has every message in the seven languages with its parameters filled', () => {
    expect(translateSupport('messageTooLong', 'en_US', { max: 2000 })).toBe(
      'The message is too long, at most 2000 characters',
    );
    expect(translateSupport('ticketClosed', 'zh_CN')).toBe('工单已关闭，无法继续回复');
  });
});

describe('SupportHub (long-poll wake-ups)', () => {
  it('wakes the waiters of a key, not of other keys', async () => {
    const hub = new SupportHub();
    const a = hub.wait('chat:1', 5000);
    const b = hub.wait('chat:2', 50);
    expect(hub.waiting).toBe(2);
    hub.notify('chat:1');
    expect(await a).toBe(true);
    expect(await b).toBe(false);
    expect(hub.waiting).toBe(0);
  });

  it('stops waiting on abort and on close, and then answers at once', async () => {
    const hub = new SupportHub();
    const controller = new AbortController();
    const aborted = hub.wait('k', 5000, controller.signal);
    controller.abort();
    expect(await aborted).toBe(false);
    const pending = hub.wait('k', 5000);
    hub.close();
    expect(await pending).toBe(true);
    expect(await hub.wait('k', 5000)).toBe(false);
    expect(hub.waiting).toBe(0);
  });
});
