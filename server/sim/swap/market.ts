import { Side } from '../../../common/trading.ts';
import type { SwapMarket } from '../../engine/contracts/types.ts';
import type { MarketFlow } from '../flow.ts';
import { type LadderShape, ladderShape } from '../ladder.ts';
import type { MarketTier } from '../options.ts';
import type { Quotes } from '../quotes.ts';
import { BasisWalk } from './basis.ts';
import { ContractLadder, type ContractSlot } from './ladder.ts';

/** A bot's leveraged bet on one contract, waiting to be closed or liquidated. */
export interface Punt {
  readonly openedAt: number;
  readonly positionId: number;
}

/** The simulator's state of one contract market. */
export class SimContract {
  readonly bids = new ContractLadder(Side.buy);
  readonly asks = new ContractLadder(Side.sell);
  readonly basis = new BasisWalk();
  /** Set from the first index the price runtime publishes (none at start). */
  shape: LadderShape | null = null;
  /** Centre of the ladder, fractional ticks: index × (1 + basis), followed once it is more than `band` away. */
  anchor = 0;
  /** Both sides have had their whole ladder placed once. */
  warm = false;
  /** When the ladder last followed its anchor (clock ms). */
  followedAt = Number.NEGATIVE_INFINITY;
  lastTakerAt = Number.NEGATIVE_INFINITY;
  punt: Punt | null = null;
  /** The bots' leverage and margin models were sent once. */
  configured = false;
  /** The punter's isolated margin and leverage are set (a mode change needs the symbol flat). */
  punterReady = false;

  constructor(
    readonly market: SwapMarket,
    readonly tier: MarketTier,
    private readonly levels: number,
    private readonly spacing: number,
    private readonly band: number,
    /** Its takers and quote updates (flow.ts), and the maker's short-lived quotes near the touch. */
    readonly flow: MarketFlow,
    readonly quotes: Quotes<ContractSlot>,
  ) {}

  get symbol(): string {
    return this.market.contract.symbol;
  }

  /** The ladder's centre for this index and the basis now; false while the contract has no index yet. */
  follow(): boolean {
    const index = this.market.index;
    if (index <= 0) return false;
    const target = index * (1 + this.basis.value);
    this.shape ??= ladderShape(this.levels, index, this.spacing);
    const band = this.band * index;
    if (this.anchor === 0) this.anchor = target;
    else if (target > this.anchor + band) this.anchor = target - band;
    else if (target < this.anchor - band) this.anchor = target + band;
    return true;
  }
}
