/*
 * The networks each coin of the catalogue (server/db/seed/catalogue.ts) moves on, seeded by migration 0012. Plain
 * data: amounts are decimal strings within the coin's ledger decimals; the per-network fee and minimum refine the
 * coin's own withdraw_fee / min_withdraw (a token on a cheap chain costs less to send than on Ethereum).
 */

/** Address formats: one per chain family, shared by the networks built on it (all EVM chains take 0x addresses). */
export const CHAIN_FAMILIES = [
  'evm',
  'tron',
  'btc',
  'ltc',
  'bch',
  'doge',
  'sol',
  'xrp',
  'ada',
  'dot',
  'ton',
  'atom',
  'near',
  'apt',
  'sui',
  'xlm',
] as const;
export type ChainFamily = (typeof CHAIN_FAMILIES)[number];

/** What a network calls the extra field that picks the receiver behind a shared address. */
export type MemoType = 'MEMO' | 'TAG';

/** Address patterns per family: what a withdrawal address must look like (checked on the server and the client). */
export const ADDRESS_PATTERNS: Record<ChainFamily, string> = {
  evm: '^0x[0-9a-fA-F]{40}$',
  tron: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
  btc: '^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$',
  ltc: '^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{26,33})$',
  bch: '^(bitcoincash:)?[qp][02-9ac-hj-np-z]{41}$',
  doge: '^D[1-9A-HJ-NP-Za-km-z]{33}$',
  sol: '^[1-9A-HJ-NP-Za-km-z]{32,44}$',
  xrp: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$',
  ada: '^addr1[02-9ac-hj-np-z]{53,98}$',
  dot: '^1[1-9A-HJ-NP-Za-km-z]{46,47}$',
  ton: '^(EQ|UQ)[A-Za-z0-9_-]{46}$',
  atom: '^cosmos1[02-9ac-hj-np-z]{38}$',
  near: '^([0-9a-f]{64}|[a-z0-9_-]{2,59}\\.near)$',
  apt: '^0x[0-9a-fA-F]{64}$',
  sui: '^0x[0-9a-fA-F]{64}$',
  xlm: '^G[A-Z2-7]{55}$',
};

/** Memo patterns: an XRP destination tag is a 32-bit number; the text memos are short printable ASCII. */
export const MEMO_PATTERNS: Partial<Record<ChainFamily, string>> = {
  xrp: '^[0-9]{1,10}$',
  ton: '^[\\x20-\\x7E]{1,120}$',
  atom: '^[\\x20-\\x7E]{1,256}$',
  xlm: '^[\\x20-\\x7E]{1,28}$',
};

export interface NetworkSeed {
  coin: string;
  /** The protocol name users pick (spec shell §7 "protocol"): TRC20, ERC20, BEP20, BTC, SOL… */
  protocol: string;
  /** The chain's proper name, shown beside the protocol. */
  name: string;
  family: ChainFamily;
  memo: MemoType | null;
  depositMin: string;
  confirmations: number;
  withdrawFee: string;
  withdrawMin: string;
}

const ERC20 = { protocol: 'ERC20', name: 'Ethereum (ERC20)', family: 'evm', memo: null, confirmations: 12 } as const;
const BEP20 = {
  protocol: 'BEP20',
  name: 'BNB Smart Chain (BEP20)',
  family: 'evm',
  memo: null,
  confirmations: 15,
} as const;
const TRC20 = { protocol: 'TRC20', name: 'Tron (TRC20)', family: 'tron', memo: null, confirmations: 10 } as const;
const SOLANA = { protocol: 'SOL', name: 'Solana', family: 'sol', memo: null, confirmations: 3 } as const;
const ARBITRUM = { protocol: 'ARBITRUM', name: 'Arbitrum One', family: 'evm', memo: null, confirmations: 12 } as const;
const OPTIMISM = { protocol: 'OPTIMISM', name: 'Optimism', family: 'evm', memo: null, confirmations: 12 } as const;

