import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  GetLanguageQuerySchema,
  LanguageDicSchema,
  LanguageWordsSchema,
  SetLanguageQuerySchema,
  SetLanguageSchema,
  SysLanguagesSchema,
  WordsQuerySchema,
  WordsSchema,
} from '../../common/contracts/shell.ts';
import { DEFAULT_LANG, type Lang, parseLang } from '../../common/i18n.ts';
import { apiOk, ok, reply } from '../http/envelope.ts';
import { requestLang } from '../http/request-lang.ts';
import { enabledLanguage } from './languages.ts';
import { shellContentRepository } from './repository.ts';
import { WEB_SOURCE } from './seed/words.ts';
import { userSettingsRepository } from './settings-repository.ts';

/**
 * Languages and personal settings (spec shell §4 "Language change", §7): the language list, the words of a language,
 * set-language (saved per user when signed in). Personal settings: settings-routes.ts.
 */
export const languageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const content = shellContentRepository(app.store.db);
  const settings = userSettingsRepository(app.store.db);

  const enabledLang = (text: string) => enabledLanguage(content, text);

  /** Explicit langCode, else the signed-in user's saved language, else the request's language. */
  const chosenLang = async (request: FastifyRequest, langCode: string | undefined): Promise<Lang> => {
    if (langCode !== undefined) return enabledLang(langCode);
    if (request.user) {
      const saved = parseLang((await settings.get(request.user.id)).lang);
      if (saved) return saved;
    }
    return requestLang(request);
  };

  // Language option: value and name (spec shell §3); success code 200 (spec shell §7).
  app.get('/api/getLanguageDic', { schema: { response: reply(LanguageDicSchema) } }, async () => {
    const languages = await content.languages();
    return apiOk(languages.map((l) => ({ value: l.code, name: l.name })));
  });

  app.get(
    '/api/setLanguage',
    { schema: { querystring: SetLanguageQuerySchema, response: reply(SetLanguageSchema) } },
    async (request) => {
      const lang = await enabledLang(request.query.langCode);
      if (request.user) await settings.update(request.user.id, { lang }, app.clock());
      return apiOk({ lang, saved: request.user !== null });
    },
  );

  app.get(
    '/api/getLanguage',
    { schema: { querystring: GetLanguageQuerySchema, response: reply(LanguageWordsSchema) } },
    async (request) => {
      const lang = await chosenLang(request, request.query.langCode);
      return apiOk({ lang, translations: await content.words(lang, WEB_SOURCE) });
    },
  );

  app.get('/config/getSysLangDicInfo', { schema: { response: reply(SysLanguagesSchema) } }, async () => {
    const languages = await content.languages();
    return ok(
      languages.map((l) => ({
        value: l.code,
        name: l.name,
        enName: l.enName,
        urlPrefix: l.urlPrefix,
        isDefault: l.code === DEFAULT_LANG,
        sort: l.sort,
      })),
    );
  });

  app.get(
    '/config/findWordsByLang',
    { schema: { querystring: WordsQuerySchema, response: reply(WordsSchema) } },
    async (request) => {
      const { langCode, sourceType = WEB_SOURCE } = request.query;
      const lang = langCode === undefined ? requestLang(request) : await enabledLang(langCode);
      return ok(await content.words(lang, sourceType));
    },
  );
};
