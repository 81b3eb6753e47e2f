import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellContentRepository } from '../../../server/shell/repository.ts';
import { siteLinks } from '../../../server/shell/seed/config.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { demoUserId, get, sessionFor } from '../requests.ts';

const DAY = 86_400_000;

describe('header switches and site configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gives a visitor the switches and the page data without a user', async () => {
    const body = (await get(t, '/uc/app-config-switch/index-config')).json();
    expect(body).toEqual({
      code: 0,
      message: 'success',
      data: {
        hasSim: true,
        followEnable: true,
        newMemberEnable: true,
        dayBattleEnable: true,
        optionEnable: true,
        videoLangs: ['zh_CN', 'vi_VN'],
        specialGroupCountries: ['VN', 'KH'],
        isLogin: false,
        country: null,
        specialGroup: false,
        newMember: false,
        // No APK is published in DATA_DIR/downloads.
        apk: '',
      },
    });
    // The same over a form POST.
    expect((await t.server.inject({ method: 'POST', url: '/uc/app-config-switch/index-config' })).json()).toEqual(body);
  });

  it('tells a signed-in user whether they are a new member and in the VN/KH group', async () => {
    const demo = await sessionFor(t, await demoUserId(t));
    const fresh = (await get(t, '/uc/app-config-switch/index-config', demo)).json().data;
    expect(fresh).toMatchObject({ isLogin: true, country: 'US', specialGroup: false, newMember: true });

    const userId = await createUser(t.db, 'hanoi');
    // Profile country KH, but the verified KYC country VN wins (spec shell §1).
    await t.db.updateTable('users').set({ country: 'KH', kyc_two_code: 'vn' }).where('id', '=', userId).execute();
    const vn = (await get(t, '/uc/app-config-switch/index-config', await sessionFor(t, userId))).json().data;
    // createUser registers at time 0: long past the new-member window.
    expect(vn).toMatchObject({ country: 'VN', specialGroup: true, newMember: false });
  });

  it('ends the new-member window after the configured days', async () => {
    const userId = await createUser(t.db, 'newcomer');
    const now = Date.UTC(2026, 10, 22, 12);
    await t.db
      .updateTable('users')
      .set({ created_at: now - 29 * DAY })
      .where('id', '=', userId)
      .execute();
    const headers = await sessionFor(t, userId);
    expect((await get(t, '/uc/app-config-switch/index-config', headers)).json().data.newMember).toBe(true);
    await t.db
      .updateTable('users')
      .set({ created_at: now - 31 * DAY })
      .where('id', '=', userId)
      .execute();
    expect((await get(t, '/uc/app-config-switch/index-config', headers)).json().data.newMember).toBe(false);
  });

  it('reads the copy-trading switch from the follow config', async () => {
    const body = (await get(t, '/rest/c/derivative/follow/config/switch')).json();
    expect(body).toEqual({
      code: 0,
      message: 'success',
      data: { status: 1, showStatus: 1, applyStatus: 1, minFollowAmount: '10' },
    });
  });

  it('follows the config table, not the code: a changed row changes the answer', async () => {
    const repo = shellContentRepository(t.db);
    await repo.setConfig('index', 'followEnable', false);
    await repo.setConfig('index', 'hasSim', false);
    await repo.setConfig('follow', 'status', 0);
    try {
      expect((await get(t, '/uc/app-config-switch/index-config')).json().data).toMatchObject({
        followEnable: false,
        hasSim: false,
      });
      expect((await get(t, '/rest/c/derivative/follow/config/switch')).json().data).toMatchObject({
        status: 0,
        showStatus: 0,
      });
    } finally {
      await repo.setConfig('index', 'followEnable', true);
      await repo.setConfig('index', 'hasSim', true);
      await repo.setConfig('follow', 'status', 1);
    }
  });

  it('gives the app links for the QR codes and the download section', async () => {
    const { code, data } = (await get(t, '/config/toDownAppPage')).json();
    expect(code).toBe(0);
    // The APK link is offered only once a build is published; no download page is served.
    expect(data).toMatchObject({ apk: '', downloadPage: '', version: '3.2.0' });
    expect(data.googlePlay).toMatch(/^https:\/\/play\.google\.com\//);
    expect(data.appStore).toMatch(/^https:\/\/apps\.apple\.com\//);
  });

  it('gives the site icons', async () => {
    const { data } = (await get(t, '/config/getSiteIcon')).json();
    expect(data).toEqual({
      name: 'Tickstream',
      logo: '/favicon.svg',
      logoDark: '/favicon.svg',
      favicon: '/favicon.svg',
    });
  });

  it('builds the footer in the reader’s language: five columns, help menu, social links, copyright 2021-2025', async () => {
    const en = (await get(t, '/config/getConfigInfo', { lang: 'en_US' })).json().data;
    expect(en.footer.map((c: { key: string }) => c.key)).toEqual([
      'about',
      'product',
      'compliance',
      'protocol',
      'support',
    ]);
    expect(en.footer.map((c: { title: string }) => c.title)).toEqual([
      'About',
      'Products',
      'Compliance',
      'Legal',
      'Support',
    ]);
    expect(en.copyright).toEqual({ from: 2021, to: 2025, text: '© 2021-2025 Tickstream. All rights reserved.' });
    const linkCount = en.footer.reduce((n: number, c: { links: unknown[] }) => n + c.links.length, 0);
    expect(linkCount + en.help.links.length + en.social.links.length).toBe(siteLinks.length);
    expect(
      en.social.links.every((l: { external: boolean; url: string }) => l.external && l.url.startsWith('https://')),
    );
    expect(en.help.links.map((l: { url: string }) => l.url)).toContain('/help');

    const zh = (await get(t, '/config/getConfigInfo', { lang: 'zh_CN' })).json().data;
    expect(zh.footer[4].title).toBe('服务支持');
    expect(zh.copyright.text).toBe('© 2021-2025 Tickstream 版权所有');
    const hi = (await get(t, '/config/getConfigInfo?langCode=hi_IN')).json().data;
    expect(hi.footer[3].links[0].name).toBe('सेवा की शर्तें');
    // Labels always resolve: no raw key reaches the footer.
    for (const data of [en, zh, hi]) {
      const names = [...data.footer.flatMap((c: { links: { name: string }[] }) => c.links), ...data.help.links].map(
        (l: { name: string }) => l.name,
      );
      expect(names.some((n: string) => n.startsWith('link.'))).toBe(false);
    }
  });

  it('answers the /config and /rest paths as API, never with the client page', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/config/nothing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});
