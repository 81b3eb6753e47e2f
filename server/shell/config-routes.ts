import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HOME_PATHS } from '../../common/api.ts';
import {
  AppLinksSchema,
  FollowConfigSchema,
  IndexConfigSchema,
  IndexImagesSchema,
  type SiteConfig,
  SiteConfigSchema,
  SiteIconSchema,
} from '../../common/contracts/shell.ts';
import type { User } from '../db/schema.ts';
import { ok, reply } from '../http/envelope.ts';
import { requestLang } from '../http/request-lang.ts';
import { publishedLink } from './download-routes.ts';
import { countryOf, currentUser } from './member.ts';
import { type SiteLinkRow, shellContentRepository } from './repository.ts';
import { FOOTER_GROUPS } from './seed/config.ts';
import { WEB_SOURCE } from './seed/words.ts';

const DAY_MS = 86_400_000;

type Settings = Record<string, unknown>;
const bool = (value: unknown) => value === true;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
const integer = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** The header's switches (app_config scope `index`) and what they mean for this caller at `now`. */
function indexConfig(index: Settings, user: User | null, now: number) {
  const country = user ? countryOf(user) : null;
  const groupCountries = strings(index.specialGroupCountries);
  const newMemberEnable = bool(index.newMemberEnable);
  const newMemberDays = integer(index.newMemberDays, 30);
  return {
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
    newMember: user !== null && newMemberEnable && now - user.created_at < newMemberDays * DAY_MS,
  };
}

/** Footer columns, social links, the help menu and the copyright line, labelled with `words`. */
function siteConfig(site: Settings, links: readonly SiteLinkRow[], words: Record<string, string>): SiteConfig {
  const label = (key: string) => words[key] ?? key;
  const linksOf = (group: string) =>
    links
      .filter((l) => l.group === group)
      .map((l) => ({ key: l.item, name: label(`link.${l.item}`), url: l.url, external: l.external, icon: l.icon }));
  const from = integer(site.copyrightFrom, 2021);
  const to = integer(site.copyrightTo, 2025);
  return {
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
  };
}

/**
 * Configuration of the shell (spec shell §2 header and footer, §7 "Configuration and content"): the header's switches,
 * app links, site identity and the footer. Everything is read from the database (migration 0005), in the request's
 * language.
 */
export const configRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const content = shellContentRepository(app.store.db);

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/app-config-switch/index-config',
    schema: { response: reply(IndexConfigSchema) },
    handler: async (request) => {
      const [index, appLinks, user] = await Promise.all([
        content.config('index'),
        content.config('app'),
        currentUser(app, request),
      ]);
      const apk = await publishedLink(app.config.dataDir, text(appLinks.apk));
      return ok({ ...indexConfig(index, user, app.clock()), apk });
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/rest/c/derivative/follow/config/switch',
    schema: { response: reply(FollowConfigSchema) },
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

  app.get('/config/toDownAppPage', { schema: { response: reply(AppLinksSchema) } }, async () => {
    const links = await content.config('app');
    return ok({
      // The APK is offered once an operator has published it (download-routes.ts); no app is built here.
      apk: await publishedLink(app.config.dataDir, text(links.apk)),
      googlePlay: text(links.googlePlay),
      appStore: text(links.appStore),
      // No download page is served: the QR codes then point at the site itself.
      downloadPage: '',
      version: text(links.version),
      hideStoreCountries: strings(links.hideStoreCountries),
    });
  });

  app.get('/config/getSiteIcon', { schema: { response: reply(SiteIconSchema) } }, async () => {
    const site = await content.config('site');
    return ok({
      name: text(site.name),
      logo: text(site.logo),
      logoDark: text(site.logoDark),
      favicon: text(site.favicon),
    });
  });

  // The home page's pictures per theme; an operator may point them elsewhere (app_config scope `home`).
  app.get(HOME_PATHS.indexImages, { schema: { response: reply(IndexImagesSchema) } }, async () => {
    const home = await content.config('home');
    return ok({
      downloadLight: text(home.downloadLight) || '/home/app-light.svg',
      downloadDark: text(home.downloadDark) || '/home/app-dark.svg',
    });
  });

  app.get('/config/getConfigInfo', { schema: { response: reply(SiteConfigSchema) } }, async (request) => {
    const lang = requestLang(request);
    const [site, links, words] = await Promise.all([
      content.config('site'),
      content.links(),
      content.words(lang, WEB_SOURCE),
    ]);
    return ok(siteConfig(site, links, words));
  });
};
