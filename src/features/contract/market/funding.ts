// The funding figures of the contract header: the predicted rate and the time left to the next settlement.

/** `0.0001` → `0.0100%`: four decimals, as venues show funding rates (a rate is often a few hundredths of a percent). */
export function formatFundingRate(rate: number): string {
  if (!Number.isFinite(rate)) return '--';
  return `${(rate * 100).toFixed(4)}%`;
}

/** Ms left → `HH:MM:SS` (hours not capped: a settlement interval may exceed a day); past or unknown → `00:00:00`. */
export function formatCountdown(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}
