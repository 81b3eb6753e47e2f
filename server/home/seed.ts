import type { Translations } from '../shell/seed/words.ts';

/*
 * Home page content seeded by migration 0008: carousel banners and advertisements in the seven languages, and the
 * new-coin listings (real spot markets of the catalogue). Operators change the rows; the handlers only read them.
 */

export interface BannerSeed {
  key: string;
  title: Translations;
  subtitle: Translations;
  linkUrl: string;
  colors: readonly [string, string];
}

export const bannerSeeds: readonly BannerSeed[] = [
  {
    key: 'welcome',
    title: {
      zh_CN: '新用户注册即享好礼',
      zh_TW: '新用戶註冊即享好禮',
      en_US: 'Sign up and claim your welcome rewards',
      ko_KR: '가입하고 웰컴 리워드를 받으세요',
      ja: '新規登録でウェルカム特典',
      vi_VN: 'Đăng ký và nhận quà chào mừng',
      hi_IN: 'साइन अप करें और स्वागत इनाम पाएँ',
    },
    subtitle: {
      zh_CN: '完成任务，领取最高 100 USDT 体验金',
      zh_TW: '完成任務，領取最高 100 USDT 體驗金',
      en_US: 'Finish the tasks for up to 100 USDT in trial funds',
      ko_KR: '미션을 완료하고 최대 100 USDT 체험금을 받으세요',
      ja: 'タスク達成で最大 100 USDT の体験金',
      vi_VN: 'Hoàn thành nhiệm vụ để nhận tới 100 USDT tiền trải nghiệm',
      hi_IN: 'कार्य पूरे करें और 100 USDT तक का ट्रायल फ़ंड पाएँ',
    },
    linkUrl: '/activity/newer',
    colors: ['#1f6feb', '#0b2a5b'],
  },
  {
    key: 'sui-listing',
    title: {
      zh_CN: 'SUI/USDT 现已上线',
      zh_TW: 'SUI/USDT 現已上線',
      en_US: 'SUI/USDT is now live',
      ko_KR: 'SUI/USDT 거래 시작',
      ja: 'SUI/USDT 取引開始',
      vi_VN: 'SUI/USDT đã mở giao dịch',
      hi_IN: 'SUI/USDT अब लाइव है',
    },
    subtitle: {
      zh_CN: '现货交易零手续费活动进行中',
      zh_TW: '現貨交易零手續費活動進行中',
      en_US: 'Zero-fee spot trading for a limited time',
      ko_KR: '기간 한정 현물 거래 수수료 무료',
      ja: '期間限定で現物取引手数料ゼロ',
      vi_VN: 'Miễn phí giao dịch giao ngay trong thời gian có hạn',
      hi_IN: 'सीमित समय के लिए शून्य शुल्क स्पॉट ट्रेडिंग',
    },
    linkUrl: '/trade/SUI-USDT',
    colors: ['#00a389', '#053d37'],
  },
  {
    key: 'earn',
    title: {
      zh_CN: '理财产品 年化最高 12%',
      zh_TW: '理財產品 年化最高 12%',
      en_US: 'Earn up to 12% APR',
      ko_KR: '최대 연 12% 수익',
      ja: '年利最大 12% の資産運用',
      vi_VN: 'Lãi suất lên đến 12%/năm',
      hi_IN: '12% तक सालाना रिटर्न कमाएँ',
    },
    subtitle: {
      zh_CN: '活期随存随取，定期收益更高',
      zh_TW: '活期隨存隨取，定期收益更高',
      en_US: 'Flexible savings any time, fixed terms for more',
      ko_KR: '자유 입출금 또는 더 높은 정기 상품',
      ja: 'いつでも出し入れできるフレキシブルと高利回りの定期',
      vi_VN: 'Tiết kiệm linh hoạt hoặc kỳ hạn với lợi suất cao hơn',
      hi_IN: 'कभी भी लचीली बचत, अधिक के लिए निश्चित अवधि',
    },
    linkUrl: '/financial',
    colors: ['#c98a00', '#4a3100'],
  },
  {
    key: 'copy-trading',
    title: {
      zh_CN: '跟单交易 跟随顶尖交易员',
      zh_TW: '跟單交易 跟隨頂尖交易員',
      en_US: 'Copy the top traders',
      ko_KR: '카피 트레이딩으로 탑 트레이더를 따라하세요',
      ja: 'コピートレードでトップトレーダーに追随',
      vi_VN: 'Sao chép giao dịch của nhà giao dịch hàng đầu',
      hi_IN: 'शीर्ष ट्रेडरों को कॉपी करें',
    },
    subtitle: {
      zh_CN: '一键跟单，实时同步仓位',
      zh_TW: '一鍵跟單，即時同步倉位',
      en_US: 'One click to follow, positions mirrored live',
      ko_KR: '원클릭 팔로우, 포지션 실시간 동기화',
      ja: 'ワンクリックでフォロー、ポジションをリアルタイム同期',
      vi_VN: 'Theo dõi bằng một lần nhấp, vị thế đồng bộ trực tiếp',
      hi_IN: 'एक क्लिक में फ़ॉलो करें, पोज़िशन लाइव कॉपी',
    },
    linkUrl: '/futuresFollow/home',
    colors: ['#7b3fe4', '#2a0f5c'],
  },
  {
    key: 'invite',
    title: {
      zh_CN: '邀请好友 共享返佣',
      zh_TW: '邀請好友 共享返佣',
      en_US: 'Invite friends, share the commission',
      ko_KR: '친구 초대하고 수수료를 함께 받으세요',
      ja: '友達を招待して手数料を還元',
      vi_VN: 'Mời bạn bè, cùng nhận hoa hồng',
      hi_IN: 'दोस्तों को आमंत्रित करें, कमीशन साझा करें',
    },
    subtitle: {
      zh_CN: '最高 40% 交易手续费返佣',
      zh_TW: '最高 40% 交易手續費返佣',
      en_US: 'Up to 40% of their trading fees back to you',
      ko_KR: '친구 거래 수수료의 최대 40% 환급',
      ja: '友達の取引手数料の最大 40% を還元',
      vi_VN: 'Nhận lại tới 40% phí giao dịch của bạn bè',
      hi_IN: 'उनकी ट्रेडिंग फ़ीस का 40% तक आपको',
    },
    linkUrl: '/activity/invite',
    colors: ['#e8590c', '#5c1d00'],
  },
  {
    key: 'security',
    title: {
      zh_CN: '开启谷歌验证 守护账户安全',
      zh_TW: '開啟谷歌驗證 守護帳戶安全',
      en_US: 'Turn on Google Authenticator',
      ko_KR: '구글 OTP로 계정을 보호하세요',
      ja: 'Google 認証で口座を守る',
      vi_VN: 'Bật Google Authenticator để bảo vệ tài khoản',
      hi_IN: 'Google ऑथेंटिकेटर चालू करें',
    },
    subtitle: {
      zh_CN: '两步验证，提币与登录更安心',
      zh_TW: '兩步驗證，提領與登入更安心',
      en_US: 'Two-step checks for sign-in and withdrawals',
      ko_KR: '로그인과 출금에 2단계 인증',
      ja: 'ログインと出金を二段階認証で保護',
      vi_VN: 'Xác minh hai bước khi đăng nhập và rút tiền',
      hi_IN: 'साइन-इन और निकासी के लिए दो-चरण जाँच',
    },
    linkUrl: '/safety',
    colors: ['#2f9e44', '#0d3316'],
  },
];

