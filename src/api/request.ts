import { TOKEN_HEADER } from '../../common/api.ts';
import type { Lang } from '../../common/i18n.ts';
import { type RequestContext, requestHeaders, signedUrl } from '../../common/request-context.ts';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { clearSession, getToken, getUser, setToken } from './session.ts';
import { showToast } from './toast.ts';

/** spec shell §9: request timeout. */
export const TIMEOUT_MS = 30_000;
/** Codes of success (spec shell §8). */
export const SUCCESS_CODES: readonly number[] = [0, 200];

/**
 * Code of the envelope of a call that its caller aborted (nginx's 499, client closed request). Client-side only: the
 * server never sends it.
 */
export const ABORTED_CODE = 499;

/** The response envelope as callers see it: `message` copied into `msg` (spec shell §8). */
export interface ApiResult<T> {
  code: number;
  message: string;
  msg: string;
  data: T | null;
  total?: number;
  /** Set when the caller's signal aborted the call: not a failure, nothing was shown; drop the answer. */
  aborted?: true;
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Language of this call; default the page's. */
  lang?: Lang;
  /** Token; default the session's. `null` sends none. */
  token?: string | null;
  /** POST as JSON instead of form encoding (spec shell §7: form unless stated). */
  json?: boolean;
  signal?: AbortSignal;
  /** Overrides the translated network-failure message. */
  networkError?: string;
  /** No error toast for a refused call (background calls of the header). */
  silent?: boolean;
  /** A POST whose body is this file or blob as it is (an upload), sent with its own content type. */
  raw?: Blob;
}

/** What the request layer does to the page; the app replaces the defaults with its router's. */
export interface RequestHooks {
  /** Code 403: go to /login. */
  forbidden(): void;
}
const hooks: RequestHooks = {
  forbidden: () => {
    if (typeof location !== 'undefined') location.assign('/login');
  },
};
export function setRequestHooks(next: Partial<RequestHooks>): void {
  Object.assign(hooks, next);
}

export function isSuccess(code: number): boolean {
  return SUCCESS_CODES.includes(code);
}

/** POST drops null, undefined and empty-string fields, JSON and form alike (spec shell §5). */
export function compactParams(params: Params): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

function failure<T>(message: string): ApiResult<T> {
  return { code: 500, message, msg: message, data: null };
}

function abortedResult<T>(): ApiResult<T> {
  return { code: ABORTED_CODE, message: '', msg: '', data: null, aborted: true };
}

/** Whether the caller aborted the call (a newer one replaced it, the view closed): an answer to drop, not an error. */
export function isAborted(result: ApiResult<unknown>): boolean {
  return result.aborted === true;
}

function translateIn(lang: Lang, key: 'request.networkError' | 'request.setupFailed'): string {
  return i18n.getFixedT(lang)(key);
}

export interface Prepared {
  url: string;
  init: RequestInit;
}

/** The page's side of every call: its language (or `lang`), the session's token and user. */
export function requestContext(lang: Lang = currentLanguage(), token: string | null = getToken()): RequestContext {
  return { lang, token, userId: getUser()?.id ?? null };
}

function prepare(method: 'GET' | 'POST', path: string, params: Params, options: RequestOptions, lang: Lang): Prepared {
  const ctx = requestContext(lang, options.token === undefined ? getToken() : options.token);
  const headers = requestHeaders(ctx);
  const query = new URLSearchParams();
  const fields = compactParams(params);
  let body: BodyInit | null = null;
  if (options.raw) {
    headers['content-type'] = options.raw.type || 'application/octet-stream';
    body = options.raw;
  } else if (method === 'GET') {
    for (const [k, v] of Object.entries(fields)) query.append(k, String(v));
  } else if (options.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  }
  return { url: signedUrl(path, ctx, Date.now(), query.toString()), init: { method, headers, body } };
}

/**
 * The shared request layer (spec shell §7–8). Every call gets the token, language and platform headers, `v` and
 * `langCode`, and a 30 s timeout; it always resolves with an envelope, never rejects: a refusal shows the server's
 * message as an error toast, a network failure a translated toast and `{code: 500, msg}`, a setup failure 'loading
 * timed out'. A call the caller aborts is no error: it resolves silently with {@link isAborted} true (a rejection
 * would reach every `.then` without a catch as an uncaught error). 401/4000 clear the session, 403 goes to /login,
 * and a token in a response header is kept.
 */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  params: Params = {},
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  // An abort event already fired is not fired again: without this the call would go out unaborted.
  if (options.signal?.aborted) return abortedResult();
  const lang = options.lang ?? currentLanguage();
  let prepared: Prepared;
  try {
    prepared = prepare(method, path, params, options, lang);
  } catch {
    const message = translateIn(lang, 'request.setupFailed');
    showToast('error', message);
    return failure(message);
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('timeout', 'TimeoutError')), TIMEOUT_MS);
  const onAbort = () => timeout.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let raw: Partial<ApiResult<T>> & { code?: unknown };
  let status: number;
  try {
    const response = await fetch(prepared.url, { ...prepared.init, signal: timeout.signal });
    status = response.status;
    const issued = response.headers.get(TOKEN_HEADER);
    if (issued) setToken(issued);
    raw = (await response.json()) as typeof raw;
    if (typeof raw?.code !== 'number') throw new TypeError('not an envelope');
  } catch {
    if (options.signal?.aborted) return abortedResult();
    const message = options.networkError ?? translateIn(lang, 'request.networkError');
    showToast('error', message);
    return failure(message);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  const code = raw.code as number;
  const message = typeof raw.message === 'string' ? raw.message : typeof raw.msg === 'string' ? raw.msg : '';
  const result: ApiResult<T> = { ...raw, code, message, msg: message, data: (raw.data ?? null) as T | null };
  if (isSuccess(code)) return result;

  if (code === 401 || code === 4000 || status === 401) clearSession();
  if (code === 403 || status === 403) hooks.forbidden();
  if (!options.silent && message) showToast('error', message);
  return result;
}

/** GET with query parameters. */
export function get<T>(path: string, params: Params = {}, options: RequestOptions = {}): Promise<ApiResult<T>> {
  return request<T>('GET', path, params, options);
}

/** Form-encoded POST. */
export function post<T>(path: string, params: Params = {}, options: RequestOptions = {}): Promise<ApiResult<T>> {
  return request<T>('POST', path, params, options);
}

/** An upload: the file is the body as it is; the answer is an envelope like any other call's. */
export function upload<T>(path: string, file: Blob, options: RequestOptions = {}): Promise<ApiResult<T>> {
  return request<T>('POST', path, {}, { ...options, raw: file });
}

/**
 * A GET whose answer is not an envelope (an image's bytes), prepared with the same headers, `v` and `langCode` as
 * every other call, for the caller to fetch itself.
 */
export function signedGet(path: string, params: Params = {}): Prepared {
  return prepare('GET', path, params, {}, currentLanguage());
}

/** JSON POST. */
export function postJson<T>(path: string, params: Params = {}, options: RequestOptions = {}): Promise<ApiResult<T>> {
  return request<T>('POST', path, params, { ...options, json: true });
}
