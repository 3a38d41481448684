// Corrected success rates are reported with a Wilson score interval: unlike the normal
// approximation it stays inside [0, 1] and is not degenerate at 0 or n successes, which
// matters for small evaluation runs.
export type WilsonInterval = { rate: number; low: number; high: number };

// z defaults to the two-sided 95% normal quantile.
export function wilsonInterval(successes: number, n: number, z = 1.959963984540054): WilsonInterval {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`n must be an integer > 0, got ${n}`);
  if (!Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new RangeError(`successes must be an integer in [0, ${n}], got ${successes}`);
  }
  if (!Number.isFinite(z) || z <= 0) throw new RangeError(`z must be a finite number > 0, got ${z}`);
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At p = 0 (p = 1) the lower (upper) bound is exactly 0 (1) in exact arithmetic; floats
  // miss it by an ulp either way, so set it outright and clamp the rest.
  const low = successes === 0 ? 0 : Math.max(0, center - half);
  const high = successes === n ? 1 : Math.min(1, center + half);
  return { rate: p, low, high };
}
