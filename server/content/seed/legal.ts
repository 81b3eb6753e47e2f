import type { ArticleSeed, CategorySeed } from './help.ts';
import { t7 } from './text.ts';

/*
 * The help centre's "About & legal" category (issue 19 item 2): the documents the footer and the site links point at,
 * in the seven UI languages, seeded by migration 0019. Each is addressed by its key: /helpDetail/{key}.
 */

export const legalCategory: CategorySeed = {
  key: 'legal',
  name: t7(
    '关于与法律',
    '關於與法律',
    'About & legal',
    '소개 및 법률',
    '会社情報・法務',
    'Giới thiệu & pháp lý',
    'परिचय और कानूनी',
  ),
};

const at = Date.UTC(2026, 10, 1, 8);

const aboutUs: ArticleSeed = {
  key: 'about-us',
  cate: 'legal',
  at,
  title: t7(
    '关于 Tickstream',
    '關於 Tickstream',
    'About Tickstream',
    'Tickstream 소개',
    'Tickstream について',
    'Giới thiệu Tickstream',
    'Tickstream के बारे में',
  ),
  summary: t7(
    'Tickstream 是一个参考实现的演示交易所：实时交易终端与其自带的撮合服务器。',
    'Tickstream 是一個參考實作的示範交易所：即時交易終端與其自帶的撮合伺服器。',
    'Tickstream is a reference demo exchange: a real-time trading terminal and the matching server it runs against.',
    'Tickstream은 참조용 데모 거래소로, 실시간 거래 터미널과 함께 동작하는 매칭 서버입니다.',
    'Tickstream は参照実装のデモ取引所です。リアルタイム取引端末と、それが接続するマッチングサーバーから成ります。',
    'Tickstream là một sàn giao dịch demo tham chiếu: thiết bị đầu cuối giao dịch thời gian thực và máy chủ khớp lệnh đi kèm.',
    'Tickstream एक संदर्भ डेमो एक्सचेंज है: एक रियल-टाइम ट्रेडिंग टर्मिनल और वह मैचिंग सर्वर जिससे यह जुड़ता है।',
  ),
  body: t7(
    'Tickstream 展示了一个加密货币交易所网页客户端的完整构建方式：现货与永续合约交易、行情、资产、账户安全与帮助中心。\n网站上的行情由内置的市场模拟器生成，所有余额、充值和提现都是模拟的；这里没有真实资金，也不连接任何区块链。\n本项目面向开发者、测试人员和希望了解交易所工作原理的读者。欢迎通过“反馈”页面提出问题和建议；目前我们没有招聘职位。',
    'Tickstream 展示了一個加密貨幣交易所網頁客戶端的完整建構方式：現貨與永續合約交易、行情、資產、帳戶安全與幫助中心。\n網站上的行情由內建的市場模擬器產生，所有餘額、充值和提領都是模擬的；這裡沒有真實資金，也不連接任何區塊鏈。\n本專案面向開發者、測試人員和希望了解交易所運作原理的讀者。歡迎透過「意見回饋」頁面提出問題和建議；目前我們沒有招聘職缺。',
    'Tickstream shows how a complete crypto-exchange web client is built: spot and perpetual trading, market data, assets, account security and a help centre.\nThe prices on this site come from a built-in market simulator, and every balance, deposit and withdrawal is simulated; no real money is held and no blockchain is connected.\nThe project is meant for developers, testers and anyone who wants to see how an exchange works. Questions and suggestions are welcome on the Feedback page; there are no open positions at the moment.',
    'Tickstream은 암호화폐 거래소 웹 클라이언트가 어떻게 완성되는지 보여 줍니다: 현물 및 무기한 선물 거래, 시세, 자산, 계정 보안, 고객센터.\n이 사이트의 시세는 내장된 시장 시뮬레이터가 만들며, 모든 잔고·입금·출금은 모의로 처리됩니다. 실제 자금을 보관하지 않으며 어떤 블록체인에도 연결되어 있지 않습니다.\n이 프로젝트는 개발자, 테스터, 그리고 거래소의 동작 방식을 알고 싶은 분들을 위한 것입니다. 질문과 제안은 피드백 페이지로 보내 주세요. 현재 채용 중인 직무는 없습니다.',
    'Tickstream は、暗号資産取引所のウェブクライアントがどのように作られるかを示します。現物・無期限先物取引、マーケットデータ、資産、アカウントのセキュリティ、ヘルプセンターを備えています。\nこのサイトの価格は内蔵のマーケットシミュレーターが生成し、残高・入金・出金はすべて模擬です。実際の資金は預からず、ブロックチェーンにも接続していません。\n本プロジェクトは開発者、テスター、取引所の仕組みを知りたい方のためのものです。ご質問やご提案は「フィードバック」ページからお寄せください。現在、採用募集は行っていません。',
    'Tickstream cho thấy cách xây dựng một ứng dụng web sàn tiền mã hóa hoàn chỉnh: giao dịch giao ngay và hợp đồng vĩnh cửu, dữ liệu thị trường, tài sản, bảo mật tài khoản và trung tâm trợ giúp.\nGiá trên trang này do bộ mô phỏng thị trường tích hợp tạo ra, mọi số dư, khoản nạp và rút đều là mô phỏng; không có tiền thật và không kết nối với blockchain nào.\nDự án dành cho nhà phát triển, người kiểm thử và bất kỳ ai muốn hiểu cách một sàn giao dịch vận hành. Mọi câu hỏi và góp ý xin gửi qua trang Phản hồi; hiện chúng tôi không có vị trí tuyển dụng.',
    'Tickstream दिखाता है कि एक पूरा क्रिप्टो एक्सचेंज वेब क्लाइंट कैसे बनता है: स्पॉट और परपेचुअल ट्रेडिंग, मार्केट डेटा, एसेट, खाता सुरक्षा और हेल्प सेंटर।\nइस साइट की कीमतें एक अंतर्निहित मार्केट सिम्युलेटर से आती हैं, और हर बैलेंस, जमा और निकासी सिम्युलेटेड है; कोई असली पैसा नहीं रखा जाता और कोई ब्लॉकचेन जुड़ा नहीं है।\nयह प्रोजेक्ट डेवलपर्स, टेस्टर्स और उन सभी के लिए है जो जानना चाहते हैं कि एक्सचेंज कैसे काम करता है। प्रश्न और सुझाव फ़ीडबैक पेज पर भेजें; अभी कोई रिक्ति नहीं है।',
  ),
};

