import type { APIRequestContext, Page } from '@playwright/test';

/** What each language shows on the home page and the not-found page (spec shell §1, §2). */
export const LANGUAGE_TEXT = {
  zh_CN: {
    prefix: '/zh-cn',
    html: 'zh-CN',
    title: '安心交易数字资产',
    login: '登录',
    copyright: '© 2021-2025 Tickstream 版权所有',
    notFound: '页面不存在',
    refresh: '刷新',
  },
  zh_TW: {
    prefix: '/zh-tw',
    html: 'zh-TW',
    title: '安心交易數位資產',
    login: '登入',
    copyright: '© 2021-2025 Tickstream 版權所有',
    notFound: '頁面不存在',
    refresh: '重新整理',
  },
  en_US: {
    prefix: null,
    html: 'en-US',
    title: 'Trade crypto with confidence',
    login: 'Log in',
    copyright: '© 2021-2025 Tickstream. All rights reserved.',
    notFound: 'Page not found',
    refresh: 'Refresh',
  },
  ko_KR: {
    prefix: '/ko',
    html: 'ko-KR',
    title: '믿고 거래하는 암호화폐',
    login: '로그인',
    copyright: '© 2021-2025 Tickstream. 모든 권리 보유.',
    notFound: '페이지를 찾을 수 없습니다',
    refresh: '새로고침',
  },
  ja: {
    prefix: null,
    html: 'ja',
    title: '安心して暗号資産を取引',
    login: 'ログイン',
    copyright: '© 2021-2025 Tickstream. 無断転載を禁じます。',
    notFound: 'ページが見つかりません',
    refresh: '再読み込み',
  },
  vi_VN: {
    prefix: '/vi',
    html: 'vi-VN',
    title: 'Giao dịch tiền mã hóa an tâm',
    login: 'Đăng nhập',
    copyright: '© 2021-2025 Tickstream. Bảo lưu mọi quyền.',
    notFound: 'Không tìm thấy trang',
    refresh: 'Tải lại',
  },
  hi_IN: {
    prefix: '/hi',
    html: 'hi-IN',
    title: 'भरोसे के साथ क्रिप्टो ट्रेड करें',
    login: 'लॉग इन',
    copyright: '© 2021-2025 Tickstream. सर्वाधिकार सुरक्षित।',
    notFound: 'पेज नहीं मिला',
    refresh: 'रीफ़्रेश करें',
  },
} as const;
export type LangCode = keyof typeof LANGUAGE_TEXT;

/** A translation key left on screen looks like `group.key` from the locale groups. */
export const RAW_KEY =
  /\b(common|request|markets|nav|assets|user|header|search|toBycoin|footer|notFound|guard)\.[a-z][A-Za-z]+\b/;

/** Visible text of the page (not the scripts). */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** Logs the demo account in through the API and puts its token where the app keeps it (spec shell §4). */
export async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const response = await request.post('/uc/login', {
    form: { username: 'demo@tickstream.local', password: 'Tickstream2026' },
  });
  const token = response.headers()['x-auth-token'];
  if (!token) throw new Error(`login failed: ${await response.text()}`);
  await page.goto('/__blank__');
  await page.evaluate((t) => sessionStorage.setItem('token', t), token);
  await page.context().addCookies([{ name: 'token', value: token, url: page.url() }]);
  return token;
}

/** An exact decimal text as English groups it (issue 19 item 7): '1234.5' → '1,234.5'. */
export const grouped = (text: string) => text.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));
