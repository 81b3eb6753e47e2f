import type { ArticleSeed, CategorySeed } from './help.ts';
import { t7 } from './text.ts';

/*
 * Video tutorials (/video: entries with server-drawn SVG posters, no hot-linked media) and the games and activities of
 * /game/discover, in the seven UI languages, seeded by migration 0009.
 */

export const videoCategories: readonly CategorySeed[] = [
  { key: 'starter', name: t7('入门', '入門', 'Getting started', '시작하기', 'はじめに', 'Bắt đầu', 'शुरुआत') },
  {
    key: 'trading',
    name: t7('交易技巧', '交易技巧', 'Trading skills', '거래 기술', '取引のコツ', 'Kỹ năng giao dịch', 'ट्रेडिंग कौशल'),
  },
];

const day = (d: number) => Date.UTC(2026, 10, d, 4);

/** meta: minutes (length), hue (poster colour). */
export const videos: readonly ArticleSeed[] = [
  {
    key: 'video-register',
    cate: 'starter',
    at: day(1),
    meta: { minutes: 3, hue: 42 },
    title: t7(
      '三分钟完成注册与认证',
      '三分鐘完成註冊與認證',
      'Register and verify in three minutes',
      '3분 만에 가입과 인증 완료',
      '3 分で登録と本人確認',
      'Đăng ký và xác minh trong ba phút',
      'तीन मिनट में रजिस्टर और सत्यापन',
    ),
    summary: t7(
      '从注册账户到通过身份认证的完整流程。',
      '從註冊帳戶到通過身分認證的完整流程。',
      'The whole path from sign-up to a verified identity.',
      '가입부터 신원 인증 완료까지 전 과정.',
      '登録から本人確認完了までの流れ。',
      'Toàn bộ quy trình từ đăng ký đến xác minh danh tính.',
      'साइन अप से सत्यापित पहचान तक पूरी प्रक्रिया।',
    ),
    body: t7(
      '- 00:00 用手机或邮箱注册\n- 01:10 设置安全的登录密码\n- 02:00 上传证件并完成人脸识别',
      '- 00:00 以手機或電子郵件註冊\n- 01:10 設定安全的登入密碼\n- 02:00 上傳證件並完成人臉辨識',
      '- 00:00 Sign up with phone or e-mail\n- 01:10 Set a strong login password\n- 02:00 Upload your ID and pass the face check',
      '- 00:00 휴대폰 또는 이메일로 가입\n- 01:10 안전한 로그인 비밀번호 설정\n- 02:00 신분증 업로드와 얼굴 인증',
      '- 00:00 電話番号またはメールで登録\n- 01:10 安全なログインパスワードを設定\n- 02:00 身分証のアップロードと顔認証',
      '- 00:00 Đăng ký bằng điện thoại hoặc email\n- 01:10 Đặt mật khẩu đăng nhập mạnh\n- 02:00 Tải giấy tờ và xác thực khuôn mặt',
      '- 00:00 फ़ोन या ईमेल से साइन अप\n- 01:10 मज़बूत लॉगिन पासवर्ड सेट करें\n- 02:00 आईडी अपलोड और चेहरा सत्यापन',
    ),
  },
  {
    key: 'video-deposit',
    cate: 'starter',
    at: day(3),
    meta: { minutes: 4, hue: 190 },
    title: t7(
      '第一次充值 USDT',
      '第一次充值 USDT',
      'Your first USDT deposit',
      '첫 USDT 입금하기',
      '初めての USDT 入金',
      'Nạp USDT lần đầu',
      'आपकी पहली USDT जमा',
    ),
    summary: t7(
      '如何选择网络、复制地址并确认到账。',
      '如何選擇網路、複製地址並確認入帳。',
      'Choosing the network, copying the address and checking the arrival.',
      '네트워크 선택, 주소 복사, 입금 확인 방법.',
      'ネットワークの選び方、アドレスのコピー、着金の確認。',
      'Chọn mạng, sao chép địa chỉ và kiểm tra tiền về.',
      'नेटवर्क चुनना, पता कॉपी करना और राशि आने की जाँच।',
    ),
    body: t7(
      '- 00:00 TRC20 与 ERC20 的区别\n- 01:30 复制地址与二维码\n- 03:00 在账单中查看到账进度',
      '- 00:00 TRC20 與 ERC20 的差別\n- 01:30 複製地址與 QR 碼\n- 03:00 在帳單中查看入帳進度',
      '- 00:00 TRC20 versus ERC20\n- 01:30 Copying the address and QR code\n- 03:00 Following the deposit in your bills',
      '- 00:00 TRC20과 ERC20의 차이\n- 01:30 주소와 QR 코드 복사\n- 03:00 내역에서 입금 진행 확인',
      '- 00:00 TRC20 と ERC20 の違い\n- 01:30 アドレスと QR コードのコピー\n- 03:00 履歴で着金状況を確認',
      '- 00:00 Khác biệt giữa TRC20 và ERC20\n- 01:30 Sao chép địa chỉ và mã QR\n- 03:00 Theo dõi tiền nạp trong sao kê',
      '- 00:00 TRC20 बनाम ERC20\n- 01:30 पता और QR कोड कॉपी करना\n- 03:00 बिल में जमा की प्रगति देखना',
    ),
  },
  {
    key: 'video-first-trade',
    cate: 'trading',
    at: day(5),
    meta: { minutes: 6, hue: 150 },
    title: t7(
      '第一笔币币交易',
      '第一筆幣幣交易',
      'Your first spot trade',
      '첫 현물 거래',
      '初めての現物取引',
      'Giao dịch giao ngay đầu tiên',
      'आपका पहला स्पॉट ट्रेड',
    ),
    summary: t7(
      '限价单和市价单的下单演示。',
      '限價單與市價單的下單示範。',
      'Placing a limit order and a market order, step by step.',
      '지정가와 시장가 주문을 단계별로 시연합니다.',
      '指値注文と成行注文を順に実演します。',
      'Hướng dẫn từng bước đặt lệnh giới hạn và lệnh thị trường.',
      'लिमिट और मार्केट ऑर्डर देने का चरण-दर-चरण प्रदर्शन।',
    ),
    body: t7(
      '- 00:00 认识交易页面\n- 02:00 下一笔限价买单\n- 04:00 用市价单卖出并查看成交记录',
      '- 00:00 認識交易頁面\n- 02:00 下一筆限價買單\n- 04:00 以市價單賣出並查看成交紀錄',
      '- 00:00 A tour of the trade page\n- 02:00 Placing a limit buy\n- 04:00 Selling with a market order and checking the fills',
      '- 00:00 거래 페이지 둘러보기\n- 02:00 지정가 매수 주문\n- 04:00 시장가 매도와 체결 내역 확인',
      '- 00:00 取引画面の見方\n- 02:00 指値で買い注文\n- 04:00 成行で売却し約定履歴を確認',
      '- 00:00 Làm quen trang giao dịch\n- 02:00 Đặt lệnh mua giới hạn\n- 04:00 Bán bằng lệnh thị trường và xem lịch sử khớp',
      '- 00:00 ट्रेड पेज का परिचय\n- 02:00 लिमिट ख़रीद ऑर्डर देना\n- 04:00 मार्केट ऑर्डर से बेचना और फ़िल देखना',
    ),
  },
  {
    key: 'video-stop-limit',
    cate: 'trading',
    at: day(8),
    meta: { minutes: 5, hue: 350 },
    title: t7(
      '用止盈止损单管理风险',
      '用停利停損單管理風險',
      'Managing risk with stop-limit orders',
      '스톱 지정가 주문으로 위험 관리',
      'ストップ指値注文でリスク管理',
      'Quản lý rủi ro bằng lệnh dừng giới hạn',
      'स्टॉप-लिमिट ऑर्डर से जोखिम प्रबंधन',
    ),
    summary: t7(
      '如何设置触发价和委托价。',
      '如何設定觸發價與委託價。',
      'How to set the trigger price and the limit price.',
      '트리거 가격과 지정가를 설정하는 방법.',
      'トリガー価格と指値の設定方法。',
      'Cách đặt giá kích hoạt và giá giới hạn.',
      'ट्रिगर कीमत और लिमिट कीमत कैसे सेट करें।',
    ),
    body: t7(
      '- 00:00 止损的意义\n- 01:40 设置触发价与委托价\n- 03:30 触发后的订单状态',
      '- 00:00 停損的意義\n- 01:40 設定觸發價與委託價\n- 03:30 觸發後的訂單狀態',
      '- 00:00 Why stop losses matter\n- 01:40 Setting the trigger and limit prices\n- 03:30 What happens to the order once triggered',
      '- 00:00 손절이 중요한 이유\n- 01:40 트리거 가격과 지정가 설정\n- 03:30 트리거 이후 주문 상태',
      '- 00:00 損切りの重要性\n- 01:40 トリガー価格と指値の設定\n- 03:30 発動後の注文の状態',
      '- 00:00 Vì sao cắt lỗ quan trọng\n- 01:40 Đặt giá kích hoạt và giá giới hạn\n- 03:30 Trạng thái lệnh sau khi kích hoạt',
      '- 00:00 स्टॉप लॉस क्यों ज़रूरी है\n- 01:40 ट्रिगर और लिमिट कीमत सेट करना\n- 03:30 ट्रिगर होने के बाद ऑर्डर का क्या होता है',
    ),
  },
  {
    key: 'video-security',
    cate: 'starter',
    at: day(11),
    meta: { minutes: 4, hue: 265 },
    title: t7(
      '五步保护你的账户',
      '五步保護你的帳戶',
      'Five steps to secure your account',
      '계정을 지키는 다섯 단계',
      'アカウントを守る 5 つのステップ',
      'Năm bước bảo vệ tài khoản',
      'अपने खाते को सुरक्षित करने के पाँच कदम',
    ),
    summary: t7(
      '谷歌验证、资金密码与防钓鱼。',
      'Google 驗證、資金密碼與防釣魚。',
      'Google Authenticator, a fund password and avoiding phishing.',
      'Google OTP, 자금 비밀번호, 피싱 예방.',
      'Google 認証、資金パスワード、フィッシング対策。',
      'Google Authenticator, mật khẩu quỹ và phòng lừa đảo.',
      'Google Authenticator, फ़ंड पासवर्ड और फ़िशिंग से बचाव।',
    ),
    body: t7(
      '- 00:00 开启谷歌验证\n- 01:20 设置资金密码\n- 02:30 核实官方渠道',
      '- 00:00 開啟 Google 驗證\n- 01:20 設定資金密碼\n- 02:30 核實官方管道',
      '- 00:00 Turning on Google Authenticator\n- 01:20 Setting a fund password\n- 02:30 Checking official channels',
      '- 00:00 Google OTP 켜기\n- 01:20 자금 비밀번호 설정\n- 02:30 공식 채널 확인',
      '- 00:00 Google 認証を有効にする\n- 01:20 資金パスワードを設定\n- 02:30 公式チャネルを確認',
      '- 00:00 Bật Google Authenticator\n- 01:20 Đặt mật khẩu quỹ\n- 02:30 Kiểm tra kênh chính thức',
      '- 00:00 Google Authenticator चालू करना\n- 01:20 फ़ंड पासवर्ड सेट करना\n- 02:30 आधिकारिक चैनल जाँचना',
    ),
  },
];

