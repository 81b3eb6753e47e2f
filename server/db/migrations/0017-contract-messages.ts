import { type Kysely, sql } from 'kysely';
import { LANGS, type Lang } from '../../../common/i18n.ts';

/** The in-site messages of contract events (issue 21 §6), rendered in the reader's language (server/swap/inbox.ts). */
export const CONTRACT_TEMPLATES = {
  liquidation: 'swapLiquidation',
  tpsl: 'swapTpsl',
  adl: 'swapAdl',
  funding: 'swapFunding',
} as const;

type Texts = Record<Lang, { title: string; content: string }>;

const LIQUIDATION: Texts = {
  zh_CN: { title: '合约强平通知', content: '您的 {symbol} 仓位（{volume} 张）已在 {price} 被强制平仓。' },
  zh_TW: { title: '合約強平通知', content: '您的 {symbol} 倉位（{volume} 張）已在 {price} 被強制平倉。' },
  en_US: {
    title: 'Position liquidated',
    content: 'Your {symbol} position of {volume} contracts was liquidated at {price}.',
  },
  ko_KR: { title: '포지션 강제 청산', content: '{symbol} 포지션 {volume}계약이 {price}에 강제 청산되었습니다.' },
  ja: { title: 'ポジション強制決済', content: '{symbol} のポジション {volume} 枚が {price} で強制決済されました。' },
  vi_VN: {
    title: 'Vị thế bị thanh lý',
    content: 'Vị thế {symbol} gồm {volume} hợp đồng của bạn đã bị thanh lý tại {price}.',
  },
  hi_IN: { title: 'पोज़िशन लिक्विडेट हुई', content: 'आपकी {symbol} पोज़िशन ({volume} कॉन्ट्रैक्ट) {price} पर लिक्विडेट हो गई।' },
};

const TPSL: Texts = {
  zh_CN: { title: '止盈止损已触发', content: '您的 {symbol} 止盈/止损单已在触发价 {price} 触发，平仓 {volume} 张。' },
  zh_TW: { title: '止盈止損已觸發', content: '您的 {symbol} 止盈/止損單已在觸發價 {price} 觸發，平倉 {volume} 張。' },
  en_US: {
    title: 'TP/SL triggered',
    content: 'Your {symbol} take-profit/stop-loss triggered at {price}, closing {volume} contracts.',
  },
  ko_KR: { title: 'TP/SL 발동', content: '{symbol} 익절/손절 주문이 {price}에서 발동되어 {volume}계약을 청산합니다.' },
  ja: { title: 'TP/SL 発動', content: '{symbol} の利確/損切り注文が {price} で発動し、{volume} 枚を決済します。' },
  vi_VN: {
    title: 'TP/SL đã kích hoạt',
    content: 'Lệnh chốt lời/cắt lỗ {symbol} đã kích hoạt tại {price}, đóng {volume} hợp đồng.',
  },
  hi_IN: {
    title: 'TP/SL ट्रिगर हुआ',
    content: 'आपका {symbol} टेक-प्रॉफ़िट/स्टॉप-लॉस {price} पर ट्रिगर हुआ, {volume} कॉन्ट्रैक्ट बंद होंगे।',
  },
};

const ADL: Texts = {
  zh_CN: { title: '自动减仓通知', content: '您的 {symbol} 仓位有 {volume} 张在 {price} 被自动减仓。' },
  zh_TW: { title: '自動減倉通知', content: '您的 {symbol} 倉位有 {volume} 張在 {price} 被自動減倉。' },
  en_US: {
    title: 'Auto-deleveraged',
    content: '{volume} contracts of your {symbol} position were auto-deleveraged at {price}.',
  },
  ko_KR: {
    title: '자동 디레버리징',
    content: '{symbol} 포지션 중 {volume}계약이 {price}에 자동 디레버리징되었습니다.',
  },
  ja: {
    title: '自動デレバレッジ',
    content: '{symbol} のポジションのうち {volume} 枚が {price} で自動デレバレッジされました。',
  },
  vi_VN: {
    title: 'Tự động giảm đòn bẩy',
    content: '{volume} hợp đồng của vị thế {symbol} đã bị tự động giảm đòn bẩy tại {price}.',
  },
  hi_IN: { title: 'ऑटो-डीलीवरेज', content: 'आपकी {symbol} पोज़िशन के {volume} कॉन्ट्रैक्ट {price} पर ऑटो-डीलीवरेज हुए।' },
};

const FUNDING: Texts = {
  zh_CN: { title: '资金费用结算', content: '{symbol} 仓位（{volume} 张）资金费用结算：{amount} {coin}，费率 {rate}。' },
  zh_TW: { title: '資金費用結算', content: '{symbol} 倉位（{volume} 張）資金費用結算：{amount} {coin}，費率 {rate}。' },
  en_US: {
    title: 'Funding settled',
    content: 'Funding on your {symbol} position of {volume} contracts: {amount} {coin} at a rate of {rate}.',
  },
  ko_KR: {
    title: '펀딩비 정산',
    content: '{symbol} 포지션({volume}계약) 펀딩비 정산: {amount} {coin}, 펀딩비율 {rate}.',
  },
  ja: {
    title: '資金調達料の精算',
    content: '{symbol} のポジション（{volume} 枚）の資金調達料：{amount} {coin}（レート {rate}）。',
  },
  vi_VN: {
    title: 'Đã tất toán funding',
    content: 'Funding của vị thế {symbol} gồm {volume} hợp đồng: {amount} {coin}, tỷ lệ {rate}.',
  },
  hi_IN: {
    title: 'फ़ंडिंग सेटल हुई',
    content: 'आपकी {symbol} पोज़िशन ({volume} कॉन्ट्रैक्ट) पर फ़ंडिंग: {amount} {coin}, दर {rate}।',
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const sets: [string, Texts][] = [
    [CONTRACT_TEMPLATES.liquidation, LIQUIDATION],
    [CONTRACT_TEMPLATES.tpsl, TPSL],
    [CONTRACT_TEMPLATES.adl, ADL],
    [CONTRACT_TEMPLATES.funding, FUNDING],
  ];
  const rows = sets.flatMap(([key, texts]) =>
    LANGS.map((lang) => sql`(${key}, ${lang}, ${texts[lang].title}, ${texts[lang].content})`),
  );
  await sql`insert into message_templates (key, lang, title, content) values ${sql.join(rows)}`.execute(db);
}
