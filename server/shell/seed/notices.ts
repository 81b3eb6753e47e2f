import type { Translations } from './words.ts';

/*
 * The exchange's announcements in seven languages, seeded by migration 0005. Each notice is stored once per language
 * under its key; bodies are short trusted HTML.
 */

export interface NoticeSeed {
  key: string;
  category: 'listing' | 'maintenance' | 'product' | 'activity' | 'security' | 'wallet';
  /** Pinned to the top of the list. */
  top: boolean;
  /** Publication time, Unix ms (UTC). */
  at: number;
  title: Translations;
  body: Translations;
}

const day = (d: number, h = 8) => Date.UTC(2026, 10, d, h);

export const notices: readonly NoticeSeed[] = [
  {
    key: 'listing-sui',
    category: 'listing',
    top: true,
    at: day(21, 10),
    title: {
      zh_CN: 'Tickstream 上线 SUI/USDT 币币交易',
      zh_TW: 'Tickstream 上線 SUI/USDT 幣幣交易',
      en_US: 'Tickstream lists SUI with a SUI/USDT spot market',
      ko_KR: 'Tickstream, SUI/USDT 현물 거래 상장',
      ja: 'Tickstream、SUI/USDT現物取引の取り扱いを開始',
      vi_VN: 'Tickstream niêm yết SUI với cặp giao dịch giao ngay SUI/USDT',
      hi_IN: 'Tickstream पर SUI/USDT स्पॉट ट्रेडिंग शुरू',
    },
    body: {
      zh_CN:
        '<p>SUI 充币已开放，SUI/USDT 交易对将于 2026-11-21 12:00（UTC）开放交易。</p><p>提币将于开盘后 24 小时开放。</p>',
      zh_TW:
        '<p>SUI 充幣已開放，SUI/USDT 交易對將於 2026-11-21 12:00（UTC）開放交易。</p><p>提領將於開盤後 24 小時開放。</p>',
      en_US:
        '<p>SUI deposits are open, and the SUI/USDT market opens for trading at 2026-11-21 12:00 (UTC).</p><p>Withdrawals open 24 hours after trading starts.</p>',
      ko_KR:
        '<p>SUI 입금이 시작되었으며, SUI/USDT 마켓은 2026-11-21 12:00(UTC)에 거래를 시작합니다.</p><p>출금은 거래 시작 24시간 후에 열립니다.</p>',
      ja: '<p>SUIの入金を開始しました。SUI/USDTの取引は2026-11-21 12:00（UTC）に開始します。</p><p>出金は取引開始から24時間後に開始します。</p>',
      vi_VN:
        '<p>Đã mở nạp SUI, cặp SUI/USDT bắt đầu giao dịch lúc 12:00 (UTC) ngày 2026-11-21.</p><p>Rút tiền sẽ mở sau 24 giờ kể từ khi giao dịch bắt đầu.</p>',
      hi_IN:
        '<p>SUI जमा शुरू हो गई है, और SUI/USDT बाज़ार 2026-11-21 12:00 (UTC) पर ट्रेडिंग के लिए खुलेगा।</p><p>निकासी ट्रेडिंग शुरू होने के 24 घंटे बाद खुलेगी।</p>',
    },
  },
  {
    key: 'maintenance-1125',
    category: 'maintenance',
    top: true,
    at: day(20, 9),
    title: {
      zh_CN: '系统升级维护公告（11 月 25 日）',
      zh_TW: '系統升級維護公告（11 月 25 日）',
      en_US: 'Scheduled system maintenance on November 25',
      ko_KR: '11월 25일 시스템 정기 점검 안내',
      ja: '11月25日のシステムメンテナンスのお知らせ',
      vi_VN: 'Thông báo bảo trì hệ thống ngày 25 tháng 11',
      hi_IN: '25 नवंबर को निर्धारित सिस्टम रखरखाव',
    },
    body: {
      zh_CN:
        '<p>为提升系统性能，Tickstream 将于 2026-11-25 02:00 至 04:00（UTC）进行升级维护，期间充提币和交易将暂停。</p><p>维护前未成交的委托将保留，请提前做好资金安排。</p>',
      zh_TW:
        '<p>為提升系統效能，Tickstream 將於 2026-11-25 02:00 至 04:00（UTC）進行升級維護，期間充提幣和交易將暫停。</p><p>維護前未成交的委託將保留，請提前做好資金安排。</p>',
      en_US:
        '<p>To improve performance, Tickstream will be upgraded from 02:00 to 04:00 (UTC) on 2026-11-25. Deposits, withdrawals and trading are paused during this time.</p><p>Open orders are kept; please plan your funds ahead.</p>',
      ko_KR:
        '<p>성능 향상을 위해 2026-11-25 02:00~04:00(UTC)에 시스템 점검이 진행되며, 이 시간 동안 입출금과 거래가 중단됩니다.</p><p>미체결 주문은 유지되니 자금 계획을 미리 세워 주세요.</p>',
      ja: '<p>性能向上のため、2026-11-25 02:00〜04:00（UTC）にシステムメンテナンスを実施します。この間、入出金と取引は停止します。</p><p>未約定の注文は保持されます。事前に資金の準備をお願いします。</p>',
      vi_VN:
        '<p>Để nâng cao hiệu năng, Tickstream sẽ bảo trì từ 02:00 đến 04:00 (UTC) ngày 2026-11-25. Nạp, rút và giao dịch sẽ tạm dừng trong thời gian này.</p><p>Các lệnh đang mở được giữ nguyên, vui lòng chủ động sắp xếp tài sản.</p>',
      hi_IN:
        '<p>प्रदर्शन सुधारने के लिए Tickstream पर 2026-11-25 को 02:00 से 04:00 (UTC) तक रखरखाव होगा। इस दौरान जमा, निकासी और ट्रेडिंग रुकी रहेगी।</p><p>खुले ऑर्डर बने रहेंगे; कृपया अपने फंड की योजना पहले से बनाएँ।</p>',
    },
  },
  {
    key: 'perp-pepe',
    category: 'product',
    top: false,
    at: day(19, 8),
    title: {
      zh_CN: 'PEPE/USDT 永续合约上线，最高 50 倍杠杆',
      zh_TW: 'PEPE/USDT 永續合約上線，最高 50 倍槓桿',
      en_US: 'PEPE/USDT perpetual contract launches with up to 50x leverage',
      ko_KR: 'PEPE/USDT 무기한 선물 출시, 최대 50배 레버리지',
      ja: 'PEPE/USDT無期限先物を提供開始、最大50倍レバレッジ',
      vi_VN: 'Ra mắt hợp đồng vĩnh cửu PEPE/USDT với đòn bẩy tối đa 50x',
      hi_IN: 'PEPE/USDT परपेचुअल कॉन्ट्रैक्ट 50x तक लीवरेज के साथ लॉन्च',
    },
    body: {
      zh_CN: '<p>PEPE/USDT U 本位永续合约已上线，支持全仓与逐仓模式。</p><p>资金费率每 8 小时结算一次。</p>',
      zh_TW: '<p>PEPE/USDT U 本位永續合約已上線，支援全倉與逐倉模式。</p><p>資金費率每 8 小時結算一次。</p>',
      en_US:
        '<p>The USDT-margined PEPE/USDT perpetual contract is live, with cross and isolated margin.</p><p>Funding is settled every 8 hours.</p>',
      ko_KR:
        '<p>USDT 마진 PEPE/USDT 무기한 선물이 출시되었으며 교차 및 격리 마진을 지원합니다.</p><p>펀딩비는 8시간마다 정산됩니다.</p>',
      ja: '<p>USDT建てPEPE/USDT無期限先物の取引を開始しました。クロスマージンと分離マージンに対応しています。</p><p>資金調達率は8時間ごとに精算されます。</p>',
      vi_VN:
        '<p>Hợp đồng vĩnh cửu PEPE/USDT ký quỹ bằng USDT đã hoạt động, hỗ trợ ký quỹ chéo và ký quỹ riêng lẻ.</p><p>Phí funding được thanh toán mỗi 8 giờ.</p>',
      hi_IN:
        '<p>USDT-मार्जिन वाला PEPE/USDT परपेचुअल कॉन्ट्रैक्ट लाइव है, क्रॉस और आइसोलेटेड मार्जिन के साथ।</p><p>फंडिंग हर 8 घंटे में सेटल होती है।</p>',
    },
  },
  {
    key: 'spot-fees',
    category: 'product',
    top: false,
    at: day(17, 8),
    title: {
      zh_CN: '币币交易手续费调整公告',
      zh_TW: '幣幣交易手續費調整公告',
      en_US: 'Spot trading fee update',
      ko_KR: '현물 거래 수수료 조정 안내',
      ja: '現物取引手数料改定のお知らせ',
      vi_VN: 'Thông báo điều chỉnh phí giao dịch giao ngay',
      hi_IN: 'स्पॉट ट्रेडिंग शुल्क में बदलाव',
    },
    body: {
      zh_CN:
        '<p>自 2026-12-01 起，币币交易 Maker 费率调整为 0.08%，Taker 费率调整为 0.1%。</p><p>具体费率请以费率标准页面为准。</p>',
      zh_TW:
        '<p>自 2026-12-01 起，幣幣交易 Maker 費率調整為 0.08%，Taker 費率調整為 0.1%。</p><p>具體費率請以費率標準頁面為準。</p>',
      en_US:
        '<p>From 2026-12-01 the spot maker fee becomes 0.08% and the taker fee 0.1%.</p><p>The Fees page always shows the rates in force.</p>',
      ko_KR:
        '<p>2026-12-01부터 현물 메이커 수수료는 0.08%, 테이커 수수료는 0.1%로 변경됩니다.</p><p>적용 중인 수수료는 수수료 페이지에서 확인하세요.</p>',
      ja: '<p>2026-12-01より、現物取引のメイカー手数料は0.08%、テイカー手数料は0.1%に変更されます。</p><p>適用中の手数料は手数料ページをご確認ください。</p>',
      vi_VN:
        '<p>Từ ngày 2026-12-01, phí maker giao ngay là 0,08% và phí taker là 0,1%.</p><p>Mức phí đang áp dụng luôn được hiển thị tại trang Biểu phí.</p>',
      hi_IN: '<p>2026-12-01 से स्पॉट मेकर शुल्क 0.08% और टेकर शुल्क 0.1% होगा।</p><p>लागू दरें हमेशा शुल्क पेज पर देखें।</p>',
    },
  },
  {
    key: 'copy-carnival',
    category: 'activity',
    top: false,
    at: day(15, 8),
    title: {
      zh_CN: '跟单交易嘉年华：瓜分 20,000 USDT 奖池',
      zh_TW: '跟單交易嘉年華：瓜分 20,000 USDT 獎池',
      en_US: 'Copy Trading Carnival: share a 20,000 USDT prize pool',
      ko_KR: '카피 트레이딩 카니발: 20,000 USDT 상금 풀 공유',
      ja: 'コピートレード・カーニバル：賞金総額20,000 USDT',
      vi_VN: 'Lễ hội Giao dịch sao chép: chia giải thưởng 20.000 USDT',
      hi_IN: 'कॉपी ट्रेडिंग कार्निवल: 20,000 USDT का इनाम पूल',
    },
    body: {
      zh_CN:
        '<p>活动期间累计跟单金额达到 500 USDT 的用户，可按跟单量瓜分奖池。</p><p>活动时间：2026-11-15 至 2026-11-30（UTC）。</p>',
      zh_TW:
        '<p>活動期間累計跟單金額達到 500 USDT 的用戶，可按跟單量瓜分獎池。</p><p>活動時間：2026-11-15 至 2026-11-30（UTC）。</p>',
      en_US:
        '<p>Users who copy at least 500 USDT in total during the event share the pool in proportion to their volume.</p><p>Event period: 2026-11-15 to 2026-11-30 (UTC).</p>',
      ko_KR:
        '<p>이벤트 기간 동안 누적 500 USDT 이상 카피한 사용자는 카피 금액에 비례해 상금을 나눠 받습니다.</p><p>이벤트 기간: 2026-11-15 ~ 2026-11-30(UTC).</p>',
      ja: '<p>期間中に累計500 USDT以上コピーしたユーザーは、コピー額に応じて賞金を山分けできます。</p><p>期間：2026-11-15〜2026-11-30（UTC）。</p>',
      vi_VN:
        '<p>Người dùng sao chép tổng cộng từ 500 USDT trong thời gian sự kiện sẽ được chia giải thưởng theo khối lượng.</p><p>Thời gian: 2026-11-15 đến 2026-11-30 (UTC).</p>',
      hi_IN:
        '<p>इवेंट के दौरान कुल कम से कम 500 USDT कॉपी करने वाले उपयोगकर्ता अपनी मात्रा के अनुपात में इनाम पाएँगे।</p><p>अवधि: 2026-11-15 से 2026-11-30 (UTC)।</p>',
    },
  },
  {
    key: 'newcomer-rewards',
    category: 'activity',
    top: false,
    at: day(12, 8),
    title: {
      zh_CN: '新人专享：完成任务领取最高 100 USDT 体验金',
      zh_TW: '新人專享：完成任務領取最高 100 USDT 體驗金',
      en_US: 'New users: complete tasks to earn up to 100 USDT in trial funds',
      ko_KR: '신규 회원 혜택: 미션 완료 시 최대 100 USDT 체험금 지급',
      ja: '新規ユーザー限定：タスク達成で最大100 USDTの体験資金',
      vi_VN: 'Người dùng mới: hoàn thành nhiệm vụ nhận tới 100 USDT tiền trải nghiệm',
      hi_IN: 'नए उपयोगकर्ता: कार्य पूरे करें और 100 USDT तक ट्रायल फंड पाएँ',
    },
    body: {
      zh_CN:
        '<p>注册 30 天内完成身份认证、首次充值和首笔交易，即可在新人专区领取体验金。</p><p>体验金仅可用于合约交易，盈利部分可提取。</p>',
      zh_TW:
        '<p>註冊 30 天內完成身份認證、首次儲值和首筆交易，即可在新人專區領取體驗金。</p><p>體驗金僅可用於合約交易，獲利部分可提領。</p>',
      en_US:
        '<p>Verify your identity, make your first deposit and your first trade within 30 days of signing up to claim trial funds in the New User Zone.</p><p>Trial funds can only be used for futures; profits can be withdrawn.</p>',
      ko_KR:
        '<p>가입 후 30일 이내에 신원 인증, 첫 입금, 첫 거래를 완료하면 신규 회원 전용 페이지에서 체험금을 받을 수 있습니다.</p><p>체험금은 선물 거래에만 사용할 수 있으며 수익은 출금할 수 있습니다.</p>',
      ja: '<p>登録から30日以内に本人確認、初回入金、初回取引を完了すると、新規ユーザー特典ページで体験資金を受け取れます。</p><p>体験資金は先物取引専用で、利益は出金できます。</p>',
      vi_VN:
        '<p>Xác minh danh tính, nạp tiền lần đầu và giao dịch lần đầu trong vòng 30 ngày sau khi đăng ký để nhận tiền trải nghiệm tại Khu vực người mới.</p><p>Tiền trải nghiệm chỉ dùng cho hợp đồng; lợi nhuận có thể rút.</p>',
      hi_IN:
        '<p>साइन अप के 30 दिनों के भीतर पहचान सत्यापन, पहली जमा और पहला ट्रेड पूरा करें और नए उपयोगकर्ता क्षेत्र में ट्रायल फंड पाएँ।</p><p>ट्रायल फंड केवल फ्यूचर्स के लिए है; मुनाफ़ा निकाला जा सकता है।</p>',
    },
  },
  {
    key: 'anti-fraud',
    category: 'security',
    top: false,
    at: day(10, 8),
    title: {
      zh_CN: '防诈骗提醒：请通过官方渠道验证核实身份',
      zh_TW: '防詐騙提醒：請透過官方管道驗證核實身份',
      en_US: 'Scam alert: check contacts with Official Channel Verification',
      ko_KR: '사기 주의: 공식 채널 인증으로 연락처를 확인하세요',
      ja: '詐欺注意：公式チャネル認証で連絡先を確認してください',
      vi_VN: 'Cảnh báo lừa đảo: kiểm tra liên hệ bằng Xác minh kênh chính thức',
      hi_IN: 'धोखाधड़ी चेतावनी: आधिकारिक चैनल सत्यापन से संपर्क की जाँच करें',
    },
    body: {
      zh_CN:
        '<p>近期有不法分子冒充 Tickstream 客服，诱导用户转账或提供验证码。</p><p>官方人员不会索要您的密码或验证码，请在官方渠道验证页面核实对方身份。</p>',
      zh_TW:
        '<p>近期有不法分子冒充 Tickstream 客服，誘導用戶轉帳或提供驗證碼。</p><p>官方人員不會索取您的密碼或驗證碼，請在官方管道驗證頁面核實對方身份。</p>',
      en_US:
        '<p>Fraudsters have been posing as Tickstream support to make users send funds or share codes.</p><p>Our staff never ask for passwords or codes; check who you are talking to on the Official Channel Verification page.</p>',
      ko_KR:
        '<p>최근 Tickstream 고객센터를 사칭하여 송금이나 인증 코드를 요구하는 사례가 있습니다.</p><p>공식 직원은 비밀번호나 인증 코드를 요구하지 않습니다. 공식 채널 인증 페이지에서 상대방을 확인하세요.</p>',
      ja: '<p>Tickstreamのサポートを装い、送金や認証コードの提供を求める詐欺が発生しています。</p><p>当社スタッフがパスワードやコードを尋ねることはありません。公式チャネル認証ページで相手を確認してください。</p>',
      vi_VN:
        '<p>Gần đây có kẻ gian giả danh bộ phận hỗ trợ của Tickstream để dụ người dùng chuyển tiền hoặc cung cấp mã.</p><p>Nhân viên chính thức không bao giờ hỏi mật khẩu hay mã xác minh; hãy kiểm tra tại trang Xác minh kênh chính thức.</p>',
      hi_IN:
        '<p>धोखेबाज़ Tickstream सहायता बनकर उपयोगकर्ताओं से पैसे भेजने या कोड साझा करने को कह रहे हैं।</p><p>हमारे कर्मचारी कभी पासवर्ड या कोड नहीं माँगते; आधिकारिक चैनल सत्यापन पेज पर संपर्क की जाँच करें।</p>',
    },
  },
  {
    key: 'trc20-wallet',
    category: 'wallet',
    top: false,
    at: day(8, 8),
    title: {
      zh_CN: 'USDT-TRC20 钱包升级完成，充提已恢复',
      zh_TW: 'USDT-TRC20 錢包升級完成，充提已恢復',
      en_US: 'USDT-TRC20 wallet upgrade complete; deposits and withdrawals resumed',
      ko_KR: 'USDT-TRC20 지갑 업그레이드 완료, 입출금 재개',
      ja: 'USDT-TRC20ウォレットのアップグレード完了、入出金を再開',
      vi_VN: 'Hoàn tất nâng cấp ví USDT-TRC20, đã mở lại nạp rút',
      hi_IN: 'USDT-TRC20 वॉलेट अपग्रेड पूरा, जमा और निकासी फिर से शुरू',
    },
    body: {
      zh_CN:
        '<p>USDT-TRC20 钱包已完成升级，充币与提币均已恢复。</p><p>升级期间发起的充值将自动到账，无需任何操作。</p>',
      zh_TW:
        '<p>USDT-TRC20 錢包已完成升級，充幣與提領均已恢復。</p><p>升級期間發起的儲值將自動入帳，無需任何操作。</p>',
      en_US:
        '<p>The USDT-TRC20 wallet upgrade is complete and deposits and withdrawals have resumed.</p><p>Deposits sent during the upgrade are credited automatically; no action is needed.</p>',
      ko_KR:
        '<p>USDT-TRC20 지갑 업그레이드가 완료되어 입출금이 재개되었습니다.</p><p>업그레이드 중 보낸 입금은 자동으로 반영되며 별도 조치가 필요 없습니다.</p>',
      ja: '<p>USDT-TRC20ウォレットのアップグレードが完了し、入出金を再開しました。</p><p>アップグレード中の入金は自動的に反映されます。お手続きは不要です。</p>',
      vi_VN:
        '<p>Ví USDT-TRC20 đã nâng cấp xong, nạp và rút đã hoạt động trở lại.</p><p>Các khoản nạp gửi trong thời gian nâng cấp sẽ được cộng tự động, bạn không cần thao tác gì.</p>',
      hi_IN:
        '<p>USDT-TRC20 वॉलेट अपग्रेड पूरा हो गया है और जमा व निकासी फिर से शुरू हो गई है।</p><p>अपग्रेड के दौरान भेजी गई जमा अपने आप क्रेडिट हो जाएगी; कुछ करने की ज़रूरत नहीं है।</p>',
    },
  },
  {
    key: 'web-upgrade',
    category: 'product',
    top: false,
    at: day(5, 8),
    title: {
      zh_CN: '网页版全新升级：深色主题与七种语言',
      zh_TW: '網頁版全新升級：深色主題與七種語言',
      en_US: 'New web client: dark theme and seven languages',
      ko_KR: '웹 버전 업그레이드: 다크 테마와 7개 언어 지원',
      ja: 'Web版リニューアル：ダークテーマと7言語に対応',
      vi_VN: 'Nâng cấp bản web: giao diện tối và bảy ngôn ngữ',
      hi_IN: 'नया वेब क्लाइंट: डार्क थीम और सात भाषाएँ',
    },
    body: {
      zh_CN:
        '<p>全新网页版交易终端上线，行情与深度实时推送，交易页面默认深色主题。</p><p>现已支持简体中文、繁體中文、English、한국어、日本語、Tiếng Việt 与 हिन्दी。</p>',
      zh_TW:
        '<p>全新網頁版交易終端上線，行情與深度即時推送，交易頁面預設深色主題。</p><p>現已支援简体中文、繁體中文、English、한국어、日本語、Tiếng Việt 與 हिन्दी。</p>',
      en_US:
        '<p>The new web trading terminal is live, with real-time prices and depth and a dark theme on trading pages.</p><p>It speaks 简体中文, 繁體中文, English, 한국어, 日本語, Tiếng Việt and हिन्दी.</p>',
      ko_KR:
        '<p>새로운 웹 거래 터미널이 출시되었습니다. 실시간 시세와 호가를 제공하며 거래 페이지는 다크 테마가 기본입니다.</p><p>简体中文, 繁體中文, English, 한국어, 日本語, Tiếng Việt, हिन्दी를 지원합니다.</p>',
      ja: '<p>新しいWeb取引ターミナルを公開しました。リアルタイムの価格と板情報を表示し、取引画面はダークテーマが標準です。</p><p>简体中文、繁體中文、English、한국어、日本語、Tiếng Việt、हिन्दीに対応しています。</p>',
      vi_VN:
        '<p>Giao diện giao dịch web mới đã ra mắt với giá và độ sâu thời gian thực, trang giao dịch dùng giao diện tối.</p><p>Hỗ trợ 简体中文, 繁體中文, English, 한국어, 日本語, Tiếng Việt và हिन्दी.</p>',
      hi_IN:
        '<p>नया वेब ट्रेडिंग टर्मिनल लाइव है, जिसमें रियल-टाइम कीमतें और डेप्थ हैं और ट्रेडिंग पेज पर डार्क थीम है।</p><p>यह 简体中文, 繁體中文, English, 한국어, 日本語, Tiếng Việt और हिन्दी में उपलब्ध है।</p>',
    },
  },
  {
    key: 'proof-of-reserves',
    category: 'security',
    top: false,
    at: day(2, 8),
    title: {
      zh_CN: '11 月储备金证明已发布',
      zh_TW: '11 月儲備金證明已發布',
      en_US: 'November proof of reserves published',
      ko_KR: '11월 준비금 증명 공개',
      ja: '11月のプルーフ・オブ・リザーブを公開',
      vi_VN: 'Đã công bố bằng chứng dự trữ tháng 11',
      hi_IN: 'नवंबर का प्रूफ़ ऑफ़ रिज़र्व प्रकाशित',
    },
    body: {
      zh_CN:
        '<p>本月储备金证明显示，BTC、ETH 与 USDT 的储备率均高于 100%。</p><p>用户可在资产页面使用默克尔树自行验证账户余额。</p>',
      zh_TW:
        '<p>本月儲備金證明顯示，BTC、ETH 與 USDT 的儲備率均高於 100%。</p><p>用戶可在資產頁面使用默克爾樹自行驗證帳戶餘額。</p>',
      en_US:
        '<p>This month’s proof of reserves shows reserve ratios above 100% for BTC, ETH and USDT.</p><p>You can verify your own balance with the Merkle tree on the Assets page.</p>',
      ko_KR:
        '<p>이번 달 준비금 증명에서 BTC, ETH, USDT의 준비금 비율은 모두 100%를 넘었습니다.</p><p>자산 페이지에서 머클 트리로 본인 잔액을 직접 검증할 수 있습니다.</p>',
      ja: '<p>今月のプルーフ・オブ・リザーブでは、BTC、ETH、USDTの準備率がいずれも100%を上回りました。</p><p>資産ページでマークルツリーを使ってご自身の残高を検証できます。</p>',
      vi_VN:
        '<p>Bằng chứng dự trữ tháng này cho thấy tỷ lệ dự trữ BTC, ETH và USDT đều trên 100%.</p><p>Bạn có thể tự xác minh số dư bằng cây Merkle tại trang Tài sản.</p>',
      hi_IN:
        '<p>इस महीने के प्रूफ़ ऑफ़ रिज़र्व में BTC, ETH और USDT का रिज़र्व अनुपात 100% से ऊपर है।</p><p>आप संपत्ति पेज पर मर्कल ट्री से अपना बैलेंस स्वयं सत्यापित कर सकते हैं।</p>',
    },
  },
];
