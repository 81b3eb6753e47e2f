// What the order tabs name and how they page (spec trading §9: the terminal's history panels show 4 rows a page).
import type { SwapPlan } from '../../../../common/contracts/swap.ts';

/** Rows a page in the terminal's history panels. */
export const HISTORY_PAGE_SIZE = 4;

export type SideKey = 'openLong' | 'openShort' | 'closeLong' | 'closeShort';

/** An order's or plan's side in position terms: buying into a long opens it, selling out of it closes it. */
export function sideKey(direction: number, positionDirection: number): SideKey {
  if (positionDirection === 1) return direction === 1 ? 'openLong' : 'closeLong';
  return direction === 2 ? 'openShort' : 'closeShort';
}

/** Which live tab a waiting plan belongs to. */
export function planTab(plan: SwapPlan): 'plans' | 'tpsl' | 'trailing' {
  if (plan.planType === 'trailing') return 'trailing';
  return plan.planType === 'takeProfit' || plan.planType === 'stopLoss' ? 'tpsl' : 'plans';
}

/** The page asked for, kept within 1 … pages once the total is known. */
export function clampPage(page: number, total: number, size = HISTORY_PAGE_SIZE): number {
  const pages = Math.max(1, Math.ceil(total / size));
  return Math.min(Math.max(1, page), pages);
}
