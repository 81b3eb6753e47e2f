import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { DEFAULT_LANG, type Lang, parseLang } from '../../common/i18n.ts';
import { isDisplayCurrency } from '../../common/market.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { apiOk, ok } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { countryOf, currentUser, defaultCurrency } from './member.ts';
import { shellContentRepository } from './repository.ts';
import { WEB_SOURCE } from './seed/words.ts';
import { UP_DOWN_COLORS, userSettingsRepository } from './settings-repository.ts';

const LangText = Type.String({ minLength: 1, maxLength: 16 });
const SetLanguageQuery = Type.Object({ langCode: LangText });
const GetLanguageQuery = Type.Object({ langCode: Type.Optional(LangText) });
const WordsQuery = Type.Object({
  langCode: Type.Optional(LangText),
  sourceType: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, default: WEB_SOURCE })),
});
const PersonalizeBody = Type.Object({
  color: Type.Optional(Type.Union(UP_DOWN_COLORS.map((c) => Type.Literal(c)))),
  lang: Type.Optional(LangText),
  currency: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
});
type PersonalizeBody = Type.Static<typeof PersonalizeBody>;

const unknownLanguage = (lang: string) => new ApiError(400, ApiCode.badRequest, 'unknownLanguage', { lang });

/**
 * Languages and personal settings (spec shell §4 "Language change", §7): the language list, the words of a language,
 * set-language (saved per user when signed in) and `/uc/member/personalize/set`.
 */
export async function languageRoutes(app: FastifyInstance): Promise<void> {
  const content = shellContentRepository(app.store.db);
  const settings = userSettingsRepository(app.store.db);

  /** A language code the client sent ("en", "zh-cn", "vi_VN"…) as an enabled language, or a 400. */
  const enabledLang = async (text: string): Promise<Lang> => {
    const lang = parseLang(text);
    if (!lang || !(await content.isEnabledLanguage(lang))) throw unknownLanguage(text);
    return lang;
  };

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
  app.get('/api/getLanguageDic', async () => {
    const languages = await content.languages();
    return apiOk(languages.map((l) => ({ value: l.code, name: l.name })));
  });

  app.get<{ Querystring: Type.Static<typeof SetLanguageQuery> }>(
    '/api/setLanguage',
    { schema: { querystring: SetLanguageQuery } },
    async (request) => {
      const lang = await enabledLang(request.query.langCode);
      if (request.user) await settings.update(request.user.id, { lang }, app.clock());
      return apiOk({ lang, saved: request.user !== null });
    },
  );

  app.get<{ Querystring: Type.Static<typeof GetLanguageQuery> }>(
    '/api/getLanguage',
    { schema: { querystring: GetLanguageQuery } },
    async (request) => {
      const lang = await chosenLang(request, request.query.langCode);
      return apiOk({ lang, translations: await content.words(lang, WEB_SOURCE) });
    },
  );

  app.get('/config/getSysLangDicInfo', async () => {
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

  app.get<{ Querystring: Type.Static<typeof WordsQuery> }>(
    '/config/findWordsByLang',
    { schema: { querystring: WordsQuery } },
    async (request) => {
      const { langCode, sourceType = WEB_SOURCE } = request.query;
      const lang = langCode === undefined ? requestLang(request) : await enabledLang(langCode);
      return ok(await content.words(lang, sourceType));
    },
  );

  // Personal settings: color (1 green up, 2 red up), lang and display currency; partial updates.
  app.post<{ Body: PersonalizeBody }>(
    '/uc/member/personalize/set',
    { schema: { body: PersonalizeBody }, onRequest: requireUser, preValidation: emptyBodyAsForm },
    async (request) => {
      const body = request.body ?? {};
      if (body.color === undefined && body.lang === undefined && body.currency === undefined) {
        throw new ApiError(400, ApiCode.badRequest, 'settingsEmpty');
      }
      const lang = body.lang === undefined ? undefined : await enabledLang(body.lang);
      const currency = body.currency?.trim().toLowerCase();
      if (currency !== undefined && !isDisplayCurrency(currency)) {
        throw new ApiError(400, ApiCode.badRequest, 'unknownCurrency', { currency: body.currency ?? '' });
      }
      const saved = await settings.update(
        userOf(request).id,
        {
          ...(lang === undefined ? {} : { lang }),
          ...(body.color === undefined ? {} : { color: body.color }),
          ...(currency === undefined ? {} : { currency }),
        },
        app.clock(),
      );
      return ok(saved);
    },
  );

  // Reading them back (not in the spec's list; the preferences page and the header need it).
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/member/personalize/get',
    onRequest: requireUser,
    handler: async (request) => {
      const user = await currentUser(app, request);
      if (!user) throw ApiError.notLoggedIn();
      const saved = await settings.get(user.id);
      return ok({
        lang: saved.lang,
        color: saved.color,
        currency: saved.currency ?? defaultCurrency(countryOf(user)),
        currencySaved: saved.currency !== null,
      });
    },
  });
}
