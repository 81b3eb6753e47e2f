import type { ContractInfo, Position, SwapWallet } from '../../../../../common/contracts/swap.ts';
import { riskTablesFor } from '../../../../../server/db/seed/risk-tables.ts';
import type { EntryContext } from '../../../../../src/features/contract/entry/rules.ts';
import { termsOf } from '../../../../../src/features/contract/entry/terms.ts';
import type { EntrySettings } from '../../../../../src/features/contract/entry/types.ts';

/** BTC/USDT as the catalogue has it: 0.1 tick, 0.001 BTC a contract, USDT to 6 decimals, the 125× and 1000× tables. */
export const BTC: ContractInfo = {
  symbol: 'BTC/USDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  baseDecimal: 3,
  quoteDecimal: 1,
  settleDecimals: 6,
  contractSize: '0.001',
  minVolume: 1,
  maxLeverage: 125,
  defLeverage: 20,
  canOpenLv1000: true,
  makerFee: '0.0002',
  takerFee: '0.0005',
  ...(riskTablesFor(125, true) as Pick<ContractInfo, 'riskValues' | 'riskValues1000'>),
};

export const SETTINGS: EntrySettings = {
  marginModel: 2,
  positionClass: 2,
  leverageLong: 20,
  leverageShort: 20,
  pricePreference: 0,
};

export const WALLET: SwapWallet = {
  coin: 'USDT',
  balance: '10000',
  frozen: '0',
  available: '10000',
  unrealizedPnl: '0',
};

export function position(over: Partial<Position> = {}): Position {
  return {
    positionId: 1,
    symbol: 'BTC/USDT',
    direction: 1,
    volume: 100,
    entryPrice: '95000.000',
    markPrice: '95000.0',
    liquidationPrice: '90700.0',
    marginModel: 2,
    leverage: 20,
    margin: '475.000000',
    maintenanceMargin: '38.000000',
    marginRatio: '0.08',
    unrealizedPnl: '0.000000',
    roe: '0',
    realizedPnl: '0.000000',
    adlQuantile: 0,
    openTime: 0,
    ...over,
  };
}

export function context(over: Partial<EntryContext> = {}): EntryContext {
  return {
    terms: termsOf(BTC),
    settings: SETTINGS,
    wallet: WALLET,
    positions: [],
    prices: { last: '95000.0', mark: '95010.0', index: '94990.0' },
    ...over,
  };
}
