/**
 * The integer grid of a linear (USDT-margined) contract. Prices are ticks (price × 10^priceScale), sizes whole
 * contracts, and money "fine units": the finer of the settle coin's minor unit and the value of one contract at one
 * tick, so that every notional, margin and PnL is an exact bigint and the ledger's minor units are a whole multiple.
 */

/** Rates (maintenance, fees, funding) are integers of 10^-8: "0.005" → 500 000 (as spot fees, server/engine/units). */
export const RATE_SCALE = 100_000_000n;

export interface ContractGrid {
  /** Decimals of prices: a tick is 10^-priceScale of the settle coin. */
  priceScale: number;
  /** Base coin per contract as a decimal string, e.g. "0.001" BTC. */
  contractSize: string;
  /** Decimals of the settle coin's ledger (USDT: 6). */
  settleDecimals: number;
}

/** What the formulas need of a grid, computed once per contract. */
export interface Grid {
  /** Fine units per (contract × tick). */
  perContractTick: bigint;
  /** Fine units per minor unit of the settle coin. */
  perMinor: bigint;
  /** Fine units per settle coin (10^F). */
  perCoin: bigint;
  /** Ticks per settle coin of price (10^priceScale). */
  ticksPerCoin: bigint;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Splits "0.001" into 1 × 10^-3; refuses anything that is not a plain positive decimal. */
function decimalParts(text: string): { units: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const fraction = match[2] ?? '';
  const units = BigInt(`${match[1]}${fraction}`);
  if (units <= 0n) throw new RangeError(`not positive: ${text}`);
  return { units, scale: fraction.length };
}

export function gridOf(spec: ContractGrid): Grid {
  const size = decimalParts(spec.contractSize);
  const valueScale = spec.priceScale + size.scale;
  const fine = Math.max(spec.settleDecimals, valueScale);
  return {
    perContractTick: size.units * pow10(fine - valueScale),
    perMinor: pow10(fine - spec.settleDecimals),
    perCoin: pow10(fine),
    ticksPerCoin: pow10(spec.priceScale),
  };
}

/** Value of `contracts` at `ticks`, in fine units (exact). */
export function notional(grid: Grid, contracts: number, ticks: number): bigint {
  return BigInt(contracts) * BigInt(ticks) * grid.perContractTick;
}

/** Minor units of the settle coin → fine units (exact). */
export function fromMinor(grid: Grid, minor: number | bigint): bigint {
  return BigInt(minor) * grid.perMinor;
}

/** Fine units → minor units, rounded down (what is paid out never exceeds what is owed). */
export function toMinorFloor(grid: Grid, fine: bigint): bigint {
  return floorDiv(fine, grid.perMinor);
}

/** Fine units → minor units, rounded up (what is reserved or charged never falls short). */
export function toMinorCeil(grid: Grid, fine: bigint): bigint {
  return -floorDiv(-fine, grid.perMinor);
}

/** ⌊a / b⌋ for b > 0, negative a included (bigint division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b > a ? q - 1n : q;
}

/** ⌈a / b⌉ for b > 0. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/** `fine × rate`, rate in 10^-8, rounded up: a requirement or a fee. */
export function applyRateCeil(fine: bigint, rate: bigint): bigint {
  return ceilDiv(fine * rate, RATE_SCALE);
}

/** A decimal string rate ("0.005") as an integer of 10^-8; refuses more than eight decimals. */
export function parseRate(text: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) throw new RangeError(`not a rate: ${text}`);
  const value = BigInt(match[2] ?? '0') * RATE_SCALE + BigInt((match[3] ?? '').padEnd(8, '0') || '0');
  return match[1] ? -value : value;
}

/** Fine units as an exact decimal string of the settle coin with `decimals` places, rounded down. */
export function formatFine(grid: Grid, fine: bigint, decimals: number): string {
  const digits = grid.perCoin.toString().length - 1;
  const unit = pow10(Math.max(0, digits - decimals));
  const shown = decimals >= digits ? fine * pow10(decimals - digits) : floorDiv(fine, unit);
  const negative = shown < 0n;
  const text = (negative ? -shown : shown).toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const part = decimals > 0 ? `.${text.slice(text.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${part}`;
}

/** Ticks as a decimal price string (exact). */
export function formatTicks(grid: Grid, ticks: number): string {
  const scale = grid.ticksPerCoin.toString().length - 1;
  const negative = ticks < 0;
  const text = Math.abs(ticks)
    .toString()
    .padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${text.slice(text.length - scale)}` : ''}`;
}
