import { type Translations, t7 } from './text.ts';

/* Program pages (partner, new-coin listing, promotion, SEO landing) and the official channels, seeded by 0009. */

export interface PageSeed {
  key: string;
  title: Translations;
  subtitle: Translations;
  sections: { title: Translations; text: Translations }[];
}

export const pages: readonly PageSeed[] = [
  {
    key: 'partner',
    title: t7(
      'Tickstream 合伙人计划',
      'Tickstream 合夥人計畫',
      'Tickstream partner program',
      'Tickstream 파트너 프로그램',
      'Tickstream パートナープログラム',
      'Chương trình đối tác Tickstream',
      'Tickstream पार्टनर प्रोग्राम',
    ),
    subtitle: t7(
      '推荐用户交易，最高获得 50% 手续费返佣。',
      '推薦用戶交易，最高獲得 50% 手續費返佣。',
      'Refer traders and earn up to 50% of their trading fees.',
      '거래자를 추천하고 수수료의 최대 50%를 받으세요.',
      'トレーダーを紹介して、手数料の最大 50% を受け取りましょう。',
      'Giới thiệu nhà giao dịch và nhận tới 50% phí giao dịch của họ.',
      'ट्रेडर्स को रेफ़र करें और उनके ट्रेडिंग शुल्क का 50% तक कमाएँ।',
    ),
    sections: [
      {
        title: t7(
          '返佣等级',
          '返佣等級',
          'Commission tiers',
          '커미션 등급',
          'コミッション段階',
          'Các bậc hoa hồng',
          'कमीशन स्तर',
        ),
        text: t7(
          '- 普通合伙人：返佣 30%\n- 高级合伙人（月邀请交易用户 ≥ 50）：返佣 40%\n- 战略合伙人（月邀请交易用户 ≥ 200）：返佣 50%',
          '- 一般合夥人：返佣 30%\n- 進階合夥人（月邀請交易用戶 ≥ 50）：返佣 40%\n- 策略合夥人（月邀請交易用戶 ≥ 200）：返佣 50%',
          '- Partner: 30% commission\n- Senior partner (50 or more trading referrals a month): 40%\n- Strategic partner (200 or more trading referrals a month): 50%',
          '- 일반 파트너: 커미션 30%\n- 시니어 파트너(월 거래 추천 50명 이상): 40%\n- 전략 파트너(월 거래 추천 200명 이상): 50%',
          '- パートナー：コミッション 30%\n- シニアパートナー（月間の取引紹介 50 人以上）：40%\n- 戦略パートナー（月間の取引紹介 200 人以上）：50%',
          '- Đối tác: hoa hồng 30%\n- Đối tác cao cấp (từ 50 người giới thiệu giao dịch mỗi tháng): 40%\n- Đối tác chiến lược (từ 200 người giới thiệu giao dịch mỗi tháng): 50%',
          '- पार्टनर: 30% कमीशन\n- सीनियर पार्टनर (हर महीने 50 या अधिक ट्रेडिंग रेफ़रल): 40%\n- रणनीतिक पार्टनर (हर महीने 200 या अधिक ट्रेडिंग रेफ़रल): 50%',
        ),
      },
      {
        title: t7(
          '谁适合加入',
          '誰適合加入',
          'Who it is for',
          '참여 대상',
          '対象となる方',
          'Dành cho ai',
          'यह किसके लिए है',
        ),
        text: t7(
          '社区运营者、内容创作者、交易培训机构和行情工具开发者。我们提供专属邀请链接、实时数据后台和一对一客户经理。',
          '社群經營者、內容創作者、交易培訓機構與行情工具開發者。我們提供專屬邀請連結、即時數據後台與一對一客戶經理。',
          'Community leaders, content creators, trading educators and builders of market tools. You get a dedicated referral link, a live dashboard and a personal account manager.',
          '커뮤니티 운영자, 콘텐츠 크리에이터, 트레이딩 교육 기관, 시세 도구 개발자. 전용 추천 링크, 실시간 대시보드, 전담 매니저를 제공합니다.',
          'コミュニティ運営者、コンテンツクリエイター、トレード教育機関、相場ツールの開発者。専用の紹介リンク、リアルタイムの管理画面、専任担当者をご用意します。',
          'Người quản lý cộng đồng, nhà sáng tạo nội dung, đơn vị đào tạo giao dịch và nhà phát triển công cụ thị trường. Bạn có đường dẫn giới thiệu riêng, bảng số liệu trực tiếp và quản lý tài khoản riêng.',
          'कम्युनिटी लीडर, कंटेंट क्रिएटर, ट्रेडिंग शिक्षक और बाज़ार टूल बनाने वाले। आपको समर्पित रेफ़रल लिंक, लाइव डैशबोर्ड और व्यक्तिगत अकाउंट मैनेजर मिलता है।',
        ),
      },
      {
        title: t7('如何申请', '如何申請', 'How to apply', '신청 방법', '申し込み方法', 'Cách đăng ký', 'आवेदन कैसे करें'),
        text: t7(
          '登录后在“邀请好友”中获取你的邀请码，并发送邮件至 partner@tickstream.com，附上社区或渠道介绍。我们会在 3 个工作日内回复。',
          '登入後在「邀請好友」中取得你的邀請碼，並寄信至 partner@tickstream.com，附上社群或管道介紹。我們會在 3 個工作日內回覆。',
          'Log in, get your referral code under "Invite friends", and write to partner@tickstream.com with a short description of your community or channel. We answer within 3 working days.',
          '로그인 후 "친구 초대"에서 추천 코드를 확인하고, 커뮤니티나 채널 소개와 함께 partner@tickstream.com으로 메일을 보내세요. 3영업일 안에 답변드립니다.',
          'ログイン後「友達を招待」で招待コードを確認し、コミュニティやチャネルの紹介を添えて partner@tickstream.com までご連絡ください。3 営業日以内に返信します。',
          'Đăng nhập, lấy mã giới thiệu tại "Mời bạn bè" và gửi email tới partner@tickstream.com kèm mô tả ngắn về cộng đồng hoặc kênh của bạn. Chúng tôi phản hồi trong 3 ngày làm việc.',
          'लॉग इन करें, "दोस्तों को आमंत्रित करें" में अपना रेफ़रल कोड लें, और अपनी कम्युनिटी या चैनल के संक्षिप्त विवरण के साथ partner@tickstream.com पर लिखें। हम 3 कार्यदिवसों में जवाब देते हैं।',
        ),
      },
    ],
  },
  {
    key: 'newcoin',
    title: t7(
      '新币上线申请',
      '新幣上線申請',
      'List your token on Tickstream',
      'Tickstream 신규 상장 신청',
      'Tickstream への新規上場申請',
      'Niêm yết token trên Tickstream',
      'Tickstream पर अपना टोकन लिस्ट करें',
    ),
    subtitle: t7(
      '面向全球用户的现货市场，7 种语言的营销支持。',
      '面向全球用戶的現貨市場，7 種語言的行銷支援。',
      'A spot market for users worldwide, with marketing in seven languages.',
      '전 세계 사용자를 위한 현물 시장과 7개 언어 마케팅 지원.',
      '世界中のユーザー向け現物市場と 7 言語でのマーケティング支援。',
      'Thị trường giao ngay cho người dùng toàn cầu, hỗ trợ tiếp thị bằng bảy ngôn ngữ.',
      'दुनिया भर के उपयोगकर्ताओं के लिए स्पॉट बाज़ार, सात भाषाओं में मार्केटिंग सहायता।',
    ),
    sections: [
      {
        title: t7('上币要求', '上幣要求', 'Requirements', '상장 요건', '上場要件', 'Yêu cầu', 'आवश्यकताएँ'),
        text: t7(
          '- 主网或合约已上线并通过第三方安全审计\n- 公开透明的团队与代币分配\n- 活跃的社区与真实的链上用户\n- 符合项目所在地的法律法规',
          '- 主網或合約已上線並通過第三方安全稽核\n- 公開透明的團隊與代幣分配\n- 活躍的社群與真實的鏈上用戶\n- 符合專案所在地的法律法規',
          '- Mainnet or contract live and audited by a third party\n- A public team and a transparent token distribution\n- An active community and real on-chain users\n- Compliance with the laws where the project operates',
          '- 메인넷 또는 컨트랙트 출시 및 제3자 보안 감사 완료\n- 공개된 팀과 투명한 토큰 분배\n- 활발한 커뮤니티와 실제 온체인 사용자\n- 프로젝트 소재지 법규 준수',
          '- メインネットまたはコントラクトが稼働し、第三者の監査を受けていること\n- チームが公開され、トークン配分が透明であること\n- 活発なコミュニティと実際のオンチェーンユーザー\n- 事業地の法令を遵守していること',
          '- Mainnet hoặc hợp đồng đã chạy và được bên thứ ba kiểm toán\n- Đội ngũ công khai, phân bổ token minh bạch\n- Cộng đồng sôi nổi và người dùng thật trên chuỗi\n- Tuân thủ pháp luật nơi dự án hoạt động',
          '- मेननेट या कॉन्ट्रैक्ट चालू हो और तीसरे पक्ष से ऑडिट हुआ हो\n- सार्वजनिक टीम और पारदर्शी टोकन वितरण\n- सक्रिय कम्युनिटी और वास्तविक ऑन-चेन उपयोगकर्ता\n- जहाँ प्रोजेक्ट चलता है वहाँ के क़ानूनों का पालन',
        ),
      },
      {
        title: t7(
          '审核流程',
          '審核流程',
          'Review process',
          '심사 절차',
          '審査の流れ',
          'Quy trình xét duyệt',
          'समीक्षा प्रक्रिया',
        ),
        text: t7(
          '- 提交申请资料\n- 技术与合规评估（约 2 周）\n- 上币委员会投票\n- 公布上线时间，开放充值与交易',
          '- 提交申請資料\n- 技術與合規評估（約 2 週）\n- 上幣委員會投票\n- 公布上線時間，開放充值與交易',
          '- Submit the application\n- Technical and compliance review (about 2 weeks)\n- Listing committee vote\n- Launch date announced, deposits and trading open',
          '- 신청서 제출\n- 기술 및 규제 준수 검토(약 2주)\n- 상장 위원회 투표\n- 상장 일정 공지 후 입금과 거래 개시',
          '- 申請書の提出\n- 技術・コンプライアンス審査（約 2 週間）\n- 上場委員会による投票\n- 上場日の告知、入金と取引の開始',
          '- Gửi hồ sơ đăng ký\n- Đánh giá kỹ thuật và tuân thủ (khoảng 2 tuần)\n- Hội đồng niêm yết bỏ phiếu\n- Công bố ngày niêm yết, mở nạp và giao dịch',
          '- आवेदन जमा करें\n- तकनीकी और अनुपालन समीक्षा (लगभग 2 सप्ताह)\n- लिस्टिंग समिति का मतदान\n- लॉन्च तिथि की घोषणा, जमा और ट्रेडिंग शुरू',
        ),
      },
      {
        title: t7('联系我们', '聯絡我們', 'Contact', '문의', 'お問い合わせ', 'Liên hệ', 'संपर्क'),
        text: t7(
          '请将项目白皮书、审计报告和团队介绍发送至 listing@tickstream.com。Tickstream 不会通过私信收取任何上币费用。',
          '請將專案白皮書、稽核報告與團隊介紹寄至 listing@tickstream.com。Tickstream 不會透過私訊收取任何上幣費用。',
          'Send the white paper, the audit report and the team introduction to listing@tickstream.com. Tickstream never asks for listing fees through direct messages.',
          '백서, 감사 보고서, 팀 소개를 listing@tickstream.com으로 보내 주세요. Tickstream은 DM으로 상장 비용을 요구하지 않습니다.',
          'ホワイトペーパー、監査報告書、チーム紹介を listing@tickstream.com までお送りください。Tickstream がダイレクトメッセージで上場費用を求めることはありません。',
          'Gửi sách trắng, báo cáo kiểm toán và giới thiệu đội ngũ tới listing@tickstream.com. Tickstream không bao giờ thu phí niêm yết qua tin nhắn riêng.',
          'व्हाइट पेपर, ऑडिट रिपोर्ट और टीम परिचय listing@tickstream.com पर भेजें। Tickstream कभी भी डायरेक्ट मैसेज से लिस्टिंग शुल्क नहीं माँगता।',
        ),
      },
    ],
  },
  {
    key: 'promotion',
    title: t7(
      '邀请好友，一起交易',
      '邀請好友，一起交易',
      'Invite friends, trade together',
      '친구를 초대하고 함께 거래하세요',
      '友達を招待して一緒に取引',
      'Mời bạn bè, cùng giao dịch',
      'दोस्तों को बुलाएँ, साथ ट्रेड करें',
    ),
    subtitle: t7(
      '好友注册并完成首笔交易，双方各得 10 USDT 体验金。',
      '好友註冊並完成首筆交易，雙方各得 10 USDT 體驗金。',
      'When a friend signs up and makes a first trade, you each get a 10 USDT trial bonus.',
      '친구가 가입하고 첫 거래를 하면 두 사람 모두 10 USDT 체험금을 받습니다.',
      '友達が登録して初回取引を行うと、お互いに 10 USDT の体験ボーナスがもらえます。',
      'Khi bạn bè đăng ký và giao dịch lần đầu, cả hai nhận 10 USDT tiền trải nghiệm.',
      'जब दोस्त साइन अप करके पहला ट्रेड करे, तो आप दोनों को 10 USDT ट्रायल बोनस मिलता है।',
    ),
    sections: [
      {
        title: t7(
          '三步领取奖励',
          '三步領取獎勵',
          'Three steps to the reward',
          '보상 받는 세 단계',
          '報酬を受け取る 3 ステップ',
          'Ba bước nhận thưởng',
          'इनाम के तीन कदम',
        ),
        text: t7(
          '- 用邀请码注册\n- 完成身份认证\n- 完成任意一笔交易',
          '- 使用邀請碼註冊\n- 完成身分認證\n- 完成任意一筆交易',
          '- Register with the referral code\n- Verify your identity\n- Make any trade',
          '- 추천 코드로 가입\n- 신원 인증 완료\n- 아무 거래나 1회',
          '- 招待コードで登録\n- 本人確認を完了\n- 任意の取引を 1 回',
          '- Đăng ký bằng mã giới thiệu\n- Xác minh danh tính\n- Thực hiện một giao dịch bất kỳ',
          '- रेफ़रल कोड से रजिस्टर करें\n- अपनी पहचान सत्यापित करें\n- कोई भी एक ट्रेड करें',
        ),
      },
      {
        title: t7('活动规则', '活動規則', 'Rules', '규칙', 'ルール', 'Thể lệ', 'नियम'),
        text: t7(
          '体验金可用于抵扣交易手续费，有效期 30 天。同一身份只能领取一次，违规账户将取消奖励。',
          '體驗金可用於折抵交易手續費，有效期 30 天。同一身分只能領取一次，違規帳戶將取消獎勵。',
          'The trial bonus pays trading fees and is valid for 30 days. One reward per verified identity; accounts that break the rules lose it.',
          '체험금은 거래 수수료에 사용할 수 있으며 30일간 유효합니다. 한 신원당 1회만 받을 수 있고, 규칙 위반 계정은 보상이 취소됩니다.',
          '体験ボーナスは取引手数料に使え、有効期間は 30 日です。1 つの本人確認につき 1 回限りで、規約違反のアカウントは取り消されます。',
          'Tiền trải nghiệm dùng để trả phí giao dịch, hiệu lực 30 ngày. Mỗi danh tính chỉ nhận một lần; tài khoản vi phạm sẽ bị hủy thưởng.',
          'ट्रायल बोनस ट्रेडिंग शुल्क चुकाने के लिए है और 30 दिन तक मान्य है। हर सत्यापित पहचान को एक ही बार मिलता है; नियम तोड़ने वाले खातों का इनाम रद्द होगा।',
        ),
      },
    ],
  },
  {
    key: 'seo',
    title: t7(
      '加密货币资讯与行情',
      '加密貨幣資訊與行情',
      'Crypto news and live prices',
      '암호화폐 뉴스와 실시간 시세',
      '暗号資産ニュースとリアルタイム相場',
      'Tin tức và giá crypto trực tiếp',
      'क्रिप्टो समाचार और लाइव कीमतें',
    ),
    subtitle: t7(
      '每日更新的市场分析、项目动态和新手教程。',
      '每日更新的市場分析、專案動態與新手教學。',
      'Market analysis, project updates and beginner guides, updated daily.',
      '매일 업데이트되는 시장 분석, 프로젝트 소식, 초보자 가이드.',
      '毎日更新の市場分析、プロジェクト情報、入門ガイド。',
      'Phân tích thị trường, cập nhật dự án và hướng dẫn cho người mới, cập nhật hằng ngày.',
      'रोज़ अपडेट होने वाला बाज़ार विश्लेषण, प्रोजेक्ट अपडेट और शुरुआती गाइड।',
    ),
    sections: [
      {
        title: t7(
          '为什么选择 Tickstream',
          '為什麼選擇 Tickstream',
          'Why Tickstream',
          '왜 Tickstream인가',
          'Tickstream を選ぶ理由',
          'Vì sao chọn Tickstream',
          'Tickstream क्यों',
        ),
        text: t7(
          '- 毫秒级撮合与实时行情\n- 7 种语言的客服与帮助中心\n- 冷热钱包分离与多重签名保护',
          '- 毫秒級撮合與即時行情\n- 7 種語言的客服與幫助中心\n- 冷熱錢包分離與多重簽章保護',
          '- Millisecond matching and live prices\n- Support and a help centre in seven languages\n- Cold and hot wallets kept apart, with multi-signature protection',
          '- 밀리초 단위 체결과 실시간 시세\n- 7개 언어 고객 지원과 도움말 센터\n- 콜드·핫 월렛 분리와 다중 서명 보호',
          '- ミリ秒単位のマッチングとリアルタイム相場\n- 7 言語のサポートとヘルプセンター\n- コールド／ホットウォレットの分離とマルチシグ保護',
          '- Khớp lệnh mili giây và giá trực tiếp\n- Hỗ trợ và trung tâm trợ giúp bằng bảy ngôn ngữ\n- Tách ví nóng và ví lạnh, bảo vệ đa chữ ký',
          '- मिलीसेकंड मैचिंग और लाइव कीमतें\n- सात भाषाओं में सपोर्ट और हेल्प सेंटर\n- कोल्ड और हॉट वॉलेट अलग, मल्टी-सिग्नेचर सुरक्षा',
        ),
      },
    ],
  },
];

export interface ChannelSeed {
  kind: 'website' | 'email' | 'telegram' | 'x' | 'discord' | 'youtube';
  display: string;
  region: string;
}

/** The official channels; anything else claiming to be Tickstream is not. */
export const channels: readonly ChannelSeed[] = [
  { kind: 'website', display: 'https://www.tickstream.com', region: 'global' },
  { kind: 'website', display: 'https://support.tickstream.com', region: 'global' },
  { kind: 'email', display: 'support@tickstream.com', region: 'global' },
  { kind: 'email', display: 'partner@tickstream.com', region: 'global' },
  { kind: 'email', display: 'listing@tickstream.com', region: 'global' },
  { kind: 'telegram', display: '@tickstream_official', region: 'global' },
  { kind: 'telegram', display: '@tickstream_vn', region: 'vi' },
  { kind: 'telegram', display: '@tickstream_cn', region: 'zh' },
  { kind: 'x', display: '@tickstream', region: 'global' },
  { kind: 'discord', display: 'https://discord.gg/tickstream', region: 'global' },
  { kind: 'youtube', display: 'https://www.youtube.com/@tickstream', region: 'global' },
];
