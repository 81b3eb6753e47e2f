import type { Lang } from '../../common/i18n.ts';

/** Refusals of device authorisation and QR login (issue 19 item 15), in the seven UI languages. */
export const LOGIN_MESSAGES = {
  deviceCodeSent: {
    zh_CN: '这是一台新设备，验证码已发送至 {address}，请输入验证码完成登录',
    zh_TW: '這是一台新裝置，驗證碼已發送至 {address}，請輸入驗證碼完成登入',
    en_US: 'This is a new device: a code was sent to {address}, enter it to finish logging in',
    ko_KR: '새 기기입니다. {address}(으)로 인증 코드를 보냈습니다. 코드를 입력해 로그인을 완료하세요',
    ja: '新しいデバイスです。{address} に認証コードを送信しました。コードを入力してログインを完了してください',
    vi_VN: 'Đây là thiết bị mới: mã xác minh đã được gửi tới {address}, hãy nhập mã để hoàn tất đăng nhập',
    hi_IN: 'यह एक नया डिवाइस है: {address} पर कोड भेजा गया है, लॉगिन पूरा करने के लिए उसे दर्ज करें',
  },
  qrcodeInvalid: {
    zh_CN: '二维码无效或已被使用，请刷新二维码',
    zh_TW: 'QR 碼無效或已被使用，請重新整理 QR 碼',
    en_US: 'This QR code is not valid or was already used, please refresh it',
    ko_KR: 'QR 코드가 유효하지 않거나 이미 사용되었습니다. 새로 고치세요',
    ja: 'この QR コードは無効か、すでに使用されています。更新してください',
    vi_VN: 'Mã QR không hợp lệ hoặc đã được sử dụng, vui lòng làm mới',
    hi_IN: 'यह QR कोड मान्य नहीं है या पहले ही उपयोग हो चुका है, कृपया इसे रीफ़्रेश करें',
  },
  qrcodeExpired: {
    zh_CN: '二维码已过期，请刷新二维码',
    zh_TW: 'QR 碼已過期，請重新整理 QR 碼',
    en_US: 'This QR code has expired, please refresh it',
    ko_KR: 'QR 코드가 만료되었습니다. 새로 고치세요',
    ja: 'QR コードの有効期限が切れました。更新してください',
    vi_VN: 'Mã QR đã hết hạn, vui lòng làm mới',
    hi_IN: 'इस QR कोड की समय-सीमा समाप्त हो गई है, कृपया इसे रीफ़्रेश करें',
  },
  deviceAuthNoChannel: {
    zh_CN: '请先绑定邮箱或手机，才能开启设备授权',
    zh_TW: '請先綁定信箱或手機，才能開啟裝置授權',
    en_US: 'Bind an e-mail or phone first to turn on device authorisation',
    ko_KR: '기기 인증을 켜려면 먼저 이메일 또는 휴대폰을 연결하세요',
    ja: 'デバイス認証をオンにするには、先にメールまたは電話番号を連携してください',
    vi_VN: 'Hãy liên kết email hoặc số điện thoại trước khi bật ủy quyền thiết bị',
    hi_IN: 'डिवाइस प्राधिकरण चालू करने के लिए पहले ई-मेल या फ़ोन जोड़ें',
  },
} as const satisfies Record<string, Record<Lang, string>>;
