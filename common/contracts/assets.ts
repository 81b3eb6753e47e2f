import { type Static, type TSchema, Type } from 'typebox';
import { PageSchema } from './envelope.ts';

/**
 * Assets (spec shell §7 "Assets"): wallets and balances, bills, deposits and withdrawals with the address book,
 * transfers between wallets and to other members, and quick exchange. Amounts are exact decimal strings within the
 * coin's ledger decimals; reads answer GET (query) and form POST (body) alike.
 */

const Name = Type.String({ minLength: 1, maxLength: 16 });
const Amount = Type.String({ minLength: 1, maxLength: 40 });
const Memo = Type.String({ maxLength: 256 });
const Code = Type.String({ maxLength: 16 });
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Paging = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};
/** spec shell §9: bills and records page by 10. */
export const RECORDS_PAGE_SIZE = 10;
const RecordsPaging = {
  pageNo: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: RECORDS_PAGE_SIZE }),
};
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The wallets of a user (ledger/accounts.ts WALLETS). */
export const WalletTypeSchema = Type.Union([
  Type.Literal('funds'),
  Type.Literal('spot'),
  Type.Literal('contract'),
  Type.Literal('follow'),
]);
export type WalletType = Static<typeof WalletTypeSchema>;

/** A read without input (`{}`). */
export const EmptyQuerySchema = Type.Object({});

// ─── Wallets, balances and bills ──────────────────────────────────────────────────────────────────────────────────────

export const WalletQuerySchema = Type.Object({ type: Type.Optional(WalletTypeSchema) });
export type WalletQuery = Static<typeof WalletQuerySchema>;

export const WalletCoinParamsSchema = Type.Object({
  coin: Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]+$' }),
});
export type WalletCoinParams = Static<typeof WalletCoinParamsSchema>;