export interface AdvertiseSeed {
  key: string;
  location: number;
  title: Translations;
  linkUrl: string;
}

/** Location 1: the text advertisements under the home carousel. */
export const HOME_ADVERTISE_LOCATION = 1;

export const advertiseSeeds: readonly AdvertiseSeed[] = [
  {
    key: 'fast-buy',
    location: HOME_ADVERTISE_LOCATION,
    title: {
      zh_CN: '银行卡快捷买币，一分钟到账',
      zh_TW: '銀行卡快捷買幣，一分鐘到帳',
      en_US: 'Buy crypto by card in about a minute',
      ko_KR: '카드로 1분 만에 코인 구매',
      ja: 'カードで約1分、かんたん購入',
      vi_VN: 'Mua tiền mã hóa bằng thẻ chỉ trong khoảng một phút',
      hi_IN: 'कार्ड से लगभग एक मिनट में क्रिप्टो खरीदें',
    },
    linkUrl: '/fast-coin-buying',
  },
  {
    key: 'battle',
    location: HOME_ADVERTISE_LOCATION,
    title: {
      zh_CN: '交易竞技场本周开赛，瓜分奖池',
      zh_TW: '交易競技場本週開賽，瓜分獎池',
      en_US: 'The trading arena opens this week: share the prize pool',
      ko_KR: '이번 주 트레이딩 아레나 개막, 상금 풀을 나누세요',
      ja: '今週トレーディングアリーナ開幕、賞金プールを山分け',
      vi_VN: 'Đấu trường giao dịch khai mạc tuần này: chia giải thưởng',
      hi_IN: 'इस सप्ताह ट्रेडिंग एरीना शुरू: इनाम पूल में हिस्सा लें',
    },
    linkUrl: '/arena',
  },
  {
    key: 'coupons',
    location: HOME_ADVERTISE_LOCATION,
    title: {
      zh_CN: '领取合约体验券，零风险上手',
      zh_TW: '領取合約體驗券，零風險上手',
      en_US: 'Claim a contract trial coupon and start risk-free',
      ko_KR: '선물 체험 쿠폰 받고 부담 없이 시작하세요',
      ja: '先物体験クーポンでノーリスクスタート',
      vi_VN: 'Nhận phiếu trải nghiệm hợp đồng, bắt đầu không rủi ro',
      hi_IN: 'कॉन्ट्रैक्ट ट्रायल कूपन लें और बिना जोखिम शुरू करें',
    },
    linkUrl: '/activity/coupon/list',
  },
];

export interface NewCoinSeed {
  unit: string;
  symbol: string;
  /** Online time: absolute (a listing already announced) or days from the migration's run. */
  at: { utc: number } | { inDays: number };
}

export const newCoinSeeds: readonly NewCoinSeed[] = [
  // Announced in the notices of migration 0005: SUI/USDT opened 2026-11-21 12:00 UTC.
  { unit: 'SUI', symbol: 'SUI/USDT', at: { utc: Date.UTC(2026, 10, 21, 12) } },
  { unit: 'ARB', symbol: 'ARB/USDT', at: { utc: Date.UTC(2026, 10, 18, 12) } },
  { unit: 'APT', symbol: 'APT/USDT', at: { inDays: 2 } },
  { unit: 'OP', symbol: 'OP/USDT', at: { inDays: 5 } },
];