const amlPolicy: ArticleSeed = {
  key: 'aml-policy',
  cate: 'legal',
  at,
  title: t7(
    '反洗钱（AML/KYC）政策',
    '反洗錢（AML/KYC）政策',
    'AML/KYC policy',
    '자금세탁방지(AML/KYC) 정책',
    'マネー・ローンダリング対策（AML/KYC）方針',
    'Chính sách AML/KYC',
    'AML/KYC नीति',
  ),
  summary: t7(
    '演示交易所如何处理身份认证、交易监控和执法机构的请求。',
    '示範交易所如何處理身分驗證、交易監控與執法機關的請求。',
    'How the demo exchange handles identity verification, transaction monitoring and requests from law enforcement.',
    '데모 거래소가 본인 인증, 거래 모니터링, 수사기관 요청을 어떻게 처리하는지 설명합니다.',
    'デモ取引所における本人確認、取引モニタリング、捜査機関からの要請への対応について。',
    'Cách sàn demo xử lý xác minh danh tính, giám sát giao dịch và yêu cầu từ cơ quan thực thi pháp luật.',
    'डेमो एक्सचेंज पहचान सत्यापन, लेन-देन निगरानी और कानून प्रवर्तन के अनुरोधों को कैसे संभालता है।',
  ),
  body: t7(
    'Tickstream 演示了一家真实交易所应遵循的反洗钱流程：提现前完成身份认证（KYC）、核对姓名与证件、对异常的充值和提现进行复核。\n在本演示中，认证资料由开发用的审核工具审批，所有资金都是模拟的，因此这里的流程不构成对任何真实法规的合规承诺。\n- 不得使用本站测试或规划洗钱、欺诈或规避制裁的行为。\n- 执法机构的请求：本站不保存真实资金或真实交易，请通过“反馈”页面联系项目维护者。',
    'Tickstream 示範了一家真實交易所應遵循的反洗錢流程：提領前完成身分驗證（KYC）、核對姓名與證件、對異常的充值與提領進行覆核。\n在本示範中，驗證資料由開發用的審核工具審批，所有資金都是模擬的，因此這裡的流程不構成對任何真實法規的合規承諾。\n- 不得使用本站測試或規劃洗錢、詐騙或規避制裁的行為。\n- 執法機關的請求：本站不保存真實資金或真實交易，請透過「意見回饋」頁面聯絡專案維護者。',
    'Tickstream demonstrates the anti-money-laundering steps a real exchange follows: identity verification (KYC) before withdrawals, matching the name against the document, and a review of unusual deposits and withdrawals.\nIn this demo, verifications are approved with a development review tool and all funds are simulated, so these steps are not a promise of compliance with any real regulation.\n- Do not use this site to test or plan money laundering, fraud or sanctions evasion.\n- Requests from law enforcement: this site holds no real funds or real trades; please contact the project maintainers through the Feedback page.',
    'Tickstream은 실제 거래소가 따르는 자금세탁방지 절차를 보여 줍니다: 출금 전 본인 인증(KYC), 이름과 신분증 대조, 비정상적인 입출금 검토.\n이 데모에서는 인증이 개발용 심사 도구로 승인되며 모든 자금은 모의 자금이므로, 이 절차는 실제 규제 준수를 약속하지 않습니다.\n- 자금세탁, 사기 또는 제재 회피를 시험하거나 계획하는 데 이 사이트를 사용하지 마십시오.\n- 수사기관 요청: 이 사이트는 실제 자금이나 실제 거래를 보관하지 않습니다. 피드백 페이지를 통해 프로젝트 관리자에게 연락해 주십시오.',
    'Tickstream は、実際の取引所が行うマネー・ローンダリング対策の手順を示します。出金前の本人確認（KYC）、氏名と本人確認書類の照合、不審な入出金の審査です。\nこのデモでは本人確認は開発用の審査ツールで承認され、資金はすべて模擬であるため、これらの手順は実在の規制への準拠を約束するものではありません。\n- マネー・ローンダリング、詐欺、制裁回避の試行や計画に本サイトを使用しないでください。\n- 捜査機関からの要請：本サイトは実際の資金や取引を保持していません。「フィードバック」ページからプロジェクトの管理者にご連絡ください。',
    'Tickstream minh họa các bước chống rửa tiền mà một sàn thật tuân theo: xác minh danh tính (KYC) trước khi rút, đối chiếu họ tên với giấy tờ và rà soát các khoản nạp, rút bất thường.\nTrong bản demo này, việc xác minh được duyệt bằng công cụ kiểm duyệt dành cho phát triển và mọi khoản tiền đều là mô phỏng, nên các bước này không phải là cam kết tuân thủ bất kỳ quy định thực tế nào.\n- Không dùng trang này để thử nghiệm hoặc lên kế hoạch rửa tiền, lừa đảo hay né tránh lệnh trừng phạt.\n- Yêu cầu từ cơ quan thực thi pháp luật: trang này không giữ tiền thật hay giao dịch thật; vui lòng liên hệ người duy trì dự án qua trang Phản hồi.',
    'Tickstream वे एंटी-मनी-लॉन्ड्रिंग कदम दिखाता है जिनका पालन एक असली एक्सचेंज करता है: निकासी से पहले पहचान सत्यापन (KYC), नाम का दस्तावेज़ से मिलान, और असामान्य जमा व निकासी की समीक्षा।\nइस डेमो में सत्यापन एक डेवलपमेंट समीक्षा टूल से स्वीकृत होते हैं और सारा धन सिम्युलेटेड है, इसलिए ये कदम किसी वास्तविक नियमन के अनुपालन का वादा नहीं हैं।\n- इस साइट का उपयोग मनी लॉन्ड्रिंग, धोखाधड़ी या प्रतिबंधों से बचने की जाँच या योजना के लिए न करें।\n- कानून प्रवर्तन के अनुरोध: यह साइट कोई असली धन या असली ट्रेड नहीं रखती; कृपया फ़ीडबैक पेज से प्रोजेक्ट के मेंटेनर्स से संपर्क करें।',
  ),
};