export const BillQuerySchema = Type.Object({
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  coin: Type.Optional(Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]+$' })),
  wallet: Type.Optional(WalletTypeSchema),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type BillQuery = Static<typeof BillQuerySchema>;

/** The coin part of a balance row (spec shell §3: `coin.usdRate`), with what the wallet pages offer for it. */
export const RowCoinSchema = Type.Object({
  unit: Type.String(),
  name: Type.String(),
  decimals: Type.Integer(),
  usdRate: Type.String(),
  logoUrl: Type.String(),
  canDeposit: Type.Boolean(),
  canWithdraw: Type.Boolean(),
  /** The spot market the wallet pages' "trade" opens (`BTC/USDT`), or null when the coin trades nowhere. */
  market: Nullable(Type.String()),
});
export type RowCoin = Static<typeof RowCoinSchema>;

/** One coin of one wallet: the fund and spot balance row of spec shell §3, with its total and USDT value. */
export const WalletRowSchema = Type.Object({
  coin: RowCoinSchema,
  unit: Type.String(),
  /** Available. */
  balance: Type.String(),
  frozenBalance: Type.String(),
  /** Locked amounts being released over time (earn and activity locks); none exist here. */
  releaseBalance: Type.String(),
  total: Type.String(),
  usdRate: Type.String(),
  usdtValue: Type.String(),
});
export type WalletRow = Static<typeof WalletRowSchema>;

/** One wallet of a user: its rows in catalogue order, valued in USDT. */
export const WalletViewSchema = Type.Object({
  type: WalletTypeSchema,
  balances: Type.Array(WalletRowSchema),
  /** Value of every row in USDT. */
  totalUsdt: Type.String(),
  /** Value of the available parts in USDT. */
  usableUsdt: Type.String(),
});
export type WalletView = Static<typeof WalletViewSchema>;

/** POST /uc/asset/wallet: the wallets the user sees (follow only while copy trading is on). */
export const WalletListSchema = Type.Object({
  wallets: Type.Array(WalletViewSchema),
  totalUsdt: Type.String(),
  followEnabled: Type.Boolean(),
});
export type WalletList = Static<typeof WalletListSchema>;

/** GET /uc/asset/wallet/{coin}: one coin across the wallets. */
export const WalletCoinSchema = Type.Object({
  coin: RowCoinSchema,
  wallets: Type.Array(
    Type.Object({
      type: WalletTypeSchema,
      balance: Type.String(),
      frozenBalance: Type.String(),
      total: Type.String(),
      usdtValue: Type.String(),
    }),
  ),
  total: Type.String(),
  totalUsdt: Type.String(),
});
export type WalletCoin = Static<typeof WalletCoinSchema>;

const BalanceRows = { balances: Type.Array(WalletRowSchema) };

/** The earn wallet: no earn products are offered yet, so it holds nothing (`products` says so). */
export const FinancialSummarySchema = Type.Object({
  totalAsset: Type.String(),
  totalInterest: Type.String(),
  yesterdayInterest: Type.String(),
  products: Type.Integer(),
});

/**
 * /uc/asset/walletBalance: the header's assets dropdown and the assets overview (spec shell §2, §3, §4). `follow` is
 * there only while copy trading is enabled; `totalUsdt` is the asset total of spec shell §9.
 */
export const WalletBalanceSchema = Type.Object({
  spot: Type.Object({ ...BalanceRows, totalUsdt: Type.String() }),
  funds: Type.Object({ ...BalanceRows, totalUsdt: Type.String() }),
  contract: Type.Object({ amount: Type.String(), profit: Type.String(), ...BalanceRows }),
  financial: FinancialSummarySchema,
  follow: Type.Optional(Type.Object({ total: Type.String(), usable: Type.String(), ...BalanceRows })),
  followEnabled: Type.Boolean(),
  totalUsdt: Type.String(),
});
export type WalletBalance = Static<typeof WalletBalanceSchema>;

/** /uc/member-bill/bill-type: the bill types with their names in the request's language. */
export const BillTypeListSchema = Type.Array(
  Type.Object({ type: Type.Integer(), name: Type.String(), contract: Type.Boolean() }),
);

/** One bill: one of the user's ledger lines, signed (positive in, negative out). */
export const BillSchema = Type.Object({
  id: Type.Integer(),
  /** The move's transaction (`withdraw:17`, `transfer:9`, `trade:40`…): links the bill to its record. */
  txnId: Type.String(),
  type: Type.Integer(),
  kind: Type.String(),
  coin: Type.String(),
  amount: Type.String(),
  wallet: WalletTypeSchema,
  /** The line is on the wallet's frozen part (a withdrawal paid out of its hold, a trade out of an order's). */
  frozen: Type.Boolean(),
  time: Type.Number(),
  typeName: Type.String(),
});
export type Bill = Static<typeof BillSchema>;
export const BillPageSchema = PageSchema(BillSchema);

/** /exchange/spot-bill/type: the ledger kinds the spot bills tab filters by, with their names. */
export const SpotBillKindListSchema = Type.Array(Type.Object({ type: Type.String(), name: Type.String() }));

// ─── Coins, deposits and withdrawals ──────────────────────────────────────────────────────────────────────────────────

export const CoinListQuerySchema = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal('deposit'), Type.Literal('withdraw')])),
});
export type CoinListQuery = Static<typeof CoinListQuerySchema>;

export const NetworkQuerySchema = Type.Object({ coin: Name, protocol: Name });
export type NetworkQuery = Static<typeof NetworkQuerySchema>;

export const RecordIdSchema = Type.Object({ id: Id });
export type RecordId = Static<typeof RecordIdSchema>;

export const DepositListQuerySchema = Type.Object({ coin: Type.Optional(Name), ...Paging });
export type DepositListQuery = Static<typeof DepositListQuerySchema>;

export const WithdrawListQuerySchema = Type.Object({
  coin: Type.Optional(Name),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  ...Paging,
});
export type WithdrawListQuery = Static<typeof WithdrawListQuerySchema>;

export const WithdrawInfoQuerySchema = Type.Object({ coin: Name });
export type WithdrawInfoQuery = Static<typeof WithdrawInfoQuerySchema>;

export const WithdrawCreateBodySchema = Type.Object({
  coin: Name,
  protocol: Name,
  address: Type.String({ minLength: 1, maxLength: 128 }),
  tag: Type.Optional(Memo),
  amount: Amount,
  emailCode: Type.Optional(Code),
  phoneCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
  /** The idempotency key of one submission (a double submit answers the first withdrawal). */
  requestId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })),
});
export type WithdrawCreateBody = Static<typeof WithdrawCreateBodySchema>;

