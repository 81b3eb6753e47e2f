import type { ContractRow } from '../engine/contracts/contract.ts';
import type { SwapEngine } from '../engine/contracts/engine.ts';
import type { SwapMarket, SwapRejectReason, SwapResult } from '../engine/contracts/types.ts';
import type { SwapAcknowledged, SwapExchange } from '../exchange/swap.ts';
import { swapRefusal } from './rejections.ts';

/** What every contract route reads: the running contract exchange and the catalogue's decimal terms. */
export interface SwapContext {
  swap: SwapExchange;
  /** The contract a request names (`symbol`, or its alias `contractCoinId`), or the refusal. */
  contract(names: { symbol?: string | undefined; contractCoinId?: string | undefined }): {
    row: ContractRow;
    market: SwapMarket;
  };
  /** Runs an engine command; a refusal throws the translated answer and changes nothing. */
  run(command: (engine: SwapEngine) => SwapResult, row?: ContractRow): Promise<SwapAcknowledged & { ok: true }>;
}

export function swapContext(swap: SwapExchange): SwapContext {
  const contract: SwapContext['contract'] = (names) => {
    const symbol = (names.symbol ?? names.contractCoinId ?? '').trim().replace('_', '/').toUpperCase();
    const row = swap.catalogue.get(symbol);
    const market = row && swap.engine.market(symbol);
    if (!row || !market) throw swapRefusal('unknownContract', { symbol });
    return { row, market };
  };
  const run: SwapContext['run'] = async (command, row) => {
    const result = await swap.run(command);
    if (!result.ok) throw refusalOf(result.reason, row);
    return result;
  };
  return { swap, contract, run };
}

function refusalOf(reason: SwapRejectReason, row: ContractRow | undefined) {
  return swapRefusal(reason, {
    symbol: row?.symbol ?? '',
    scale: row?.priceScale ?? 0,
    min: row?.minVolume ?? 1,
    max: row ? (row.canOpenLv1000 ? 1000 : row.maxLeverage) : 0,
  });
}
