import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiCode, HOME_PATHS } from '../../common/api.ts';
import {
  AdvertisePageSchema,
  type AdvertiseQuery,
  AdvertiseQuerySchema,
  BannerSchema,
  SvgFileParamsSchema,
} from '../../common/contracts/home.ts';
import { ApiError } from '../errors/api-error.ts';
import { apiOk, ok, reply } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { bannerSvg } from './banner-image.ts';
import { homeStore } from './repository.ts';
import { HOME_ADVERTISE_LOCATION } from './seed.ts';

/** spec shell §9: advertise page size 40 (the default when a caller sends none). */
export const ADVERTISE_PAGE_SIZE = 40;

/** Carousel banners with their drawn images, and advertisements (spec shell §7 "Home page calls", /config/banner). */
export const bannerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const store = homeStore(app.store.db);

  app.get('/config/banner', { schema: { response: reply(Type.Array(BannerSchema)) } }, async (request) => {
    const banners = await store.banners(requestLang(request));
    return ok(
      banners.map((b) => ({
        id: b.id,
        title: b.title,
        url: `${HOME_PATHS.bannerImage}/${b.id}.svg`,
        linkUrl: b.linkUrl,
      })),
    );
  });

  app.get(`${HOME_PATHS.bannerImage}/:file`, { schema: { params: SvgFileParamsSchema } }, async (request, response) => {
    const banner = await store.banner(Number.parseInt(request.params.file, 10));
    if (!banner) throw new ApiError(404, ApiCode.notFound, 'notFound');
    const { title, subtitle, colorFrom, colorTo, sort } = banner;
    return response
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(bannerSvg({ title, subtitle, colorFrom, colorTo, seed: sort }));
  });

  const advertise = async (lang: string, input: AdvertiseQuery) => {
    const pageNo = input.pageNo ?? 1;
    const pageSize = input.pageSize ?? ADVERTISE_PAGE_SIZE;
    const location = input.advertiseLocation ?? HOME_ADVERTISE_LOCATION;
    const { rows, total } = await store.advertise(lang, location, (pageNo - 1) * pageSize, pageSize);
    return apiOk({
      content: rows.map((r) => ({ id: r.id, title: r.title, linkUrl: r.linkUrl, sort: r.sort })),
      totalElements: total,
      pageNo,
      pageSize,
    });
  };
  const response = reply(AdvertisePageSchema);
  app.get(HOME_PATHS.advertise, { schema: { querystring: AdvertiseQuerySchema, response } }, (request) =>
    advertise(requestLang(request), request.query),
  );
  app.post(
    HOME_PATHS.advertise,
    { schema: { body: AdvertiseQuerySchema, response }, preValidation: emptyBodyAsForm },
    (request) => advertise(requestLang(request), request.body),
  );
};