export const WithdrawCodeBodySchema = Type.Object({ type: Type.Union([Type.Literal('email'), Type.Literal('phone')]) });
export type WithdrawCodeBody = Static<typeof WithdrawCodeBodySchema>;

export const MemoTypeSchema = Type.Union([Type.Literal('MEMO'), Type.Literal('TAG')]);
export type MemoType = Static<typeof MemoTypeSchema>;

/** A network as the deposit and withdraw screens read it (spec shell §7 "/uc/coin/list"). */
export const NetworkViewSchema = Type.Object({
  protocol: Type.String(),
  name: Type.String(),
  needMemo: Type.Boolean(),
  /** 'MEMO' or 'TAG' (XRP's destination tag); null when the network has none. */
  memoType: Nullable(MemoTypeSchema),
  depositMin: Type.String(),
  confirmations: Type.Integer(),
  withdrawFee: Type.String(),
  withdrawMin: Type.String(),
  canDeposit: Type.Boolean(),
  canWithdraw: Type.Boolean(),
});
export type NetworkView = Static<typeof NetworkViewSchema>;

const CoinFields = {
  coin: Type.String(),
  unit: Type.String(),
  name: Type.String(),
  logo: Type.String(),
  decimals: Type.Integer(),
  canDeposit: Type.Boolean(),
  canWithdraw: Type.Boolean(),
};

export const CoinViewSchema = Type.Object({ ...CoinFields, networks: Type.Array(NetworkViewSchema) });
export type CoinView = Static<typeof CoinViewSchema>;
export const CoinListSchema = Type.Array(CoinViewSchema);

/** Address format families (server/assets/network-catalogue.ts). */
export const ChainFamilySchema = Type.String();

/** The detailed list (/uc/coin/v2/list) adds the address rules and the expected arrival time of a deposit. */
export const NetworkDetailViewSchema = Type.Object({
  ...NetworkViewSchema.properties,
  family: ChainFamilySchema,
  addressPattern: Type.String(),
  memoPattern: Nullable(Type.String()),
  /** Seconds until a deposit is credited: confirmations × the time per confirmation. */
  arrivalSeconds: Type.Integer(),
});
export type NetworkDetailView = Static<typeof NetworkDetailViewSchema>;

export const CoinDetailViewSchema = Type.Object({
  ...CoinFields,
  usdRate: Type.String(),
  withdrawFee: Type.String(),
  minWithdraw: Type.String(),
  networks: Type.Array(NetworkDetailViewSchema),
});
export type CoinDetailView = Static<typeof CoinDetailViewSchema>;
export const CoinDetailListSchema = Type.Array(CoinDetailViewSchema);

export const DepositAddressViewSchema = Type.Object({
  coin: Type.String(),
  protocol: Type.String(),
  address: Type.String(),
  /** The memo or tag to send with; '' when the network has none. */
  memo: Type.String(),
  memoType: Nullable(MemoTypeSchema),
  createTime: Type.Number(),
});
export type DepositAddressView = Static<typeof DepositAddressViewSchema>;

/** A deposit record (spec shell §7 "/uc/recharge/list, info"); status 0 pending, 1 confirmed, 2 failed. */
export const DepositViewSchema = Type.Object({
  id: Type.Integer(),
  coin: Type.String(),
  protocol: Type.String(),
  address: Type.String(),
  memo: Type.String(),
  amount: Type.String(),
  txHash: Type.String(),
  confirmations: Type.Integer(),
  requiredConfirmations: Type.Integer(),
  status: Type.Integer(),
  createTime: Type.Number(),
  confirmTime: Nullable(Type.Number()),
});
export type DepositView = Static<typeof DepositViewSchema>;

/** /uc/recharge/list: `simulator` says the deposit simulator is there (outside production). */
export const DepositPageSchema = Type.Object({
  ...PageSchema(DepositViewSchema).properties,
  simulator: Type.Boolean(),
});
export type DepositPage = Static<typeof DepositPageSchema>;