export const gameCategories: readonly CategorySeed[] = [
  { key: 'quiz', name: t7('答题', '答題', 'Quiz', '퀴즈', 'クイズ', 'Đố vui', 'क्विज़') },
  { key: 'predict', name: t7('预测', '預測', 'Prediction', '예측', '予想', 'Dự đoán', 'अनुमान') },
  { key: 'event', name: t7('活动', '活動', 'Event', '이벤트', 'イベント', 'Sự kiện', 'इवेंट') },
];

const at = (month: number, d: number) => Date.UTC(2026, month - 1, d, 0);
const DAY_MS = 86_400_000;

/**
 * A game's window in whole days from the UTC midnight of `now`, the moment the database is made: fixed dates went
 * stale (on 2026-12-01 a game meant to run had ended), and a fresh install should show every state.
 */
const days = (now: number, [from, to]: readonly number[]) => {
  const midnight = Math.floor(now / DAY_MS) * DAY_MS;
  return { startAt: midnight + (from ?? 0) * DAY_MS, endAt: midnight + (to ?? 0) * DAY_MS };
};

/** meta: the window in days from the seeding day (see {@link games}), reward (text), players. */
const GAMES: readonly ArticleSeed[] = [
  {
    key: 'game-btc-guess',
    cate: 'predict',
    at: at(11, 15),
    meta: { window: [-1, 29], reward: '5,000 USDT', players: 12_840 },
    title: t7(
      '猜 BTC 周收盘价',
      '猜 BTC 週收盤價',
      'Guess the BTC weekly close',
      'BTC 주간 종가 맞히기',
      'BTC の週足終値を予想',
      'Đoán giá đóng cửa tuần của BTC',
      'BTC का साप्ताहिक क्लोज़ अनुमान लगाएँ',
    ),
    summary: t7(
      '每周日预测下周 BTC 收盘区间，猜中的用户平分奖池。',
      '每週日預測下週 BTC 收盤區間，猜中的用戶平分獎池。',
      "Every Sunday, predict the range of next week's BTC close; correct guesses share the pool.",
      '매주 일요일 다음 주 BTC 종가 구간을 예측하고, 맞힌 사용자가 상금을 나눕니다.',
      '毎週日曜日に翌週の BTC 終値の範囲を予想し、的中者で賞金を山分けします。',
      'Mỗi Chủ nhật, dự đoán khoảng giá đóng cửa BTC tuần tới; người đoán đúng chia nhau giải thưởng.',
      'हर रविवार अगले सप्ताह के BTC क्लोज़ की सीमा का अनुमान लगाएँ; सही अनुमान वाले इनाम बाँटते हैं।',
    ),
    body: t7(
      '每人每周可预测一次。',
      '每人每週可預測一次。',
      'One prediction per person per week.',
      '1인당 주 1회 예측할 수 있습니다.',
      '1 人につき毎週 1 回予想できます。',
      'Mỗi người được dự đoán một lần mỗi tuần.',
      'हर व्यक्ति हर सप्ताह एक अनुमान लगा सकता है।',
    ),
  },
  {
    key: 'game-crypto-quiz',
    cate: 'quiz',
    at: at(11, 1),
    meta: { window: [-15, 14], reward: '10 USDT', players: 30_512 },
    title: t7(
      '区块链知识问答',
      '區塊鏈知識問答',
      'Blockchain quiz',
      '블록체인 퀴즈',
      'ブロックチェーン・クイズ',
      'Đố vui blockchain',
      'ब्लॉकचेन क्विज़',
    ),
    summary: t7(
      '答对 10 道题即可领取体验金。',
      '答對 10 題即可領取體驗金。',
      'Answer ten questions correctly to claim a trial bonus.',
      '10문제를 모두 맞히면 체험금을 받을 수 있습니다.',
      '10 問すべて正解で体験ボーナスを受け取れます。',
      'Trả lời đúng mười câu để nhận tiền thưởng trải nghiệm.',
      'दस सवालों के सही जवाब देकर ट्रायल बोनस पाएँ।',
    ),
    body: t7(
      '题目涵盖钱包、交易和安全知识。',
      '題目涵蓋錢包、交易與安全知識。',
      'Questions cover wallets, trading and security.',
      '지갑, 거래, 보안에 관한 문제가 나옵니다.',
      'ウォレット、取引、セキュリティに関する問題です。',
      'Câu hỏi về ví, giao dịch và bảo mật.',
      'सवाल वॉलेट, ट्रेडिंग और सुरक्षा पर हैं।',
    ),
  },
  {
    key: 'game-trading-cup',
    cate: 'event',
    at: at(12, 1),
    meta: { window: [14, 44], reward: '50,000 USDT', players: 0 },
    title: t7(
      '年终交易杯',
      '年終交易盃',
      'Year-end trading cup',
      '연말 트레이딩 컵',
      '年末トレーディングカップ',
      'Cúp giao dịch cuối năm',
      'साल के अंत का ट्रेडिंग कप',
    ),
    summary: t7(
      '按现货交易额排名，前 100 名瓜分奖池。',
      '依現貨交易額排名，前 100 名瓜分獎池。',
      'Ranked by spot volume; the top 100 share the prize pool.',
      '현물 거래대금 순위로 상위 100명이 상금을 나눕니다.',
      '現物の取引額でランキングし、上位 100 名で賞金を分け合います。',
      'Xếp hạng theo khối lượng giao ngay; top 100 chia giải thưởng.',
      'स्पॉट वॉल्यूम के अनुसार रैंकिंग; शीर्ष 100 इनाम बाँटेंगे।',
    ),
    body: t7(
      '报名后开始统计交易额。',
      '報名後開始統計交易額。',
      'Volume counts from the moment you sign up.',
      '신청한 시점부터 거래대금이 집계됩니다.',
      '申し込み後の取引額が集計されます。',
      'Khối lượng được tính từ lúc bạn đăng ký.',
      'साइन अप करने के समय से वॉल्यूम गिना जाता है।',
    ),
  },
  {
    key: 'game-lucky-spin',
    cate: 'event',
    at: at(10, 1),
    meta: { window: [-46, -16], reward: '1 BTC', players: 45_201 },
    title: t7('幸运转盘', '幸運轉盤', 'Lucky spin', '행운의 룰렛', 'ラッキースピン', 'Vòng quay may mắn', 'लकी स्पिन'),
    summary: t7(
      '每日登录获得一次转盘机会。',
      '每日登入獲得一次轉盤機會。',
      'One spin for every day you log in.',
      '매일 로그인하면 룰렛 기회 1회를 받습니다.',
      '毎日ログインで 1 回スピンできます。',
      'Mỗi ngày đăng nhập được một lượt quay.',
      'हर दिन लॉगिन पर एक स्पिन।',
    ),
    body: t7(
      '活动已结束，奖励已发放。',
      '活動已結束，獎勵已發放。',
      'The event has ended and rewards have been paid.',
      '이벤트가 종료되었고 보상이 지급되었습니다.',
      'イベントは終了し、報酬は配布済みです。',
      'Sự kiện đã kết thúc và phần thưởng đã được trả.',
      'इवेंट समाप्त हो गया है और इनाम दे दिए गए हैं।',
    ),
  },
  {
    key: 'game-eth-up-down',
    cate: 'predict',
    at: at(11, 20),
    meta: { window: [-5, 25], reward: '2,000 USDT', players: 6_318 },
    title: t7(
      'ETH 涨跌预测',
      'ETH 漲跌預測',
      'ETH up or down',
      'ETH 상승·하락 예측',
      'ETH 上昇・下落予想',
      'Dự đoán ETH tăng hay giảm',
      'ETH ऊपर या नीचे',
    ),
    summary: t7(
      '预测 ETH 24 小时后的涨跌，连续猜中奖励翻倍。',
      '預測 ETH 24 小時後的漲跌，連續猜中獎勵加倍。',
      'Predict whether ETH is higher in 24 hours; streaks double the reward.',
      '24시간 뒤 ETH의 상승·하락을 예측하고, 연속으로 맞히면 보상이 두 배가 됩니다.',
      '24 時間後に ETH が上がるか下がるかを予想し、連続的中で報酬が 2 倍に。',
      'Dự đoán ETH tăng hay giảm sau 24 giờ; đoán đúng liên tiếp được nhân đôi thưởng.',
      'अनुमान लगाएँ कि 24 घंटे बाद ETH ऊपर होगा या नीचे; लगातार सही होने पर इनाम दोगुना।',
    ),
    body: t7(
      '每天 00:00（UTC）结算。',
      '每天 00:00（UTC）結算。',
      'Settled every day at 00:00 (UTC).',
      '매일 00:00(UTC)에 정산합니다.',
      '毎日 00:00（UTC）に精算します。',
      'Quyết toán lúc 00:00 (UTC) mỗi ngày.',
      'हर दिन 00:00 (UTC) पर निपटान।',
    ),
  },
];

/**
 * The games as seeded at `now`, meta with startAt and endAt (Unix ms; their state comes from the server clock): three
 * live, one upcoming, one ended.
 */
export function games(now: number): readonly ArticleSeed[] {
  return GAMES.map(({ meta, ...game }) => {
    const { window, ...rest } = meta as { window: readonly number[] };
    return { ...game, meta: { ...rest, ...days(now, window) } };
  });
}
