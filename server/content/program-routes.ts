import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import {
  ChannelsSchema,
  ChannelVerdictSchema,
  ChannelVerifyBodySchema,
  ProgramPageSchema,
  ProgramParamsSchema,
} from '../../common/contracts/content.ts';
import { ApiError } from '../errors/api-error.ts';
import { apiOk, reply } from '../http/envelope.ts';
import { requestLang } from '../http/request-lang.ts';
import { matchChannels, parseContact } from './channels.ts';
import { contentRepository } from './repository.ts';

/**
 * The program pages (partner, new-coin listing, promotion, SEO landing) and the official channels with the check of
 * /support-center/channel-verification.
 */
export const programRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const content = contentRepository(app.store.db);

  app.get(
    '/api/content/page/:key',
    { schema: { params: ProgramParamsSchema, response: reply(ProgramPageSchema) } },
    async (request) => {
      const page = await content.contentPage(request.params.key, requestLang(request));
      if (!page) throw new ApiError(404, ApiCode.notFound, 'notFound');
      return apiOk(page);
    },
  );

  app.get('/api/content/channels', { schema: { response: reply(ChannelsSchema) } }, async () => {
    const channels = await content.channels();
    return apiOk({ channels: channels.map(({ kind, display, region }) => ({ kind, display, region })) });
  });

  // Whether a pasted link, e-mail or handle is one of ours; an unreadable value is refused and nothing is stored.
  app.post(
    '/api/content/channel/verify',
    { schema: { body: ChannelVerifyBodySchema, response: reply(ChannelVerdictSchema) } },
    async (request) => {
      const contact = parseContact(request.body.value);
      if (!contact) throw ApiError.invalidParam('value');
      const matches = matchChannels(contact, await content.channels());
      return apiOk({
        value: request.body.value.trim(),
        official: matches.length > 0,
        matches: matches.map((c) => ({ kind: c.kind, display: c.display, region: c.region })),
      });
    },
  );
};