/** A withdrawal record (spec shell §7 "/uc/withdraw/list, detail"); status 0 pending … 4 failed. */
export const WithdrawalViewSchema = Type.Object({
  id: Type.Integer(),
  coin: Type.String(),
  protocol: Type.String(),
  address: Type.String(),
  tag: Type.String(),
  amount: Type.String(),
  fee: Type.String(),
  arrivedAmount: Type.String(),
  status: Type.Integer(),
  txHash: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  createTime: Type.Number(),
  updateTime: Type.Number(),
  processingTime: Nullable(Type.Number()),
  finishTime: Nullable(Type.Number()),
  /** Only a pending withdrawal can be cancelled by its owner. */
  cancellable: Type.Boolean(),
});
export type WithdrawalView = Static<typeof WithdrawalViewSchema>;
export const WithdrawalPageSchema = PageSchema(WithdrawalViewSchema);

/** The bound channels a user confirms with (spec shell §3 "verifyList"). */
export const VerifyListSchema = Type.Array(Type.Union([Type.Literal('email'), Type.Literal('phone')]));

/** /uc/withdraw/info: the funds wallet's balance of the coin and how the user confirms a withdrawal. */
export const WithdrawInfoSchema = Type.Object({
  coin: Type.String(),
  available: Type.String(),
  frozen: Type.String(),
  verifyList: VerifyListSchema,
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  googleStatus: Type.Integer(),
  /** Withdrawals are closed until then (24 h after a password change); 0 when open. */
  lockedUntil: Type.Number(),
});
export type WithdrawInfo = Static<typeof WithdrawInfoSchema>;

// ─── Address book ─────────────────────────────────────────────────────────────────────────────────────────────────────

const EntryFields = {
  transferType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  coin: Type.Optional(Type.String({ maxLength: 16 })),
  protocol: Type.Optional(Type.String({ maxLength: 16 })),
  address: Type.Optional(Type.String({ maxLength: 128 })),
  tag: Type.Optional(Memo),
  uid: Type.Optional(Type.String({ maxLength: 16 })),
  email: Type.Optional(Type.String({ maxLength: 64 })),
  mobile: Type.Optional(Type.String({ maxLength: 20 })),
  areaCode: Type.Optional(Type.String({ maxLength: 8 })),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
};
export const EntryAddBodySchema = Type.Object(EntryFields);
export type EntryAddBody = Static<typeof EntryAddBodySchema>;
export const EntryEditBodySchema = Type.Object({ id: Id, ...EntryFields });
export type EntryEditBody = Static<typeof EntryEditBodySchema>;

export const AddressBookQuerySchema = Type.Object({
  coin: Type.Optional(Name),
  protocol: Type.Optional(Name),
  transferType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  ...Paging,
});
export type AddressBookQuery = Static<typeof AddressBookQuerySchema>;

export const LatestQuerySchema = Type.Object({
  coin: Name,
  protocol: Type.Optional(Name),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
});
export type LatestQuery = Static<typeof LatestQuerySchema>;

export const InternalEntriesQuerySchema = Type.Object({ coin: Type.Optional(Name) });
export type InternalEntriesQuery = Static<typeof InternalEntriesQuerySchema>;

/** An address book entry (spec shell §7: id, address, protocol, tag, transferType, areaCode, uid, email, mobile). */
export const AddressEntrySchema = Type.Object({
  id: Type.Integer(),
  address: Type.String(),
  protocol: Type.String(),
  tag: Type.String(),
  /** 0 an on-chain address, 1 a member (internal transfer). */
  transferType: Type.Integer(),
  areaCode: Type.String(),
  uid: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  coin: Type.String(),
  remark: Type.String(),
  time: Type.Number(),
  updateTime: Type.Number(),
});
export type AddressEntry = Static<typeof AddressEntrySchema>;
export const AddressEntryPageSchema = PageSchema(AddressEntrySchema);
export const AddressEntryListSchema = Type.Array(AddressEntrySchema);

/** /uc/withdraw/address/latest: distinct destinations a coin was withdrawn to, newest first. */
export const LatestDestinationSchema = Type.Object({
  coin: Type.String(),
  protocol: Type.String(),
  address: Type.String(),
  tag: Type.String(),
  time: Type.Number(),
});
export const LatestDestinationListSchema = Type.Array(LatestDestinationSchema);