const riskDisclosure: ArticleSeed = {
  key: 'risk-disclosure',
  cate: 'legal',
  at,
  title: t7('风险披露', '風險揭露', 'Risk disclosure', '위험 고지', 'リスク開示', 'Công bố rủi ro', 'जोखिम प्रकटीकरण'),
  summary: t7(
    '加密资产和杠杆合约交易风险很高；本站的行情和资金均为模拟。',
    '加密資產和槓桿合約交易風險很高；本站的行情和資金均為模擬。',
    'Trading crypto assets and leveraged contracts is highly risky; the prices and funds on this site are simulated.',
    '암호화폐와 레버리지 계약 거래는 위험이 매우 큽니다. 이 사이트의 시세와 자금은 모의입니다.',
    '暗号資産やレバレッジ取引のリスクは非常に高く、本サイトの価格と資金は模擬です。',
    'Giao dịch tài sản mã hóa và hợp đồng đòn bẩy có rủi ro rất cao; giá và tiền trên trang này là mô phỏng.',
    'क्रिप्टो एसेट और लीवरेज्ड कॉन्ट्रैक्ट में ट्रेडिंग बहुत जोखिम भरी है; इस साइट की कीमतें और धन सिम्युलेटेड हैं।',
  ),
  body: t7(
    '加密资产价格波动剧烈，可能在短时间内大幅下跌。永续合约使用杠杆，价格的小幅变动就可能导致强制平仓，损失全部保证金。\nTickstream 的价格由模拟器生成，不反映任何真实市场；在这里获得的盈利或亏损没有实际价值，也不能预示真实交易的结果。\n在真实交易所交易前，请确保了解相关产品，只投入能够承受损失的资金，必要时咨询独立的专业意见。',
    '加密資產價格波動劇烈，可能在短時間內大幅下跌。永續合約使用槓桿，價格的小幅變動就可能導致強制平倉，損失全部保證金。\nTickstream 的價格由模擬器產生，不反映任何真實市場；在這裡獲得的盈利或虧損沒有實際價值，也不能預示真實交易的結果。\n在真實交易所交易前，請確保了解相關產品，只投入能夠承受損失的資金，必要時諮詢獨立的專業意見。',
    'Crypto-asset prices are volatile and can fall sharply in a short time. Perpetual contracts use leverage: a small price move can trigger a liquidation and the loss of the whole margin.\nPrices on Tickstream come from a simulator and do not reflect any real market; profits or losses made here have no real value and say nothing about the results of real trading.\nBefore trading on a real exchange, make sure you understand the product, only commit money you can afford to lose, and seek independent professional advice where needed.',
    '암호화폐 가격은 변동성이 크며 짧은 시간에 크게 떨어질 수 있습니다. 무기한 선물은 레버리지를 사용하므로 작은 가격 변동으로도 강제 청산되어 증거금 전체를 잃을 수 있습니다.\nTickstream의 가격은 시뮬레이터가 만든 것으로 실제 시장을 반영하지 않습니다. 여기서 얻은 수익이나 손실은 실제 가치가 없으며 실제 거래의 결과를 예측하지 않습니다.\n실제 거래소에서 거래하기 전에 상품을 충분히 이해하고, 잃어도 감당할 수 있는 자금만 사용하며, 필요하면 독립적인 전문가의 조언을 구하십시오.',
    '暗号資産の価格は変動が大きく、短期間で大きく下落することがあります。無期限先物はレバレッジを用いるため、わずかな価格変動で強制決済され、証拠金をすべて失うことがあります。\nTickstream の価格はシミュレーターが生成したもので、実際の市場を反映しません。ここでの損益に実際の価値はなく、実際の取引の結果を示すものでもありません。\n実際の取引所で取引する前に、商品を十分に理解し、失っても困らない資金のみを用い、必要に応じて独立した専門家に相談してください。',
    'Giá tài sản mã hóa biến động mạnh và có thể giảm sâu trong thời gian ngắn. Hợp đồng vĩnh cửu dùng đòn bẩy: một biến động giá nhỏ có thể dẫn đến thanh lý và mất toàn bộ ký quỹ.\nGiá trên Tickstream do bộ mô phỏng tạo ra và không phản ánh thị trường thực nào; lãi hay lỗ ở đây không có giá trị thực và không nói lên kết quả giao dịch thật.\nTrước khi giao dịch trên một sàn thật, hãy chắc chắn bạn hiểu sản phẩm, chỉ dùng số tiền bạn có thể chấp nhận mất và tham khảo ý kiến chuyên gia độc lập khi cần.',
    'क्रिप्टो एसेट की कीमतें अस्थिर होती हैं और कम समय में तेज़ी से गिर सकती हैं। परपेचुअल कॉन्ट्रैक्ट लीवरेज का उपयोग करते हैं: कीमत में छोटा बदलाव भी लिक्विडेशन और पूरे मार्जिन के नुकसान का कारण बन सकता है।\nTickstream की कीमतें एक सिम्युलेटर से आती हैं और किसी असली बाज़ार को नहीं दर्शातीं; यहाँ का लाभ या हानि वास्तविक मूल्य नहीं रखता और असली ट्रेडिंग के परिणाम के बारे में कुछ नहीं बताता।\nकिसी असली एक्सचेंज पर ट्रेड करने से पहले उत्पाद को समझें, केवल उतना धन लगाएँ जितना खो सकते हैं, और ज़रूरत हो तो स्वतंत्र पेशेवर सलाह लें।',
  ),
};

