import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANG, type Lang, parseLang } from '../../common/i18n.ts';

/** The request's language: `lang` header, `langCode` query, then Accept-Language; zh_CN by default. */
export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers.lang;
  const query = (request.query as Record<string, unknown> | undefined)?.langCode;
  const accept = request.headers['accept-language']?.split(',')[0]?.split(';')[0];
  return (
    parseLang(typeof header === 'string' ? header : undefined) ??
    parseLang(typeof query === 'string' ? query : undefined) ??
    parseLang(accept) ??
    DEFAULT_LANG
  );
}
