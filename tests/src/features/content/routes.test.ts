import { describe, expect, it } from 'vitest';
import { decide } from '../../../../src/app/routes.ts';
import { articleRefOf } from '../../../../src/features/content/help/help-detail-page.tsx';
import { helpQuery } from '../../../../src/features/content/help/help-page.tsx';
import { newsRouteOf } from '../../../../src/features/content/news/news-pages.tsx';
import { sitemapSectionOf } from '../../../../src/features/content/sitemap/sitemap-page.tsx';

describe('content routes (spec shell §2)', () => {
  it('serves the content pages; /message needs a session; /promotion and /coinExchange hide header and footer', () => {
    for (const path of [
      '/help',
      '/helpDetail/3',
      '/partner',
      '/video',
      '/plug/newcoin',
      '/seoNew',
      '/coinnews',
      '/coinnews/12',
      '/sitemap',
      '/sitemap/markets',
      '/game/discover',
      '/support-center/channel-verification',
    ])
      expect(decide(path, '', false).kind, path).toBe('render');
    expect(decide('/message', '', false)).toEqual({ kind: 'login', to: '/login?showLoginTip=1' });
    expect(decide('/message', '', true).kind).toBe('render');
    for (const path of ['/promotion', '/coinExchange']) {
      const d = decide(path, '', false);
      expect(d.kind === 'render' && d.route.hideHeader && !d.route.needFooter, path).toBe(true);
    }
  });

  it('reads /helpDetail/{id or key}: a positive integer id or a lower-case slug, nothing else', () => {
    expect(articleRefOf('/helpDetail/7')).toEqual({ id: 7 });
    expect(articleRefOf('/helpDetail/7?source=notice')).toEqual({ id: 7 });
    expect(articleRefOf('/vi/helpDetail/privacy-policy')).toEqual({ key: 'privacy-policy' });
    expect(articleRefOf('/helpDetail/about-us')).toEqual({ key: 'about-us' });
    expect(articleRefOf('/helpDetail/spot-fees#top')).toEqual({ key: 'spot-fees' });
    for (const bad of ['0', '007', '-1', 'Privacy', 'a--b', '-about', 'about-', 'a_b', '%20', 'x'.repeat(65), ''])
      expect(articleRefOf(`/helpDetail/${bad}`), bad).toBeNull();
    expect(articleRefOf('/help')).toBeNull();
  });

  it('reads the article id, the help query, the news route and the sitemap section', () => {
    expect(articleRefOf('/helpDetail/42')).toEqual({ id: 42 });
    expect(helpQuery('?cate=fees&keyword=btc&page=3')).toEqual({ cate: 'fees', keyword: 'btc', page: 3 });
    expect(helpQuery('?page=-1')).toEqual({ cate: '', keyword: '', page: 1 });
    expect(newsRouteOf('/coinnews')).toEqual({ kind: 'list', cate: '' });
    expect(newsRouteOf('/coinnews/7')).toEqual({ kind: 'article', id: 7 });
    expect(newsRouteOf('/coinnews/category/market')).toEqual({ kind: 'list', cate: 'market' });
    expect(sitemapSectionOf('/sitemap')).toBeNull();
    expect(sitemapSectionOf('/sitemap/help')).toBe('help');
    expect(sitemapSectionOf('/sitemap/nope')).toBeNull();
  });
});