const termsOfService: ArticleSeed = {
  key: 'terms-of-service',
  cate: 'legal',
  at,
  title: t7(
    '用户协议',
    '使用者協議',
    'User agreement',
    '이용약관',
    '利用規約',
    'Thỏa thuận người dùng',
    'उपयोगकर्ता समझौता',
  ),
  summary: t7(
    '使用 Tickstream 演示交易所的条件。',
    '使用 Tickstream 示範交易所的條件。',
    'The terms on which you may use the Tickstream demo exchange.',
    'Tickstream 데모 거래소를 이용하는 조건입니다.',
    'Tickstream デモ取引所をご利用いただく条件です。',
    'Các điều khoản sử dụng sàn demo Tickstream.',
    'Tickstream डेमो एक्सचेंज के उपयोग की शर्तें।',
  ),
  body: t7(
    '注册账户即表示您同意本协议。Tickstream 是演示交易所：账户中的余额、充值、提现、订单和持仓都是模拟的，不能兑换为真实资产。\n- 请妥善保管密码和验证码，不要与他人共享账户。\n- 不得攻击、滥用或试图绕过本站的安全措施和频率限制。\n- 我们可能随时重置演示数据、修改功能或暂停服务，恕不另行通知。\n本站按“现状”提供，不作任何保证；在法律允许的范围内，我们不对因使用本站造成的任何损失负责。',
    '註冊帳戶即表示您同意本協議。Tickstream 是示範交易所：帳戶中的餘額、充值、提領、訂單和持倉都是模擬的，不能兌換為真實資產。\n- 請妥善保管密碼和驗證碼，不要與他人共用帳戶。\n- 不得攻擊、濫用或試圖繞過本站的安全措施和頻率限制。\n- 我們可能隨時重置示範資料、修改功能或暫停服務，恕不另行通知。\n本站按「現狀」提供，不作任何保證；在法律允許的範圍內，我們不對因使用本站造成的任何損失負責。',
    'By creating an account you accept this agreement. Tickstream is a demo exchange: the balances, deposits, withdrawals, orders and positions in your account are simulated and cannot be exchanged for real assets.\n- Keep your password and verification codes safe and do not share your account.\n- Do not attack or abuse the site or try to get around its security measures and rate limits.\n- We may reset the demo data, change features or suspend the service at any time without notice.\nThe site is provided "as is", without any warranty; to the extent the law allows, we are not liable for any loss arising from its use.',
    '계정을 만들면 이 약관에 동의하는 것입니다. Tickstream은 데모 거래소로, 계정의 잔고·입금·출금·주문·포지션은 모두 모의이며 실제 자산으로 교환할 수 없습니다.\n- 비밀번호와 인증 코드를 안전하게 보관하고 계정을 공유하지 마십시오.\n- 사이트를 공격하거나 남용하거나 보안 조치와 요청 한도를 우회하려 하지 마십시오.\n- 당사는 예고 없이 언제든 데모 데이터를 초기화하거나 기능을 변경하거나 서비스를 중단할 수 있습니다.\n이 사이트는 어떠한 보증 없이 "있는 그대로" 제공되며, 법이 허용하는 범위에서 사용으로 인한 손실에 대해 책임지지 않습니다.',
    'アカウントを作成すると、本規約に同意したものとみなされます。Tickstream はデモ取引所であり、アカウントの残高・入金・出金・注文・ポジションはすべて模擬で、実際の資産と交換することはできません。\n- パスワードと認証コードは安全に保管し、アカウントを共有しないでください。\n- サイトへの攻撃や濫用、セキュリティ対策やリクエスト制限の回避を試みないでください。\n- デモデータのリセット、機能の変更、サービスの停止を予告なく行うことがあります。\n本サイトは「現状のまま」提供され、いかなる保証もありません。法律が認める範囲で、利用により生じた損失について責任を負いません。',
    'Khi tạo tài khoản, bạn chấp nhận thỏa thuận này. Tickstream là sàn demo: số dư, khoản nạp, rút, lệnh và vị thế trong tài khoản đều là mô phỏng và không thể quy đổi thành tài sản thật.\n- Giữ an toàn mật khẩu và mã xác minh, không chia sẻ tài khoản.\n- Không tấn công, lạm dụng trang hay tìm cách vượt qua các biện pháp bảo mật và giới hạn tần suất.\n- Chúng tôi có thể đặt lại dữ liệu demo, thay đổi tính năng hoặc tạm ngừng dịch vụ bất cứ lúc nào mà không báo trước.\nTrang được cung cấp "nguyên trạng", không kèm bảo đảm nào; trong phạm vi pháp luật cho phép, chúng tôi không chịu trách nhiệm cho bất kỳ tổn thất nào phát sinh từ việc sử dụng.',
    'खाता बनाकर आप इस समझौते को स्वीकार करते हैं। Tickstream एक डेमो एक्सचेंज है: आपके खाते के बैलेंस, जमा, निकासी, ऑर्डर और पोज़िशन सिम्युलेटेड हैं और असली एसेट में नहीं बदले जा सकते।\n- अपना पासवर्ड और सत्यापन कोड सुरक्षित रखें और खाता साझा न करें।\n- साइट पर हमला या दुरुपयोग न करें, न ही इसके सुरक्षा उपायों और रेट लिमिट से बचने की कोशिश करें।\n- हम बिना सूचना के कभी भी डेमो डेटा रीसेट कर सकते हैं, सुविधाएँ बदल सकते हैं या सेवा रोक सकते हैं।\nसाइट "जैसी है" प्रदान की जाती है, बिना किसी वारंटी के; कानून की अनुमति तक, इसके उपयोग से हुए किसी नुकसान के लिए हम उत्तरदायी नहीं हैं।',
  ),
};

