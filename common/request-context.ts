/**
 * What every call of the client carries (spec shell §7): the token headers, the language and web platform headers,
 * and the `v` and `langCode` parameters. Declared once, for the page's request layer (src/api/request.ts) and for the
 * workers' own requests (candle history, market lists), so both send the same.
 */
import { TOKEN_HEADER } from './api.ts';
import type { Lang } from './i18n.ts';

/** The second token header the spec's clients send beside x-auth-token. */
export const ACCESS_TOKEN_HEADER = 'access-auth-token';
/** Web platform headers (spec shell §7). */
export const PLATFORM_HEADERS: Readonly<Record<string, string>> = { platform: 'web', 'client-type': 'pc' };

/** Who asks and in which language: the page's session, told to the workers as it changes. */
export interface RequestContext {
  lang: Lang;
  token: string | null;
  userId: number | null;
}

// Present in every runtime the client and server run in (browsers, workers, Node ≥ 16); common/ has no DOM types.
declare function btoa(data: string): string;
declare function atob(data: string): string;

const V_KEY = 'tickstream';

/**
 * The `v` parameter (spec shell §7): the timestamp and the user id, lightly encrypted (XOR with a fixed key, then
 * base64url) when a user is known, else the bare timestamp. It doubles as a cache buster.
 */
export function versionParam(now: number, userId?: number | null): string {
  if (userId === undefined || userId === null) return String(now);
  const plain = `${now}:${userId}`;
  let mixed = '';
  for (let i = 0; i < plain.length; i++) {
    mixed += String.fromCharCode(plain.charCodeAt(i) ^ V_KEY.charCodeAt(i % V_KEY.length));
  }
  return btoa(mixed).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Reverses `versionParam` (for the server and the tests). */
export function decodeVersionParam(v: string): { time: number; userId: number | null } {
  if (/^\d+$/.test(v)) return { time: Number(v), userId: null };
  const mixed = atob(v.replace(/-/g, '+').replace(/_/g, '/'));
  let plain = '';
  for (let i = 0; i < mixed.length; i++) {
    plain += String.fromCharCode(mixed.charCodeAt(i) ^ V_KEY.charCodeAt(i % V_KEY.length));
  }
  const [time, userId] = plain.split(':');
  return { time: Number(time), userId: userId ? Number(userId) : null };
}

/** The headers of a call: platform, language, JSON answers, and the token under both its names when there is one. */
export function requestHeaders(ctx: RequestContext): Record<string, string> {
  const headers: Record<string, string> = { ...PLATFORM_HEADERS, lang: ctx.lang, accept: 'application/json' };
  if (ctx.token) {
    headers[TOKEN_HEADER] = ctx.token;
    headers[ACCESS_TOKEN_HEADER] = ctx.token;
  }
  return headers;
}

/** `url` with the call's own `query` (already encoded), then `v` and `langCode`, which replace any of its own. */
export function signedUrl(url: string, ctx: RequestContext, now: number, query = ''): string {
  const kept = query.split('&').filter((part) => part !== '' && !/^(v|langCode)=/.test(part));
  const own = kept.length > 0 ? `${kept.join('&')}&` : '';
  const signed = `${own}v=${encodeURIComponent(versionParam(now, ctx.userId))}&langCode=${encodeURIComponent(ctx.lang)}`;
  return `${url}${url.includes('?') ? '&' : '?'}${signed}`;
}
