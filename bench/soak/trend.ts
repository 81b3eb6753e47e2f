// The trend of a soak's samples: a drift that growth between two samples would hide in noise.

/** Least-squares slope of `value` over minutes, as % of the first value per 10 minutes. */
export function slopePer10Min(points: readonly { minute: number; value: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.minute, 0) / n;
  const my = points.reduce((s, p) => s + p.value, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.minute - mx) * (p.value - my);
    den += (p.minute - mx) ** 2;
  }
  return ((num / den) * 10 * 100) / (points[0] as { value: number }).value;
}
