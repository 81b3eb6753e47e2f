import type { Position, SwapOrder, SwapPlan, SwapWallet } from '../../common/contracts/swap.ts';
import type { FundingPayment } from '../../common/contracts/swap-history.ts';
import type { ClosedPositionNotice, LiquidationNotice } from '../../common/contracts/swap-market.ts';

/** Contract views as the API and the user channel show them, with `fields` over them (test data). */

/** A 10-contract cross BTC/USDT long at 60 000, 10×, mark 61 000 (contract size 0.001). */
export function swapPosition(positionId: number, fields: Partial<Position> = {}): Position {
  return {
    positionId,
    symbol: 'BTC/USDT',
    direction: 1,
    volume: 10,
    entryPrice: '60000.00',
    markPrice: '61000',
    liquidationPrice: '54300',
    marginModel: 1,
    leverage: 10,
    margin: '60',
    maintenanceMargin: '3.05',
    marginRatio: '0.0436',
    unrealizedPnl: '10',
    roe: '0.16666666',
    realizedPnl: '0',
    adlQuantile: 1,
    openTime: 1000,
    ...fields,
  };
}

export function swapOrder(orderId: number, fields: Partial<SwapOrder> = {}): SwapOrder {
  return {
    orderId,
    symbol: 'BTC/USDT',
    direction: 1,
    type: 1,
    positionDirection: 1,
    reduceOnly: false,
    action: 0,
    marginModel: 1,
    leverage: 10,
    entrustPrice: '59000',
    volume: 5,
    dealVolume: 0,
    averagePrice: '0',
    fee: '0',
    frozenMargin: '29.5',
    status: 0,
    createTime: orderId * 1000,
    updateTime: orderId * 1000,
    ...fields,
  };
}

export function swapPlan(planId: number, fields: Partial<SwapPlan> = {}): SwapPlan {
  return {
    planId,
    symbol: 'BTC/USDT',
    planType: 'takeProfit',
    direction: 2,
    positionDirection: 1,
    triggerType: 1,
    triggerPrice: '65000',
    orderPrice: '0',
    volume: 0,
    tpslMode: 1,
    activePrice: '0',
    drawDownOffset: '0',
    pairId: 0,
    status: 0,
    orderId: 0,
    createTime: planId * 1000,
    ...fields,
  };
}

export function swapWallet(fields: Partial<SwapWallet> = {}): SwapWallet {
  return { coin: 'USDT', balance: '1000', frozen: '0', available: '940', unrealizedPnl: '10', ...fields };
}

export function fundingPayment(fields: Partial<FundingPayment> = {}): FundingPayment {
  return {
    symbol: 'BTC/USDT',
    positionId: 1,
    direction: 1,
    volume: 10,
    rate: '0.0001',
    markPrice: '61000',
    amount: '-0.061',
    time: 28_800_000,
    ...fields,
  };
}

export function liquidationNotice(fields: Partial<LiquidationNotice> = {}): LiquidationNotice {
  return { symbol: 'BTC/USDT', direction: 1, volume: 10, price: '54000', time: 5000, ...fields };
}

export function closedPosition(positionId: number, fields: Partial<ClosedPositionNotice> = {}): ClosedPositionNotice {
  return {
    positionId,
    symbol: 'BTC/USDT',
    direction: 1,
    marginModel: 1,
    leverage: 10,
    entryPrice: '60000.00',
    closePrice: '61000.00',
    maxVolume: 10,
    closedVolume: 10,
    closePnl: '10',
    fee: '0.36',
    closeAction: 1,
    openTime: 1000,
    closeTime: 9000,
    ...fields,
  };
}
