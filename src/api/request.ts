import { ApiCode, type Envelope, LANG_HEADER, TOKEN_HEADER } from '../../common/api.ts';
import type { Lang } from '../../common/i18n.ts';

/** Request timeout of spec shell §9. */
const TIMEOUT_MS = 30_000;

export interface RequestOptions {
  lang: Lang;
  token?: string | null;
  /** POST as JSON instead of the default form encoding (spec shell §7). */
  json?: boolean;
  signal?: AbortSignal;
  /** Message used when the network fails (translated by the caller). */
  networkError: string;
}

type Params = Record<string, string | number | boolean | null | undefined>;

/** POST drops null, undefined and empty-string fields (spec shell §5). */
export function compactParams(params: Params): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/**
 * The shared request layer: language and token headers, a 30 s timeout, and an envelope back in every case;
 * a network failure resolves with code 500 and the translated message (spec shell §8).
 */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  params: Params,
  options: RequestOptions,
): Promise<Envelope<T | null>> {
  const headers: Record<string, string> = { [LANG_HEADER]: options.lang, accept: 'application/json' };
  if (options.token) headers[TOKEN_HEADER] = options.token;
  const signals = [AbortSignal.timeout(TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  let url = path;
  let body: string | undefined;
  const fields = compactParams(params);
  const encoded = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  if (method === 'GET') {
    if (encoded) url += `${url.includes('?') ? '&' : '?'}${encoded}`;
  } else if (options.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = encoded;
  }
  try {
    const response = await fetch(url, { method, headers, body: body ?? null, signal: AbortSignal.any(signals) });
    const envelope = (await response.json()) as Envelope<T>;
    if (typeof envelope?.code !== 'number') throw new TypeError('not an envelope');
    return envelope;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { code: ApiCode.internal, message: options.networkError, data: null };
  }
}
