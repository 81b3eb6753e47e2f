/** mulberry32: a tiny seeded PRNG in [0, 1); good enough for bots and makes a seeded run repeat exactly. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The distributions the bots draw from, over one uniform source. */
export class Rng {
  private spare = Number.NaN;

  constructor(private readonly uniform: () => number) {}

  next(): number {
    return this.uniform();
  }

  /** An integer from lo to hi, both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.uniform() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.uniform() < p;
  }

  /** Standard normal (Box–Muller; the second value of each pair is kept for the next call). */
  gaussian(): number {
    if (!Number.isNaN(this.spare)) {
      const z = this.spare;
      this.spare = Number.NaN;
      return z;
    }
    // 1 − u keeps the logarithm's argument in (0, 1].
    const r = Math.sqrt(-2 * Math.log(1 - this.uniform()));
    const theta = 2 * Math.PI * this.uniform();
    this.spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  }

  /** Log-normal with median 1, clipped to [1/cap, cap] so one draw never makes an absurd order. */
  logNormal(sigma: number, cap = 4): number {
    const x = Math.exp(sigma * this.gaussian());
    return Math.min(cap, Math.max(1 / cap, x));
  }

  /** Poisson count with the given mean (Knuth's method; the means here are small). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.gaussian()));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.uniform();
    while (p > limit) {
      k++;
      p *= this.uniform();
    }
    return k;
  }
}
