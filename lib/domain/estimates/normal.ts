// The two-sided 95% quantile of the standard normal distribution, shared by every interval of
// the sampled-verification estimates (lib/domain/wilson.ts uses the same default).
export const Z95 = 1.959963984540054;

export type Interval = { low: number; high: number };

/** estimate ± z·sqrt(variance), clipped to [min, max] (a rate cannot leave [0, 1]). */
export function normalInterval(estimate: number, variance: number, z = Z95, min = 0, max = 1): Interval & { halfWidth: number } {
  if (!(variance >= 0)) throw new RangeError(`variance must be >= 0, got ${variance}`);
  const halfWidth = z * Math.sqrt(variance);
  return { low: Math.max(min, estimate - halfWidth), high: Math.min(max, estimate + halfWidth), halfWidth };
}
