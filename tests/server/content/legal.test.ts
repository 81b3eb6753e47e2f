import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import { siteLinks } from '../../../server/shell/seed/config.ts';
import { FOOTER_COLUMNS } from '../../../src/features/shell/footer.tsx';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, get } from '../requests.ts';

/** The slug of every /helpDetail/{key} link of the footer and of the served site config. */
function slugs(urls: readonly string[]): string[] {
  return [...new Set(urls.flatMap((u) => /^\/helpDetail\/([^/?#]+)$/.exec(u)?.[1] ?? []))];
}

describe('the footer and site-config document links open an article (issue 19 item 2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('every /helpDetail link of the footer, the config seed and the served config is an article in all seven languages', async () => {
    const served = (await get(t, '/config/getConfigInfo', { lang: 'en_US' })).json().data;
    const servedUrls: string[] = [
      ...served.footer.flatMap((f: { links: { url: string }[] }) => f.links.map((l) => l.url)),
      ...served.help.links.map((l: { url: string }) => l.url),
    ];
    const footer = slugs(FOOTER_COLUMNS.flatMap((c) => c.links.map((l) => l.to)));
    const config = slugs(siteLinks.map((l) => l.url));
    expect(footer).toEqual([
      'about-us',
      'aml-policy',
      'risk-disclosure',
      'terms-of-service',
      'privacy-policy',
      'legal-statement',
    ]);
    expect(config.length).toBeGreaterThanOrEqual(6);
    expect(slugs(servedUrls).sort()).toEqual([...config].sort());
    for (const key of new Set([...footer, ...config]))
      for (const lang of LANGS) {
        const res = await formPost(t, '/uc/ancillary/more/help/detail', { key }, { lang });
        expect(res.statusCode, `${key} ${lang}`).toBe(200);
        const article = res.json().data;
        expect(article.key, `${key} ${lang}`).toBe(key);
        expect(article.lang, `${key} ${lang}`).toBe(lang);
        expect(article.body.length, `${key} ${lang}`).toBeGreaterThan(100);
      }
  });
});