/** Dev only: a simulated deposit to an address (with memo) or to a user's address on a network. */
export const DevDepositBodySchema = Type.Object({
  address: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  memo: Type.Optional(Memo),
  coin: Type.Optional(Name),
  protocol: Type.Optional(Name),
  uid: Type.Optional(Type.String({ maxLength: 16 })),
  email: Type.Optional(Type.String({ maxLength: 64 })),
  amount: Amount,
});
export type DevDepositBody = Static<typeof DevDepositBodySchema>;

export const DevAdvanceBodySchema = Type.Object({
  id: Id,
  status: Type.Union([
    Type.Literal('processing'),
    Type.Literal('done'),
    Type.Literal('cancelled'),
    Type.Literal('failed'),
  ]),
  reason: Type.Optional(Type.String({ maxLength: 64 })),
});
export type DevAdvanceBody = Static<typeof DevAdvanceBodySchema>;

// ─── Transfers and quick exchange ─────────────────────────────────────────────────────────────────────────────────────

const Coin = Type.String({ minLength: 1, maxLength: 16 });
const RequestId = Type.String({ maxLength: 64 });

export const TransferBodySchema = Type.Object({
  coin: Type.Optional(Coin),
  /** The contract side's name for the coin. */
  unit: Type.Optional(Coin),
  amount: Amount,
  from: Type.String({ minLength: 1, maxLength: 16 }),
  to: Type.String({ minLength: 1, maxLength: 16 }),
  requestId: Type.Optional(RequestId),
});
export type TransferBody = Static<typeof TransferBodySchema>;

export const TransferListQuerySchema = Type.Object({
  ...RecordsPaging,
  coin: Type.Optional(Type.String({ maxLength: 16 })),
  wallet: Type.Optional(Type.String({ maxLength: 16 })),
});
export type TransferListQuery = Static<typeof TransferListQuerySchema>;

const Recipient = {
  type: Type.String({ minLength: 1, maxLength: 16 }),
  value: Type.String({ minLength: 1, maxLength: 64 }),
  areaCode: Type.Optional(Type.String({ maxLength: 8 })),
};
export const MemberQuerySchema = Type.Object(Recipient);
export type MemberQuery = Static<typeof MemberQuerySchema>;

export const FeeInfoQuerySchema = Type.Object({ coin: Coin });
export type FeeInfoQuery = Static<typeof FeeInfoQuerySchema>;

export const TransferCodeBodySchema = Type.Object({ type: Type.String({ minLength: 1, maxLength: 16 }) });
export type TransferCodeBody = Static<typeof TransferCodeBodySchema>;

export const InternalTransferBodySchema = Type.Object({
  ...Recipient,
  coin: Coin,
  amount: Amount,
  emailCode: Type.Optional(Code),
  /** The e-mail code under the name the spec's forms use. */
  code: Type.Optional(Code),
  phoneCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
  requestId: Type.Optional(RequestId),
});
export type InternalTransferBody = Static<typeof InternalTransferBodySchema>;

export const InternalListQuerySchema = Type.Object({
  ...RecordsPaging,
  coin: Type.Optional(Type.String({ maxLength: 16 })),
  direction: Type.Optional(Type.String({ maxLength: 8 })),
});
export type InternalListQuery = Static<typeof InternalListQuerySchema>;

export const PriceQuerySchema = Type.Object({
  from: Coin,
  to: Coin,
  amount: Type.Optional(Type.String({ maxLength: 40 })),
});
export type PriceQuery = Static<typeof PriceQuerySchema>;

