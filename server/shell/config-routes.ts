import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiCode, HOME_PATHS } from '../../common/api.ts';
import { HeaderPagingFields } from '../../common/contracts/envelope.ts';
import { ApiError } from '../errors/api-error.ts';
import { apiOk, ok } from '../http/envelope.ts';
import { paging } from '../http/paging.ts';
import { requestLang } from '../http/request-lang.ts';
import { publishedLink } from './download-routes.ts';
import { countryOf, currentUser } from './member.ts';
import { type NoticeRow, shellContentRepository } from './repository.ts';
import { FOOTER_GROUPS } from './seed/config.ts';
import { WEB_SOURCE } from './seed/words.ts';

const NoticeQuery = Type.Object(HeaderPagingFields);
const NoticeParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const DAY_MS = 86_400_000;

/** Where the client shows a notice: the help article page, told it is a notice. */
const noticeUrl = (id: number) => `/helpDetail/${id}?source=notice`;

/** A notice as the header lists it (spec shell §3 "Notice article: title, created_at, html_url"). */
function noticeItem(n: NoticeRow) {
  return {
    id: n.id,
    title: n.title,
    created_at: new Date(n.createdAt).toISOString(),
    createTime: n.createdAt,
    html_url: noticeUrl(n.id),
    category: n.category,
    top: n.top,
  };
}

const bool = (value: unknown) => value === true;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
const integer = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/**
 * Content and configuration of the shell (spec shell §2 header and footer, §7 "Configuration and content"): notices per
 * language, the header's switches, app links, site identity and the footer. Everything is read from the database
 * (migration 0005), in the request's language.
 */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const content = shellContentRepository(app.store.db);

  app.get<{ Querystring: Type.Static<typeof NoticeQuery> }>(
    '/api/notice',
    { schema: { querystring: NoticeQuery } },
    async (request) => {
      const { pageNo, pageSize, offset } = paging(request.query);
      const { rows, total } = await content.noticePage(requestLang(request), offset, pageSize);
      return apiOk({ records: rows.map(noticeItem), total, pageNo, pageSize });
    },
  );

  // One notice with its body; in the request's language when the notice has it (its html_url names one id).
  app.get<{ Params: Type.Static<typeof NoticeParams> }>(
    '/api/notice/:id',
    { schema: { params: NoticeParams } },
    async (request) => {
      const found = await content.notice(request.params.id);
      if (!found) throw new ApiError(404, ApiCode.notFound, 'noticeNotFound');
      const lang = requestLang(request);
      const notice = found.lang === lang ? found : ((await content.noticeIn(found.key, lang)) ?? found);
      return apiOk({ ...noticeItem(notice), body: notice.body, lang: notice.lang });
    },
  );

  // The header's switches (spec shell §2, §4, §6) and the page data of spec shell §3.
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/app-config-switch/index-config',
    handler: async (request) => {
      const [index, appLinks, user] = await Promise.all([
        content.config('index'),
        content.config('app'),
        currentUser(app, request),
      ]);
      const country = user ? countryOf(user) : null;
      const groupCountries = strings(index.specialGroupCountries);
      const newMemberEnable = bool(index.newMemberEnable);
      const newMemberDays = integer(index.newMemberDays, 30);
      return ok({
        hasSim: bool(index.hasSim),
        followEnable: bool(index.followEnable),
        newMemberEnable,
        dayBattleEnable: bool(index.dayBattleEnable),
        optionEnable: bool(index.optionEnable),
        videoLangs: strings(index.videoLangs),
        specialGroupCountries: groupCountries,
        isLogin: user !== null,
        country,
        specialGroup: country !== null && groupCountries.includes(country),
        newMember: user !== null && newMemberEnable && app.clock() - user.created_at < newMemberDays * DAY_MS,
        apk: await publishedLink(app.config.dataDir, text(appLinks.apk)),
      });
    },
  });

  // Follow config (spec trading §3: status, applyStatus, minFollowAmount; §7 names status showStatus).
  app.route({
    method: ['GET', 'POST'],
    url: '/rest/c/derivative/follow/config/switch',
    handler: async () => {
      const follow = await content.config('follow');
      const status = integer(follow.status, 0);
      return ok({
        status,
        showStatus: status,
        applyStatus: integer(follow.applyStatus, 0),
        minFollowAmount: text(follow.minFollowAmount) || '0',
      });
    },
  });

  // App links (spec shell §3: apk, googlePlay) with the store and QR target.
  app.get('/config/toDownAppPage', async () => {
    const links = await content.config('app');
    return ok({
      // The APK is offered once an operator has published it (server/http/downloads.ts); no app is built here.
      apk: await publishedLink(app.config.dataDir, text(links.apk)),
      googlePlay: text(links.googlePlay),
      appStore: text(links.appStore),
      // No download page is served: the QR codes then point at the site itself.
      downloadPage: '',
      version: text(links.version),
      hideStoreCountries: strings(links.hideStoreCountries),
    });
  });

  app.get('/config/getSiteIcon', async () => {
    const site = await content.config('site');
    return ok({
      name: text(site.name),
      logo: text(site.logo),
      logoDark: text(site.logoDark),
      favicon: text(site.favicon),
    });
  });

  // The home page's pictures per theme; an operator may point them elsewhere (app_config scope `home`).
  app.get(HOME_PATHS.indexImages, async () => {
    const home = await content.config('home');
    return ok({
      downloadLight: text(home.downloadLight) || '/home/app-light.svg',
      downloadDark: text(home.downloadDark) || '/home/app-dark.svg',
    });
  });

  // Footer columns, social links, the help menu and the copyright line, labelled in the request's language.
  app.get('/config/getConfigInfo', async (request) => {
    const lang = requestLang(request);
    const [site, links, words] = await Promise.all([
      content.config('site'),
      content.links(),
      content.words(lang, WEB_SOURCE),
    ]);
    const label = (key: string) => words[key] ?? key;
    const linksOf = (group: string) =>
      links
        .filter((l) => l.group === group)
        .map((l) => ({ key: l.item, name: label(`link.${l.item}`), url: l.url, external: l.external, icon: l.icon }));
    const from = integer(site.copyrightFrom, 2021);
    const to = integer(site.copyrightTo, 2025);
    return ok({
      siteName: text(site.name),
      supportEmail: text(site.supportEmail),
      businessEmail: text(site.businessEmail),
      certificateUrl: text(site.certificateUrl),
      copyright: {
        from,
        to,
        text: label('footer.copyright').replace('{from}', String(from)).replace('{to}', String(to)),
      },
      riskWarning: label('footer.riskWarning'),
      footer: FOOTER_GROUPS.map((group) => ({ key: group, title: label(`footer.${group}`), links: linksOf(group) })),
      help: { title: label('footer.help'), links: linksOf('help') },
      social: { title: label('footer.social'), links: linksOf('social') },
    });
  });
}
