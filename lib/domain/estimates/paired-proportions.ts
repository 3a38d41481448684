// The difference of two paired proportions (the same tasks, two runs; or a judge and a human
// on the same episodes) with Newcombe's hybrid score interval: method 10 of R. G. Newcombe,
// "Improved confidence intervals for the difference between binomial proportions based on
// paired data", Statistics in Medicine 17 (1998) 2635-2650. Each proportion gets its Wilson
// interval, and the two are combined with the correlation phi of the pairs, corrected towards
// 0 by n/2 when positive (Newcombe's choice, also in Fagerland, Lydersen & Laake, "Statistical
// Analysis of Contingency Tables", 2017, ch. 8, whose worked example the unit test uses).
//
// Counts: a = both succeed, b = only the first, c = only the second, d = neither.
// p1 = (a + b) / n, p2 = (a + c) / n, difference p1 - p2 = (b - c) / n.
// Valid for pairs drawn at random from the tasks (or all of them): which pairs got verified
// must not depend on their outcomes.
import { wilsonInterval } from "@/lib/domain/wilson";
import { Z95 } from "@/lib/domain/estimates/normal";

export type PairedCounts = { both: number; onlyFirst: number; onlySecond: number; neither: number };
export type PairedDifference = { n: number; first: number; second: number; difference: number; low: number; high: number };

export function newcombePaired({ both: a, onlyFirst: b, onlySecond: c, neither: d }: PairedCounts, z = Z95): PairedDifference | null {
  for (const v of [a, b, c, d]) if (!Number.isInteger(v) || v < 0) throw new RangeError(`paired counts must be integers >= 0, got ${v}`);
  const n = a + b + c + d;
  if (n === 0) return null;
  const p1 = (a + b) / n;
  const p2 = (a + c) / n;
  const w1 = wilsonInterval(a + b, n, z);
  const w2 = wilsonInterval(a + c, n, z);
  const margins = (a + b) * (c + d) * (a + c) * (b + d);
  let phi = 0;
  if (margins > 0) {
    const cross = a * d - b * c;
    phi = cross > n / 2 ? (cross - n / 2) / Math.sqrt(margins) : cross >= 0 ? 0 : cross / Math.sqrt(margins);
  }
  const difference = p1 - p2;
  const lowArm = Math.sqrt(Math.max(0, (p1 - w1.low) ** 2 - 2 * phi * (p1 - w1.low) * (w2.high - p2) + (w2.high - p2) ** 2));
  const highArm = Math.sqrt(Math.max(0, (w1.high - p1) ** 2 - 2 * phi * (w1.high - p1) * (p2 - w2.low) + (p2 - w2.low) ** 2));
  return { n, first: p1, second: p2, difference, low: Math.max(-1, difference - lowArm), high: Math.min(1, difference + highArm) };
}