export const ConvertBodySchema = Type.Object({
  from: Coin,
  to: Coin,
  amount: Amount,
  quoteId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type ConvertBody = Static<typeof ConvertBodySchema>;

export const RecordsPageQuerySchema = Type.Object(RecordsPaging);
export type RecordsPageQuery = Static<typeof RecordsPageQuerySchema>;

/** A transfer between two wallets of the user, as the history lists it. */
export const WalletTransferViewSchema = Type.Object({
  id: Type.Integer(),
  coin: Type.String(),
  amount: Type.String(),
  from: WalletTypeSchema,
  to: WalletTypeSchema,
  createTime: Type.Number(),
});
export type WalletTransferView = Static<typeof WalletTransferViewSchema>;
export const WalletTransferPageSchema = PageSchema(WalletTransferViewSchema);

/** One coin's available amount in each wallet the user may move money between. */
export const TransferBalanceSchema = Type.Object({
  coin: Type.String(),
  name: Type.String(),
  logoUrl: Type.String(),
  decimals: Type.Integer(),
  available: Type.Partial(
    Type.Object({ funds: Type.String(), spot: Type.String(), contract: Type.String(), follow: Type.String() }),
  ),
});
export type TransferBalance = Static<typeof TransferBalanceSchema>;

/** /uc/asset-transfer/balances. */
export const TransferBalancesSchema = Type.Object({
  wallets: Type.Array(WalletTypeSchema),
  coins: Type.Array(TransferBalanceSchema),
});
export type TransferBalances = Static<typeof TransferBalancesSchema>;

/** /uc/internal-transfer/member-exist: whether a member exists, with a masked name, never more. */
export const MemberExistSchema = Type.Object({
  exist: Type.Boolean(),
  name: Nullable(Type.String()),
  self: Type.Boolean(),
});
export type MemberExist = Static<typeof MemberExistSchema>;

/** A coin's internal-transfer setting, with the user's available funds balance of it. */
export const InternalFeeInfoSchema = Type.Object({
  coin: Type.String(),
  decimals: Type.Integer(),
  fee: Type.String(),
  minAmount: Type.String(),
  enabled: Type.Boolean(),
  available: Type.String(),
});
export type InternalFeeInfo = Static<typeof InternalFeeInfoSchema>;

export const RecipientTypeSchema = Type.Union([Type.Literal('uid'), Type.Literal('email'), Type.Literal('mobile')]);
export type RecipientType = Static<typeof RecipientTypeSchema>;

/** /uc/internal-transfer/transfer-check: what a transfer would do, the codes given checked, nothing spent. */
export const InternalTransferCheckSchema = Type.Object({
  coin: Type.String(),
  amount: Type.String(),
  fee: Type.String(),
  arrivedAmount: Type.String(),
  recipient: Type.Object({ type: RecipientTypeSchema, name: Type.String() }),
});
export type InternalTransferCheck = Static<typeof InternalTransferCheckSchema>;

export const InternalTransferViewSchema = Type.Object({
  id: Type.Integer(),
  coin: Type.String(),
  /** What left the sender's funds wallet. */
  amount: Type.String(),
  fee: Type.String(),
  /** What reached the recipient's funds wallet. */
  arrivedAmount: Type.String(),
  direction: Type.Union([Type.Literal('out'), Type.Literal('in')]),
  /** The other member, masked. */
  counterparty: Type.String(),
  recipientType: RecipientTypeSchema,
  /** 1: done (an internal transfer settles at once). */
  status: Type.Integer(),
  createTime: Type.Number(),
});
export type InternalTransferView = Static<typeof InternalTransferViewSchema>;
export const InternalTransferPageSchema = PageSchema(InternalTransferViewSchema);

/** /uc/quick-exchange/price: a rate, and for a signed-in user who named an amount, a quote to convert at. */
export const QuickExchangePriceSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  /** Market price of one `from` in `to` (last trade, or the market's reference before the first trade). */
  price: Type.String(),
  /** What one `from` gets after the spread. */
  rate: Type.String(),
  spread: Type.String(),
  validMs: Type.Integer(),
  amount: Nullable(Type.String()),
  receive: Nullable(Type.String()),
  quoteId: Nullable(Type.String()),
  expiresAt: Nullable(Type.Number()),
});
export type QuickExchangePrice = Static<typeof QuickExchangePriceSchema>;

/** /uc/quick-exchange/coins: the coins that convert, with the user's spot available. */
export const ConvertCoinListSchema = Type.Array(
  Type.Object({
    coin: Type.String(),
    name: Type.String(),
    logoUrl: Type.String(),
    decimals: Type.Integer(),
    available: Type.String(),
  }),
);

export const QuickExchangeViewSchema = Type.Object({
  id: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  amount: Type.String(),
  receive: Type.String(),
  rate: Type.String(),
  createTime: Type.Number(),
});
export type QuickExchangeView = Static<typeof QuickExchangeViewSchema>;
export const QuickExchangePageSchema = PageSchema(QuickExchangeViewSchema);