const privacyPolicy: ArticleSeed = {
  key: 'privacy-policy',
  cate: 'legal',
  at,
  title: t7(
    '隐私政策',
    '隱私權政策',
    'Privacy policy',
    '개인정보 처리방침',
    'プライバシーポリシー',
    'Chính sách quyền riêng tư',
    'गोपनीयता नीति',
  ),
  summary: t7(
    '我们收集哪些数据、如何使用，以及本站使用的 Cookie 和本地存储。',
    '我們蒐集哪些資料、如何使用，以及本站使用的 Cookie 和本機儲存。',
    'What data we collect, how it is used, and the cookies and local storage this site uses.',
    '수집하는 데이터와 그 사용 방법, 이 사이트가 사용하는 쿠키와 로컬 저장소를 설명합니다.',
    '収集するデータとその利用方法、本サイトが使用する Cookie とローカルストレージについて。',
    'Chúng tôi thu thập dữ liệu gì, dùng thế nào, và cookie cùng bộ nhớ cục bộ mà trang sử dụng.',
    'हम कौन-सा डेटा एकत्र करते हैं, उसका उपयोग कैसे होता है, और यह साइट कौन-सी कुकी व लोकल स्टोरेज उपयोग करती है।',
  ),
  body: t7(
    '我们只保存运行演示交易所所需的数据：注册使用的邮箱或手机号、密码的哈希值、登录设备和 IP、您提交的认证资料，以及模拟的订单和资产记录。这些数据只保存在本服务器的数据库中，不会出售或与第三方共享。\n请不要上传真实的身份证件：本站是演示环境，认证资料仅用于展示审核流程。\nCookie 与本地存储：本站使用一个会话 Cookie 保持登录状态，并在浏览器中保存语言、主题和自选等偏好设置；不使用广告或跟踪 Cookie。\n如需删除账户数据，请通过“反馈”页面联系我们。',
    '我們只保存運行示範交易所所需的資料：註冊使用的電子郵件或手機號碼、密碼的雜湊值、登入裝置和 IP、您提交的驗證資料，以及模擬的訂單和資產紀錄。這些資料只保存在本伺服器的資料庫中，不會出售或與第三方共享。\n請不要上傳真實的身分證件：本站是示範環境，驗證資料僅用於展示審核流程。\nCookie 與本機儲存：本站使用一個工作階段 Cookie 保持登入狀態，並在瀏覽器中保存語言、主題和自選等偏好設定；不使用廣告或追蹤 Cookie。\n如需刪除帳戶資料，請透過「意見回饋」頁面聯絡我們。',
    "We keep only the data needed to run the demo exchange: the e-mail address or phone number you registered with, a hash of your password, your login devices and IP addresses, the verification documents you submit, and the simulated order and asset records. This data stays in this server's database and is never sold or shared with third parties.\nPlease do not upload real identity documents: this is a demo environment and verification data only serves to show the review flow.\nCookies and local storage: the site uses one session cookie to keep you signed in and stores preferences such as language, theme and favourites in your browser; it uses no advertising or tracking cookies.\nTo have your account data deleted, contact us through the Feedback page.",
    '데모 거래소 운영에 필요한 데이터만 보관합니다: 가입에 사용한 이메일 또는 휴대폰 번호, 비밀번호 해시, 로그인 기기와 IP 주소, 제출한 인증 자료, 모의 주문 및 자산 기록. 이 데이터는 이 서버의 데이터베이스에만 저장되며 판매되거나 제3자와 공유되지 않습니다.\n실제 신분증을 업로드하지 마십시오. 이곳은 데모 환경이며 인증 자료는 심사 흐름을 보여 주는 데만 쓰입니다.\n쿠키와 로컬 저장소: 로그인 상태 유지를 위해 세션 쿠키 하나를 사용하고, 언어·테마·관심 종목 같은 설정을 브라우저에 저장합니다. 광고나 추적 쿠키는 사용하지 않습니다.\n계정 데이터 삭제를 원하시면 피드백 페이지로 연락해 주십시오.',
    'デモ取引所の運営に必要なデータのみを保持します：登録に使用したメールアドレスまたは電話番号、パスワードのハッシュ、ログイン端末と IP アドレス、提出された本人確認書類、模擬の注文・資産記録です。これらは本サーバーのデータベースにのみ保存され、販売や第三者への提供は行いません。\n実際の本人確認書類はアップロードしないでください。本サイトはデモ環境であり、本人確認データは審査の流れを示すためだけに使われます。\nCookie とローカルストレージ：ログイン状態の維持に 1 つのセッション Cookie を使用し、言語・テーマ・お気に入りなどの設定をブラウザに保存します。広告やトラッキング用の Cookie は使用しません。\nアカウントデータの削除をご希望の場合は、「フィードバック」ページからご連絡ください。',
    'Chúng tôi chỉ lưu dữ liệu cần để vận hành sàn demo: email hoặc số điện thoại bạn dùng để đăng ký, bản băm mật khẩu, thiết bị và địa chỉ IP đăng nhập, giấy tờ xác minh bạn gửi, cùng các bản ghi lệnh và tài sản mô phỏng. Dữ liệu này chỉ nằm trong cơ sở dữ liệu của máy chủ này, không bao giờ bị bán hay chia sẻ với bên thứ ba.\nVui lòng không tải lên giấy tờ tùy thân thật: đây là môi trường demo và dữ liệu xác minh chỉ dùng để minh họa quy trình duyệt.\nCookie và bộ nhớ cục bộ: trang dùng một cookie phiên để giữ bạn đăng nhập và lưu các tùy chọn như ngôn ngữ, giao diện và mục yêu thích trong trình duyệt; không dùng cookie quảng cáo hay theo dõi.\nĐể xóa dữ liệu tài khoản, hãy liên hệ chúng tôi qua trang Phản hồi.',
    'हम केवल वही डेटा रखते हैं जो डेमो एक्सचेंज चलाने के लिए ज़रूरी है: पंजीकरण का ई-मेल या फ़ोन नंबर, पासवर्ड का हैश, लॉगिन डिवाइस और IP पते, आपके जमा किए सत्यापन दस्तावेज़, और सिम्युलेटेड ऑर्डर व एसेट रिकॉर्ड। यह डेटा केवल इसी सर्वर के डेटाबेस में रहता है और कभी बेचा या तीसरे पक्ष से साझा नहीं किया जाता।\nकृपया असली पहचान दस्तावेज़ अपलोड न करें: यह डेमो वातावरण है और सत्यापन डेटा केवल समीक्षा प्रक्रिया दिखाने के लिए है।\nकुकी और लोकल स्टोरेज: साइट आपको साइन-इन रखने के लिए एक सेशन कुकी का उपयोग करती है और भाषा, थीम व पसंदीदा जैसी सेटिंग्स आपके ब्राउज़र में सहेजती है; कोई विज्ञापन या ट्रैकिंग कुकी नहीं है।\nखाता डेटा हटवाने के लिए फ़ीडबैक पेज से हमसे संपर्क करें।',
  ),
};

