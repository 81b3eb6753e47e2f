import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import { PersonalizeBodySchema, PersonalSchema, SettingsSchema } from '../../common/contracts/shell.ts';
import { isDisplayCurrency } from '../../common/market.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok, reply } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { enabledLanguage } from './languages.ts';
import { countryOf, currentUser, defaultCurrency } from './member.ts';
import { shellContentRepository } from './repository.ts';
import { userSettingsRepository } from './settings-repository.ts';

/** Personal settings (spec shell §7 `/uc/member/personalize/set`): up/down colour, language and display currency. */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const content = shellContentRepository(app.store.db);
  const settings = userSettingsRepository(app.store.db);
  const enabledLang = (text: string) => enabledLanguage(content, text);

  // Personal settings: color (1 green up, 2 red up), lang and display currency; partial updates.
  app.post(
    '/uc/member/personalize/set',
    {
      schema: { body: PersonalizeBodySchema, response: reply(SettingsSchema) },
      onRequest: requireUser,
      preValidation: emptyBodyAsForm,
    },
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
    schema: { response: reply(PersonalSchema) },
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
};
