import { DEFAULT_LANG, type Lang, parseLang } from '../../common/i18n.ts';

/** UI strings of the market list, in the seven languages (spec shell §1). */
const MESSAGES = {
  zh_CN: {
    title: '现货行情',
    pair: '交易对',
    lastPrice: '最新价',
    change: '24h涨跌',
    high: '24h最高',
    low: '24h最低',
    volume: '24h成交量',
    loading: '加载中…',
    empty: '暂无数据',
    retry: '重试',
    networkError: '网络异常，请尝试切换网络',
    language: '语言',
  },
  zh_TW: {
    title: '現貨行情',
    pair: '交易對',
    lastPrice: '最新價',
    change: '24h漲跌',
    high: '24h最高',
    low: '24h最低',
    volume: '24h成交量',
    loading: '載入中…',
    empty: '暫無資料',
    retry: '重試',
    networkError: '網路異常，請嘗試切換網路',
    language: '語言',
  },
  en_US: {
    title: 'Spot markets',
    pair: 'Pair',
    lastPrice: 'Last price',
    change: '24h change',
    high: '24h high',
    low: '24h low',
    volume: '24h volume',
    loading: 'Loading…',
    empty: 'No data',
    retry: 'Retry',
    networkError: 'Network error, please try switching to another network',
    language: 'Language',
  },
  ko_KR: {
    title: '현물 시세',
    pair: '거래쌍',
    lastPrice: '최근 가격',
    change: '24h 변동',
    high: '24h 최고',
    low: '24h 최저',
    volume: '24h 거래량',
    loading: '로딩 중…',
    empty: '데이터 없음',
    retry: '다시 시도',
    networkError: '네트워크 오류입니다. 다른 네트워크로 전환해 보세요',
    language: '언어',
  },
  ja: {
    title: '現物相場',
    pair: '取引ペア',
    lastPrice: '最新価格',
    change: '24h変動',
    high: '24h高値',
    low: '24h安値',
    volume: '24h出来高',
    loading: '読み込み中…',
    empty: 'データがありません',
    retry: '再試行',
    networkError: 'ネットワークエラーです。別のネットワークに切り替えてください',
    language: '言語',
  },
  vi_VN: {
    title: 'Thị trường giao ngay',
    pair: 'Cặp giao dịch',
    lastPrice: 'Giá mới nhất',
    change: 'Biến động 24h',
    high: 'Cao nhất 24h',
    low: 'Thấp nhất 24h',
    volume: 'Khối lượng 24h',
    loading: 'Đang tải…',
    empty: 'Không có dữ liệu',
    retry: 'Thử lại',
    networkError: 'Lỗi mạng, vui lòng thử chuyển sang mạng khác',
    language: 'Ngôn ngữ',
  },
  hi_IN: {
    title: 'स्पॉट बाज़ार',
    pair: 'जोड़ी',
    lastPrice: 'अंतिम मूल्य',
    change: '24घं परिवर्तन',
    high: '24घं उच्च',
    low: '24घं निम्न',
    volume: '24घं वॉल्यूम',
    loading: 'लोड हो रहा है…',
    empty: 'कोई डेटा नहीं',
    retry: 'पुनः प्रयास करें',
    networkError: 'नेटवर्क त्रुटि, कृपया दूसरे नेटवर्क पर स्विच करें',
    language: 'भाषा',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type MessageKey = keyof (typeof MESSAGES)['zh_CN'];

export const LANGUAGE_NAMES: Record<Lang, string> = {
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
  en_US: 'English',
  ko_KR: '한국어',
  ja: '日本語',
  vi_VN: 'Tiếng Việt',
  hi_IN: 'हिन्दी',
};

const STORAGE_KEY = 'lang';

/** The stored language, else the URL prefix, else zh_CN (spec shell §1). */
export function currentLang(): Lang {
  const stored = parseLang(localStorage.getItem(STORAGE_KEY));
  const prefix = parseLang(location.pathname.split('/')[1]);
  return stored ?? prefix ?? DEFAULT_LANG;
}

export function storeLang(lang: Lang): void {
  localStorage.setItem(STORAGE_KEY, lang);
}

export function translate(lang: Lang, key: MessageKey): string {
  return MESSAGES[lang][key];
}
