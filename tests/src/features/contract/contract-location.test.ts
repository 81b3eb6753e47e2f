import { describe, expect, it } from 'vitest';
import { contractPath, contractSymbolFrom } from '../../../../src/features/contract/contract-location.ts';

describe('the contract terminal location', () => {
  it('reads ?symbol= in any of its spellings, else the stored contract, else BTC/USDT', () => {
    expect(contractSymbolFrom('?symbol=ETH_USDT&tradeType=contract')).toBe('ETH/USDT');
    expect(contractSymbolFrom('symbol=sol-usdt')).toBe('SOL/USDT');
    expect(contractSymbolFrom('?symbol=XRP%2FUSDT')).toBe('XRP/USDT');
    expect(contractSymbolFrom('?type=contract', 'DOGE/USDT')).toBe('DOGE/USDT');
    expect(contractSymbolFrom('?symbol=nonsense', '')).toBe('BTC/USDT');
    expect(contractSymbolFrom('', '')).toBe('BTC/USDT');
  });

  it('links a contract as /trade/contract?symbol={BASE}_USDT', () => {
    expect(contractPath('ETH/USDT')).toBe('/trade/contract?symbol=ETH_USDT');
    expect(contractSymbolFrom(contractPath('BNB/USDT').split('?')[1] ?? '')).toBe('BNB/USDT');
  });
});