/** Per coin, its networks; the first is the default choice of the screens. */
export const NETWORKS: readonly NetworkSeed[] = [
  { coin: 'USDT', ...TRC20, depositMin: '1', withdrawFee: '1', withdrawMin: '10' },
  { coin: 'USDT', ...ERC20, depositMin: '5', withdrawFee: '4', withdrawMin: '20' },
  { coin: 'USDT', ...BEP20, depositMin: '1', withdrawFee: '0.29', withdrawMin: '10' },
  { coin: 'USDT', ...SOLANA, depositMin: '1', withdrawFee: '1', withdrawMin: '10' },
  { coin: 'USDC', ...ERC20, depositMin: '5', withdrawFee: '4', withdrawMin: '20' },
  { coin: 'USDC', ...BEP20, depositMin: '1', withdrawFee: '0.29', withdrawMin: '10' },
  { coin: 'USDC', ...SOLANA, depositMin: '1', withdrawFee: '1', withdrawMin: '10' },
  {
    coin: 'BTC',
    protocol: 'BTC',
    name: 'Bitcoin',
    family: 'btc',
    memo: null,
    depositMin: '0.0001',
    confirmations: 2,
    withdrawFee: '0.0002',
    withdrawMin: '0.001',
  },
  { coin: 'BTC', ...BEP20, depositMin: '0.00001', withdrawFee: '0.00001', withdrawMin: '0.0002' },
  { coin: 'ETH', ...ERC20, depositMin: '0.001', withdrawFee: '0.0015', withdrawMin: '0.01' },
  { coin: 'ETH', ...ARBITRUM, depositMin: '0.0001', withdrawFee: '0.0001', withdrawMin: '0.002' },
  { coin: 'ETH', ...OPTIMISM, depositMin: '0.0001', withdrawFee: '0.0001', withdrawMin: '0.002' },
  { coin: 'ETH', ...BEP20, depositMin: '0.0001', withdrawFee: '0.0001', withdrawMin: '0.002' },
  { coin: 'BNB', ...BEP20, depositMin: '0.001', withdrawFee: '0.0005', withdrawMin: '0.01' },
  { coin: 'SOL', ...SOLANA, depositMin: '0.01', withdrawFee: '0.01', withdrawMin: '0.1' },
  {
    coin: 'XRP',
    protocol: 'XRP',
    name: 'XRP Ledger',
    family: 'xrp',
    memo: 'TAG',
    depositMin: '1',
    confirmations: 2,
    withdrawFee: '0.25',
    withdrawMin: '10',
  },
  {
    coin: 'DOGE',
    protocol: 'DOGE',
    name: 'Dogecoin',
    family: 'doge',
    memo: null,
    depositMin: '5',
    confirmations: 6,
    withdrawFee: '4',
    withdrawMin: '30',
  },
  {
    coin: 'ADA',
    protocol: 'ADA',
    name: 'Cardano',
    family: 'ada',
    memo: null,
    depositMin: '1',
    confirmations: 15,
    withdrawFee: '1',
    withdrawMin: '10',
  },
  { coin: 'TRX', ...TRC20, depositMin: '1', withdrawFee: '1', withdrawMin: '10' },
  {
    coin: 'AVAX',
    protocol: 'AVAXC',
    name: 'Avalanche C-Chain',
    family: 'evm',
    memo: null,
    depositMin: '0.01',
    confirmations: 12,
    withdrawFee: '0.01',
    withdrawMin: '0.1',
  },
  { coin: 'LINK', ...ERC20, depositMin: '0.1', withdrawFee: '0.2', withdrawMin: '1' },
  { coin: 'LINK', ...BEP20, depositMin: '0.01', withdrawFee: '0.02', withdrawMin: '0.2' },
  {
    coin: 'DOT',
    protocol: 'DOT',
    name: 'Polkadot',
    family: 'dot',
    memo: null,
    depositMin: '0.1',
    confirmations: 3,
    withdrawFee: '0.1',
    withdrawMin: '1.5',
  },
  {
    coin: 'TON',
    protocol: 'TON',
    name: 'The Open Network',
    family: 'ton',
    memo: 'MEMO',
    depositMin: '0.1',
    confirmations: 3,
    withdrawFee: '0.05',
    withdrawMin: '1',
  },
  {
    coin: 'LTC',
    protocol: 'LTC',
    name: 'Litecoin',
    family: 'ltc',
    memo: null,
    depositMin: '0.001',
    confirmations: 4,
    withdrawFee: '0.001',
    withdrawMin: '0.01',
  },
  {
    coin: 'BCH',
    protocol: 'BCH',
    name: 'Bitcoin Cash',
    family: 'bch',
    memo: null,
    depositMin: '0.0005',
    confirmations: 6,
    withdrawFee: '0.0005',
    withdrawMin: '0.005',
  },
  { coin: 'SHIB', ...ERC20, depositMin: '50000', withdrawFee: '150000', withdrawMin: '300000' },
  { coin: 'SHIB', ...BEP20, depositMin: '5000', withdrawFee: '15000', withdrawMin: '50000' },
  { coin: 'PEPE', ...ERC20, depositMin: '50000', withdrawFee: '200000', withdrawMin: '400000' },
  { coin: 'UNI', ...ERC20, depositMin: '0.1', withdrawFee: '0.2', withdrawMin: '1' },
  { coin: 'UNI', ...BEP20, depositMin: '0.01', withdrawFee: '0.02', withdrawMin: '0.2' },
  {
    coin: 'ATOM',
    protocol: 'ATOM',
    name: 'Cosmos Hub',
    family: 'atom',
    memo: 'MEMO',
    depositMin: '0.01',
    confirmations: 3,
    withdrawFee: '0.01',
    withdrawMin: '0.1',
  },
  {
    coin: 'NEAR',
    protocol: 'NEAR',
    name: 'NEAR Protocol',
    family: 'near',
    memo: null,
    depositMin: '0.01',
    confirmations: 3,
    withdrawFee: '0.01',
    withdrawMin: '0.2',
  },
  {
    coin: 'APT',
    protocol: 'APT',
    name: 'Aptos',
    family: 'apt',
    memo: null,
    depositMin: '0.01',
    confirmations: 3,
    withdrawFee: '0.01',
    withdrawMin: '0.1',
  },
  { coin: 'ARB', ...ARBITRUM, depositMin: '0.1', withdrawFee: '0.1', withdrawMin: '1' },
  { coin: 'ARB', ...ERC20, depositMin: '1', withdrawFee: '1.5', withdrawMin: '5' },
  { coin: 'OP', ...OPTIMISM, depositMin: '0.1', withdrawFee: '0.1', withdrawMin: '1' },
  {
    coin: 'SUI',
    protocol: 'SUI',
    name: 'Sui',
    family: 'sui',
    memo: null,
    depositMin: '0.1',
    confirmations: 3,
    withdrawFee: '0.1',
    withdrawMin: '1',
  },
  {
    coin: 'XLM',
    protocol: 'XLM',
    name: 'Stellar',
    family: 'xlm',
    memo: 'MEMO',
    depositMin: '1',
    confirmations: 2,
    withdrawFee: '0.1',
    withdrawMin: '2',
  },
];
