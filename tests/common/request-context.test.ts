import { describe, expect, it } from 'vitest';
import { decodeVersionParam, requestHeaders, signedUrl } from '../../common/request-context.ts';

/** What every call carries (spec shell §7), declared once for the page and the workers. */
describe('request context', () => {
  const ctx = { lang: 'en_US', token: null, userId: 5 } as const;

  it('appends v and langCode after the call’s own query, replacing a langCode of its own', () => {
    const url = signedUrl('/api/getLanguage', ctx, 1000, 'langCode=ko_KR&x=1');
    const query = new URL(url, 'http://x').searchParams;
    expect(query.getAll('langCode')).toEqual(['en_US']);
    expect(query.get('x')).toBe('1');
    expect(decodeVersionParam(query.get('v') ?? '')).toEqual({ time: 1000, userId: 5 });
    expect(signedUrl('http://h/market/history?symbol=A', { ...ctx, userId: null }, 7)).toBe(
      'http://h/market/history?symbol=A&v=7&langCode=en_US',
    );
  });

  it('sends the token under both names only when there is one', () => {
    expect(requestHeaders(ctx)).toEqual({
      platform: 'web',
      'client-type': 'pc',
      lang: 'en_US',
      accept: 'application/json',
    });
    expect(requestHeaders({ ...ctx, token: 't' })).toMatchObject({ 'x-auth-token': 't', 'access-auth-token': 't' });
  });
});