const legalStatement: ArticleSeed = {
  key: 'legal-statement',
  cate: 'legal',
  at,
  title: t7('法律声明', '法律聲明', 'Legal statement', '법적 고지', '法的声明', 'Tuyên bố pháp lý', 'कानूनी वक्तव्य'),
  summary: t7(
    '免责声明、牌照情况与知识产权。',
    '免責聲明、牌照情況與智慧財產權。',
    'Disclaimer, licensing and intellectual property.',
    '면책 조항, 라이선스 현황 및 지식재산권.',
    '免責事項、ライセンスの状況、知的財産について。',
    'Miễn trừ trách nhiệm, giấy phép và sở hữu trí tuệ.',
    'अस्वीकरण, लाइसेंस और बौद्धिक संपदा।',
  ),
  body: t7(
    '免责声明：Tickstream 是一个参考和演示项目，不是受监管的金融服务。站内的任何内容都不构成投资建议、要约或招揽，所显示的价格与收益均为模拟。\n牌照：Tickstream 未持有任何交易所、支付或虚拟资产服务牌照，也不向任何地区的用户提供真实的交易或托管服务。\n知识产权：本站所列的币种名称和标志归其各自所有者所有，仅用于演示。\n如果某个网站或个人自称是 Tickstream 并向您索要资金，那一定是诈骗；请在“官方渠道验证”页面核实。',
    '免責聲明：Tickstream 是一個參考和示範專案，不是受監管的金融服務。站內的任何內容都不構成投資建議、要約或招攬，所顯示的價格與收益均為模擬。\n牌照：Tickstream 未持有任何交易所、支付或虛擬資產服務牌照，也不向任何地區的使用者提供真實的交易或託管服務。\n智慧財產權：本站所列的幣種名稱和標誌歸其各自所有者所有，僅用於示範。\n如果某個網站或個人自稱是 Tickstream 並向您索取資金，那一定是詐騙；請在「官方管道驗證」頁面核實。',
    'Disclaimer: Tickstream is a reference and demo project, not a regulated financial service. Nothing on this site is investment advice, an offer or a solicitation; all prices and returns shown are simulated.\nLicensing: Tickstream holds no exchange, payment or virtual-asset service licence and offers no real trading or custody to users in any jurisdiction.\nIntellectual property: the coin names and logos listed here belong to their respective owners and are used for demonstration only.\nAnyone claiming to be Tickstream who asks you for money is a scammer; check them on the Channel verification page.',
    '면책 조항: Tickstream은 참조 및 데모 프로젝트이며 규제 대상 금융 서비스가 아닙니다. 이 사이트의 어떤 내용도 투자 조언, 청약 또는 권유가 아니며, 표시되는 가격과 수익은 모두 모의입니다.\n라이선스: Tickstream은 거래소, 결제 또는 가상자산 서비스 라이선스를 보유하지 않으며 어느 지역의 사용자에게도 실제 거래나 수탁 서비스를 제공하지 않습니다.\n지식재산권: 여기에 표시된 코인 이름과 로고는 각 소유자의 것이며 시연 목적으로만 사용됩니다.\nTickstream을 사칭하며 돈을 요구하는 사람은 사기꾼입니다. 공식 채널 확인 페이지에서 확인하십시오.',
    '免責事項：Tickstream は参照・デモ用のプロジェクトであり、規制を受ける金融サービスではありません。本サイトのいかなる内容も投資助言、申込み、勧誘ではなく、表示される価格や収益はすべて模擬です。\nライセンス：Tickstream は取引所、決済、暗号資産サービスのいずれのライセンスも保有しておらず、どの地域の利用者にも実際の取引や資産保管を提供していません。\n知的財産：掲載している通貨名やロゴは各権利者に帰属し、デモ目的でのみ使用しています。\nTickstream を名乗って送金を求める者は詐欺です。「公式チャネル確認」ページでご確認ください。',
    'Miễn trừ trách nhiệm: Tickstream là dự án tham chiếu và demo, không phải dịch vụ tài chính được quản lý. Không nội dung nào trên trang là lời khuyên đầu tư, chào bán hay mời gọi; mọi giá và lợi nhuận hiển thị đều là mô phỏng.\nGiấy phép: Tickstream không có giấy phép sàn giao dịch, thanh toán hay dịch vụ tài sản ảo nào và không cung cấp giao dịch hay lưu ký thật cho người dùng ở bất kỳ khu vực nào.\nSở hữu trí tuệ: tên và biểu tượng các đồng tiền trên trang thuộc về chủ sở hữu tương ứng và chỉ dùng cho mục đích minh họa.\nBất kỳ ai tự xưng là Tickstream và đòi bạn chuyển tiền đều là kẻ lừa đảo; hãy kiểm tra tại trang Xác minh kênh chính thức.',
    'अस्वीकरण: Tickstream एक संदर्भ और डेमो प्रोजेक्ट है, कोई विनियमित वित्तीय सेवा नहीं। इस साइट की कोई भी सामग्री निवेश सलाह, प्रस्ताव या आग्रह नहीं है; दिखाई गई सभी कीमतें और रिटर्न सिम्युलेटेड हैं।\nलाइसेंस: Tickstream के पास कोई एक्सचेंज, भुगतान या वर्चुअल-एसेट सेवा लाइसेंस नहीं है और यह किसी भी क्षेत्र के उपयोगकर्ताओं को असली ट्रेडिंग या कस्टडी प्रदान नहीं करता।\nबौद्धिक संपदा: यहाँ सूचीबद्ध कॉइन के नाम और लोगो उनके संबंधित स्वामियों के हैं और केवल प्रदर्शन के लिए उपयोग किए गए हैं।\nजो कोई Tickstream होने का दावा करके आपसे पैसे माँगे, वह धोखेबाज़ है; चैनल सत्यापन पेज पर उसकी जाँच करें।',
  ),
};

export const legalArticles: readonly ArticleSeed[] = [
  aboutUs,
  termsOfService,
  privacyPolicy,
  amlPolicy,
  riskDisclosure,
  legalStatement,
];

/**
 * Site links (server/shell/seed/config.ts) whose document is one of the above under another name, with the URL they
 * now use; migration 0019 moves existing databases' rows to it.
 */
export const movedSiteLinks: readonly { group: string; item: string; url: string }[] = [
  { group: 'about', item: 'careers', url: '/helpDetail/about-us' },
  { group: 'compliance', item: 'license', url: '/helpDetail/legal-statement' },
  { group: 'compliance', item: 'lawEnforcement', url: '/helpDetail/aml-policy' },
  { group: 'protocol', item: 'cookies', url: '/helpDetail/privacy-policy' },
  { group: 'protocol', item: 'disclaimer', url: '/helpDetail/legal-statement' },
  { group: 'support', item: 'fees', url: '/helpDetail/spot-fees' },
];
