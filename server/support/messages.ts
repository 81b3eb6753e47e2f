import type { Lang } from '../../common/i18n.ts';
import { type MessageParams, Refusal, translateIn } from '../errors/refusal.ts';

/** Envelope codes of the support routes (beside common/api.ts ApiCode; 0 is success). */
export const SupportCode = {
  badRequest: 400,
  notFound: 404,
  tooManyRequests: 429,
  /** The ticket is closed: no reply, no second close. */
  ticketClosed: 4501,
  tooManyOpenTickets: 4502,
  imageRejected: 4503,
} as const;

/** Messages of the support routes in the seven UI languages; `{name}` marks a parameter. */
const MESSAGES = {
  messageEmpty: {
    zh_CN: '内容不能为空',
    zh_TW: '內容不能為空',
    en_US: 'The message cannot be empty',
    ko_KR: '내용을 입력하세요',
    ja: '内容を入力してください',
    vi_VN: 'Nội dung không được để trống',
    hi_IN: 'संदेश खाली नहीं हो सकता',
  },
  messageTooLong: {
    zh_CN: '内容过长，最多 {max} 个字符',
    zh_TW: '內容過長，最多 {max} 個字元',
    en_US: 'The message is too long, at most {max} characters',
    ko_KR: '내용이 너무 깁니다. 최대 {max}자까지 가능합니다',
    ja: '内容が長すぎます。最大 {max} 文字までです',
    vi_VN: 'Nội dung quá dài, tối đa {max} ký tự',
    hi_IN: 'संदेश बहुत लंबा है, अधिकतम {max} अक्षर',
  },
  titleEmpty: {
    zh_CN: '标题不能为空',
    zh_TW: '標題不能為空',
    en_US: 'The title cannot be empty',
    ko_KR: '제목을 입력하세요',
    ja: '件名を入力してください',
    vi_VN: 'Tiêu đề không được để trống',
    hi_IN: 'शीर्षक खाली नहीं हो सकता',
  },
  titleTooLong: {
    zh_CN: '标题过长，最多 {max} 个字符',
    zh_TW: '標題過長，最多 {max} 個字元',
    en_US: 'The title is too long, at most {max} characters',
    ko_KR: '제목이 너무 깁니다. 최대 {max}자까지 가능합니다',
    ja: '件名が長すぎます。最大 {max} 文字までです',
    vi_VN: 'Tiêu đề quá dài, tối đa {max} ký tự',
    hi_IN: 'शीर्षक बहुत लंबा है, अधिकतम {max} अक्षर',
  },
  unknownCategory: {
    zh_CN: '问题类型无效',
    zh_TW: '問題類型無效',
    en_US: 'Unknown feedback category',
    ko_KR: '잘못된 문의 유형입니다',
    ja: 'お問い合わせの種類が正しくありません',
    vi_VN: 'Loại phản hồi không hợp lệ',
    hi_IN: 'अज्ञात प्रतिक्रिया श्रेणी',
  },
  chatNotFound: {
    zh_CN: '会话不存在，请刷新页面',
    zh_TW: '會話不存在，請重新整理頁面',
    en_US: 'The conversation does not exist, please reload the page',
    ko_KR: '대화가 존재하지 않습니다. 페이지를 새로고침하세요',
    ja: '会話が存在しません。ページを再読み込みしてください',
    vi_VN: 'Cuộc trò chuyện không tồn tại, vui lòng tải lại trang',
    hi_IN: 'बातचीत मौजूद नहीं है, कृपया पेज रीफ़्रेश करें',
  },
  chatRateLimited: {
    zh_CN: '发送过于频繁，请稍后再试',
    zh_TW: '傳送過於頻繁，請稍後再試',
    en_US: 'You are sending too fast, please wait a moment',
    ko_KR: '너무 빠르게 보내고 있습니다. 잠시 후 다시 시도하세요',
    ja: '送信が早すぎます。しばらくお待ちください',
    vi_VN: 'Bạn gửi quá nhanh, vui lòng đợi một chút',
    hi_IN: 'आप बहुत तेज़ी से भेज रहे हैं, कृपया थोड़ा रुकें',
  },
  ticketNotFound: {
    zh_CN: '工单不存在',
    zh_TW: '工單不存在',
    en_US: 'The ticket does not exist',
    ko_KR: '문의가 존재하지 않습니다',
    ja: 'チケットが存在しません',
    vi_VN: 'Phiếu hỗ trợ không tồn tại',
    hi_IN: 'टिकट मौजूद नहीं है',
  },
  ticketClosed: {
    zh_CN: '工单已关闭，无法继续回复',
    zh_TW: '工單已關閉，無法繼續回覆',
    en_US: 'This ticket is closed and can no longer be replied to',
    ko_KR: '종료된 문의에는 더 이상 답변할 수 없습니다',
    ja: 'このチケットはクローズ済みのため、返信できません',
    vi_VN: 'Phiếu hỗ trợ đã đóng, không thể trả lời thêm',
    hi_IN: 'यह टिकट बंद है, अब इसका उत्तर नहीं दिया जा सकता',
  },
  tooManyOpenTickets: {
    zh_CN: '未关闭的工单最多 {max} 个，请先关闭已解决的工单',
    zh_TW: '未關閉的工單最多 {max} 個，請先關閉已解決的工單',
    en_US: 'You can have at most {max} open tickets; please close the solved ones first',
    ko_KR: '진행 중인 문의는 최대 {max}개입니다. 해결된 문의를 먼저 종료하세요',
    ja: '未クローズのチケットは最大 {max} 件です。解決済みのものを先にクローズしてください',
    vi_VN: 'Bạn chỉ có thể mở tối đa {max} phiếu; vui lòng đóng các phiếu đã giải quyết trước',
    hi_IN: 'आपके अधिकतम {max} खुले टिकट हो सकते हैं; कृपया पहले हल हो चुके टिकट बंद करें',
  },
  imageRejected: {
    zh_CN: '仅支持 JPG、PNG、WEBP 图片，最大 {mb} MB',
    zh_TW: '僅支援 JPG、PNG、WEBP 圖片，最大 {mb} MB',
    en_US: 'Only JPG, PNG or WEBP images up to {mb} MB are accepted',
    ko_KR: 'JPG, PNG, WEBP 이미지만 가능하며 최대 {mb} MB입니다',
    ja: 'JPG・PNG・WEBP 形式、{mb} MB までの画像のみ対応しています',
    vi_VN: 'Chỉ chấp nhận ảnh JPG, PNG hoặc WEBP tối đa {mb} MB',
    hi_IN: 'केवल {mb} MB तक की JPG, PNG या WEBP छवियाँ स्वीकार हैं',
  },
  imageNotFound: {
    zh_CN: '图片不存在或已被使用，请重新上传',
    zh_TW: '圖片不存在或已被使用，請重新上傳',
    en_US: 'The image does not exist or is already used, please upload it again',
    ko_KR: '이미지가 없거나 이미 사용되었습니다. 다시 업로드하세요',
    ja: '画像が存在しないか、すでに使用されています。もう一度アップロードしてください',
    vi_VN: 'Ảnh không tồn tại hoặc đã được dùng, vui lòng tải lên lại',
    hi_IN: 'छवि मौजूद नहीं है या पहले ही उपयोग हो चुकी है, कृपया फिर से अपलोड करें',
  },
  imageLimit: {
    zh_CN: '今日上传图片已达上限 {max} 张',
    zh_TW: '今日上傳圖片已達上限 {max} 張',
    en_US: 'You have reached today’s limit of {max} images',
    ko_KR: '오늘 업로드 한도 {max}장에 도달했습니다',
    ja: '本日のアップロード上限（{max} 枚）に達しました',
    vi_VN: 'Bạn đã đạt giới hạn {max} ảnh hôm nay',
    hi_IN: 'आप आज की {max} छवियों की सीमा तक पहुँच गए हैं',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type SupportMessageKey = keyof typeof MESSAGES;

export function translateSupport(key: SupportMessageKey, lang: Lang, params: MessageParams = {}): string {
  return translateIn(MESSAGES, key, lang, params);
}

/**
 * An expected refusal of a support route: HTTP status, envelope code and one of the messages above (the support area
 * keeps its own catalogue; the HTTP layer answers every Refusal alike).
 */
export class SupportError extends Refusal<SupportMessageKey> {
  text(lang: Lang): string {
    return translateSupport(this.key, lang, this.params);
  }
}
