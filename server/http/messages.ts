import { DEFAULT_LANG, type Lang } from '../../common/i18n.ts';

/** Server messages in the seven UI languages; `{name}` marks a parameter. */
const MESSAGES = {
  success: {
    zh_CN: '成功',
    zh_TW: '成功',
    en_US: 'Success',
    ko_KR: '성공',
    ja: '成功',
    vi_VN: 'Thành công',
    hi_IN: 'सफल',
  },
  invalidParam: {
    zh_CN: '参数错误：{field}',
    zh_TW: '參數錯誤：{field}',
    en_US: 'Invalid parameter: {field}',
    ko_KR: '잘못된 매개변수: {field}',
    ja: 'パラメータが正しくありません：{field}',
    vi_VN: 'Tham số không hợp lệ: {field}',
    hi_IN: 'अमान्य पैरामीटर: {field}',
  },
  badRequest: {
    zh_CN: '请求格式错误',
    zh_TW: '請求格式錯誤',
    en_US: 'The request is malformed',
    ko_KR: '요청 형식이 잘못되었습니다',
    ja: 'リクエストの形式が正しくありません',
    vi_VN: 'Yêu cầu không đúng định dạng',
    hi_IN: 'अनुरोध का प्रारूप गलत है',
  },
  notLoggedIn: {
    zh_CN: '请先登录',
    zh_TW: '請先登入',
    en_US: 'Please log in first',
    ko_KR: '먼저 로그인하세요',
    ja: '先にログインしてください',
    vi_VN: 'Vui lòng đăng nhập trước',
    hi_IN: 'कृपया पहले लॉग इन करें',
  },
  forbidden: {
    zh_CN: '无权进行此操作',
    zh_TW: '無權進行此操作',
    en_US: 'You are not allowed to do this',
    ko_KR: '이 작업을 수행할 권한이 없습니다',
    ja: 'この操作を行う権限がありません',
    vi_VN: 'Bạn không có quyền thực hiện thao tác này',
    hi_IN: 'आपको यह करने की अनुमति नहीं है',
  },
  notFound: {
    zh_CN: '请求的资源不存在',
    zh_TW: '請求的資源不存在',
    en_US: 'Not found',
    ko_KR: '요청한 리소스를 찾을 수 없습니다',
    ja: 'リソースが見つかりません',
    vi_VN: 'Không tìm thấy',
    hi_IN: 'नहीं मिला',
  },
  tooManyRequests: {
    zh_CN: '请求过于频繁，请稍后再试',
    zh_TW: '請求過於頻繁，請稍後再試',
    en_US: 'Too many requests, please try again later',
    ko_KR: '요청이 너무 많습니다. 잠시 후 다시 시도하세요',
    ja: 'リクエストが多すぎます。しばらくしてから再度お試しください',
    vi_VN: 'Quá nhiều yêu cầu, vui lòng thử lại sau',
    hi_IN: 'बहुत अधिक अनुरोध, कृपया बाद में पुनः प्रयास करें',
  },
  internal: {
    zh_CN: '服务器繁忙，请稍后再试',
    zh_TW: '伺服器繁忙，請稍後再試',
    en_US: 'The server is busy, please try again later',
    ko_KR: '서버가 혼잡합니다. 잠시 후 다시 시도하세요',
    ja: 'サーバーが混雑しています。しばらくしてから再度お試しください',
    vi_VN: 'Máy chủ đang bận, vui lòng thử lại sau',
    hi_IN: 'सर्वर व्यस्त है, कृपया बाद में पुनः प्रयास करें',
  },
  loginFailed: {
    zh_CN: '账号或密码错误',
    zh_TW: '帳號或密碼錯誤',
    en_US: 'Incorrect account or password',
    ko_KR: '계정 또는 비밀번호가 올바르지 않습니다',
    ja: 'アカウントまたはパスワードが正しくありません',
    vi_VN: 'Tài khoản hoặc mật khẩu không đúng',
    hi_IN: 'खाता या पासवर्ड गलत है',
  },
  accountLocked: {
    zh_CN: '登录失败次数过多，请 {minutes} 分钟后再试',
    zh_TW: '登入失敗次數過多，請 {minutes} 分鐘後再試',
    en_US: 'Too many failed attempts, please try again in {minutes} minutes',
    ko_KR: '로그인 실패 횟수가 너무 많습니다. {minutes}분 후에 다시 시도하세요',
    ja: 'ログインの失敗が多すぎます。{minutes} 分後に再度お試しください',
    vi_VN: 'Đăng nhập sai quá nhiều lần, vui lòng thử lại sau {minutes} phút',
    hi_IN: 'बहुत अधिक असफल प्रयास, कृपया {minutes} मिनट बाद पुनः प्रयास करें',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function translate(key: MessageKey, lang: Lang = DEFAULT_LANG, params: Record<string, string | number> = {}) {
  const text: string = MESSAGES[key][lang] ?? MESSAGES[key][DEFAULT_LANG];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}
