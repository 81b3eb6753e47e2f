import { ApiCode } from '../../common/api.ts';
import { type Lang, parseLang } from '../../common/i18n.ts';
import { ApiError } from '../errors/api-error.ts';
import type { ShellContentRepository } from './repository.ts';

/** A language code the client sent ("en", "zh-cn", "vi_VN"…) as an enabled language, or a 400. */
export async function enabledLanguage(content: ShellContentRepository, text: string): Promise<Lang> {
  const lang = parseLang(text);
  if (!lang || !(await content.isEnabledLanguage(lang))) {
    throw new ApiError(400, ApiCode.badRequest, 'unknownLanguage', { lang: text });
  }
  return lang;
}
