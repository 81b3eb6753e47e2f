import type { Translations } from './words.ts';

/*
 * Message templates (migration 0005): a user's messages are stored as a template key plus parameters and rendered in
 * the reader's language. `{name}` marks a parameter.
 */

export interface MessageTemplateSeed {
  title: Translations;
  content: Translations;
}

export const messageTemplates: Readonly<Record<string, MessageTemplateSeed>> = {
  welcome: {
    title: {
      zh_CN: '欢迎来到 Tickstream',
      zh_TW: '歡迎來到 Tickstream',
      en_US: 'Welcome to Tickstream',
      ko_KR: 'Tickstream에 오신 것을 환영합니다',
      ja: 'Tickstreamへようこそ',
      vi_VN: 'Chào mừng bạn đến với Tickstream',
      hi_IN: 'Tickstream में आपका स्वागत है',
    },
    content: {
      zh_CN: '{username}，您的账户已创建成功。您现在可以充币、进行币币交易，并在资产页面查看余额。',
      zh_TW: '{username}，您的帳戶已建立成功。您現在可以充幣、進行幣幣交易，並在資產頁面查看餘額。',
      en_US:
        '{username}, your account is ready. You can now deposit, trade on the spot markets and follow your balances on the Assets page.',
      ko_KR:
        '{username}님, 계정이 생성되었습니다. 이제 입금하고 현물 시장에서 거래하며 자산 페이지에서 잔액을 확인할 수 있습니다.',
      ja: '{username}様、アカウントの作成が完了しました。入金、現物取引、資産ページでの残高確認をご利用いただけます。',
      vi_VN:
        '{username}, tài khoản của bạn đã sẵn sàng. Bạn có thể nạp tiền, giao dịch giao ngay và theo dõi số dư tại trang Tài sản.',
      hi_IN:
        '{username}, आपका खाता तैयार है। अब आप जमा कर सकते हैं, स्पॉट बाज़ारों में ट्रेड कर सकते हैं और संपत्ति पेज पर अपना बैलेंस देख सकते हैं।',
    },
  },
  securityReminder: {
    title: {
      zh_CN: '请开启谷歌验证器',
      zh_TW: '請開啟 Google 驗證器',
      en_US: 'Turn on Google Authenticator',
      ko_KR: 'Google OTP를 설정하세요',
      ja: 'Google認証システムを有効にしてください',
      vi_VN: 'Hãy bật Google Authenticator',
      hi_IN: 'Google Authenticator चालू करें',
    },
    content: {
      zh_CN: '为保障资金安全，建议您在安全中心绑定谷歌验证器，提现和修改密码时将需要验证。',
      zh_TW: '為保障資金安全，建議您在安全中心綁定 Google 驗證器，提領和修改密碼時將需要驗證。',
      en_US:
        'To keep your funds safe, bind Google Authenticator in the Security center. It will be asked for on withdrawals and password changes.',
      ko_KR:
        '자금을 안전하게 보호하려면 보안 센터에서 Google OTP를 연동하세요. 출금 및 비밀번호 변경 시 인증이 필요합니다.',
      ja: '資産を守るため、セキュリティセンターでGoogle認証システムを連携してください。出金やパスワード変更の際に認証が必要になります。',
      vi_VN:
        'Để bảo vệ tài sản, hãy liên kết Google Authenticator trong mục Bảo mật. Mã xác thực sẽ được yêu cầu khi rút tiền và đổi mật khẩu.',
      hi_IN:
        'अपने फंड सुरक्षित रखने के लिए सुरक्षा केंद्र में Google Authenticator जोड़ें। निकासी और पासवर्ड बदलते समय इसकी आवश्यकता होगी।',
    },
  },
  antiFraud: {
    title: {
      zh_CN: '谨防诈骗',
      zh_TW: '謹防詐騙',
      en_US: 'Beware of scams',
      ko_KR: '사기에 주의하세요',
      ja: '詐欺にご注意ください',
      vi_VN: 'Cảnh giác lừa đảo',
      hi_IN: 'धोखाधड़ी से सावधान रहें',
    },
    content: {
      zh_CN: 'Tickstream 工作人员不会向您索要密码、验证码或私钥。收到可疑联系时，请先在官方渠道验证页面核实。',
      zh_TW: 'Tickstream 工作人員不會向您索取密碼、驗證碼或私鑰。收到可疑聯繫時，請先在官方管道驗證頁面核實。',
      en_US:
        'Tickstream staff will never ask for your password, verification codes or private keys. Check any suspicious contact on the Official Channel Verification page first.',
      ko_KR:
        'Tickstream 직원은 비밀번호, 인증 코드 또는 개인 키를 절대 요구하지 않습니다. 의심스러운 연락은 공식 채널 인증 페이지에서 먼저 확인하세요.',
      ja: 'Tickstreamのスタッフがパスワード、認証コード、秘密鍵を尋ねることはありません。不審な連絡を受けた場合は、公式チャネル認証ページで確認してください。',
      vi_VN:
        'Nhân viên Tickstream không bao giờ hỏi mật khẩu, mã xác minh hay khóa riêng tư của bạn. Hãy kiểm tra mọi liên hệ đáng ngờ tại trang Xác minh kênh chính thức.',
      hi_IN:
        'Tickstream के कर्मचारी कभी भी आपका पासवर्ड, सत्यापन कोड या निजी कुंजी नहीं माँगेंगे। किसी भी संदिग्ध संपर्क की पहले आधिकारिक चैनल सत्यापन पेज पर जाँच करें।',
    },
  },
};

/** Messages every user receives once, in display order (newest first); `dedupe_key` = `welcome:{template}`. */
export const WELCOME_SET = ['welcome', 'securityReminder', 'antiFraud'] as const;
