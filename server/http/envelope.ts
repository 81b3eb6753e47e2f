import { ApiCode, type Envelope } from '../../common/api.ts';

/** Success code of the `/api/*` content service (spec shell §7: getLanguageDic and getLanguage answer 200). */
export const API_SUCCESS = 200;

export function ok<T>(data: T): Envelope<T> {
  return { code: ApiCode.ok, message: 'success', data };
}

/** The `/api/*` envelope: code 200 (the request layer treats 0 and 200 alike, spec shell §8). */
export function apiOk<T>(data: T): Envelope<T> {
  return { code: API_SUCCESS, message: 'success', data };
}
