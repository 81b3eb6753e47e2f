import { describe, expect, it } from 'vitest';
import {
  charCount,
  draftProblem,
  imageProblem,
  lastId,
  MAX_IMAGE_BYTES,
  MAX_MESSAGE_CHARS,
  MAX_TITLE_CHARS,
  mergeMessages,
  OPEN_ID_KEY,
  pageCount,
  retryDelay,
  storedOpenId,
  storeOpenId,
  ticketProblem,
} from '../../../../src/features/support/chat-model.ts';

const m = (id: number) => ({ id, sender: 'visitor' as const, content: `m${id}`, time: id });

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('chat thread merging', () => {
  it('appends new messages by id and drops the ones already shown (a send and a poll return the same one)', () => {
    const current = [m(1), m(2)];
    expect(mergeMessages(current, [m(2), m(3)]).map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('returns the same array when nothing is new, so React keeps its render', () => {
    const current = [m(1), m(2)];
    expect(mergeMessages(current, [])).toBe(current);
    expect(mergeMessages(current, [m(1)])).toBe(current);
  });

  it('keeps the thread in id order when an older message arrives late', () => {
    expect(mergeMessages([m(1), m(5)], [m(3)]).map((x) => x.id)).toEqual([1, 3, 5]);
  });

  it('polls after the newest id, or 0 for an empty thread', () => {
    expect(lastId([])).toBe(0);
    expect(lastId([m(4), m(9)])).toBe(9);
  });

  it('backs off 1, 2, 4 … seconds after failures, at most 15 s', () => {
    expect([1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
  });
});

describe('drafts and limits (the server’s: 2000 characters, titles 100)', () => {
  it('counts characters as a person does (an emoji is one)', () => {
    expect(charCount('😀😀')).toBe(2);
    expect(charCount('abc')).toBe(3);
  });

  it('refuses an empty or blank draft and one over the limit, after trimming', () => {
    expect(draftProblem('')).toBe('empty');
    expect(draftProblem('  \n ')).toBe('empty');
    expect(draftProblem(`  ${'a'.repeat(MAX_MESSAGE_CHARS)}  `)).toBeNull();
    expect(draftProblem('a'.repeat(MAX_MESSAGE_CHARS + 1))).toBe('tooLong');
    expect(draftProblem('😀'.repeat(MAX_MESSAGE_CHARS))).toBeNull();
  });

  it('checks a new ticket field by field, in the form’s order', () => {
    const ok = { category: 'deposit', title: 'Missing deposit', content: 'Sent at 10:00' };
    expect(ticketProblem(ok)).toBeNull();
    expect(ticketProblem({ ...ok, category: '' })).toBe('required.category');
    expect(ticketProblem({ ...ok, category: 'lottery' })).toBe('required.category');
    expect(ticketProblem({ ...ok, title: ' ' })).toBe('required.title');
    expect(ticketProblem({ ...ok, title: 'x'.repeat(MAX_TITLE_CHARS + 1) })).toBe('titleTooLong');
    expect(ticketProblem({ ...ok, content: '' })).toBe('required.content');
    expect(ticketProblem({ ...ok, content: 'x'.repeat(MAX_MESSAGE_CHARS + 1) })).toBe('tooLong');
    expect(ticketProblem({ category: '', title: '', content: '' })).toBe('required.category');
  });

  it('accepts JPG, PNG and WEBP screenshots up to 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/webp', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 1000 })).toBe('type');
    expect(imageProblem({ type: 'image/svg+xml', size: 1000 })).toBe('type');
    expect(imageProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('size');
    expect(imageProblem({ type: 'image/jpeg', size: 0 })).toBe('size');
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('the stored open id (spec shell §7: chat widget with a stored open id)', () => {
  it('keeps only what looks like a server-issued id', () => {
    const storage = memoryStorage();
    storeOpenId('AbCdEfGhIjKlMnOpQrSt_-', storage);
    expect(storage.data.get(OPEN_ID_KEY)).toBe('AbCdEfGhIjKlMnOpQrSt_-');
    expect(storedOpenId(storage)).toBe('AbCdEfGhIjKlMnOpQrSt_-');
    storeOpenId('<script>', storage);
    expect(storedOpenId(storage)).toBe('AbCdEfGhIjKlMnOpQrSt_-');
  });

  it('ignores a tampered or missing value', () => {
    expect(storedOpenId(memoryStorage())).toBeNull();
    expect(storedOpenId(memoryStorage({ [OPEN_ID_KEY]: 'short' }))).toBeNull();
    expect(storedOpenId(null)).toBeNull();
  });
});
