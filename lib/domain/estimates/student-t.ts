// Student's t quantiles and the Welch–Satterthwaite degrees of freedom, for the run intervals
// of sampled verification (ppi.ts, sample-plan.ts). A mean of n verified differences has an
// estimated variance, and with few of them the normal quantile 1.96 is too narrow; the t
// quantile on the sample's degrees of freedom widens the interval as n falls and tends to
// 1.96 as n grows. Pure and free of Node modules (the run page's planner runs it in the
// browser).
//
// The t distribution's CDF is written through the regularized incomplete beta function,
//   P(T <= t) = 1 - I_x(df/2, 1/2) / 2 for t >= 0, x = df / (df + t^2),
// evaluated by its continued fraction (modified Lentz), and inverted by bisection: 60 halvings
// of [0, 1e4] pin the quantile far below the precision any page prints.
import { Z95 } from "@/lib/domain/estimates/normal";

// Lanczos approximation (g = 7, 9 coefficients) of ln Γ(x) for x > 0.
const LANCZOS = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

// Continued fraction of I_x(a, b), valid and fast for x < (a + 1) / (a + b + 2).
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let result = d;
  for (let m = 1; m <= 300; m++) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + even * d;
    c = 1 + even / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    result *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + odd * d;
    c = 1 + odd / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    const step = d * c;
    result *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return result;
}

/** The regularized incomplete beta function I_x(a, b). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaContinuedFraction(x, a, b)) / a : 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** P(T <= t) for Student's t with `df` > 0 degrees of freedom (df may be fractional). */
export function studentTCdf(t: number, df: number): number {
  const tail = regularizedBeta(df / (df + t * t), df / 2, 0.5) / 2;
  return t >= 0 ? 1 - tail : tail;
}

/**
 * The two-sided 95% quantile of Student's t (the value q with P(|T| <= q) = 0.95): 12.71 at
 * df = 1, 2.03 at df = 34, 1.96 at df = ∞ (Infinity or NaN-free huge values give Z95).
 */
export function t95(df: number): number {
  if (!(df > 0)) throw new RangeError(`degrees of freedom must be > 0, got ${df}`);
  if (!Number.isFinite(df) || df > 1e7) return Z95;
  if (df >= 30) return cornishFisher95(df);
  let low = 0;
  let high = 1e4;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (studentTCdf(mid, df) < 0.975) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

// For df >= 30 the Cornish–Fisher expansion of the t quantile in powers of 1/df (Abramowitz &
// Stegun 26.7.5, four terms) agrees with the bisection to better than 1e-6, at a fraction of
// its cost: the planner evaluates a quantile for every episode it adds.
function cornishFisher95(df: number): number {
  const z = Z95;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  const g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

/**
 * Welch–Satterthwaite: the degrees of freedom of a sum of independent variance estimates
 * c_h, each from n_h observations (n_h - 1 degrees of freedom):
 *   df = (sum c_h)^2 / sum (c_h^2 / (n_h - 1)).
 * Terms with nothing to estimate (c_h = 0, or n_h < 2) carry no uncertainty of their own and
 * are left out; with none left the variance is known and df is Infinity (the normal quantile).
 */
export function satterthwaiteDegreesOfFreedom(terms: readonly { variance: number; observations: number }[]): number {
  const used = terms.filter((t) => t.variance > 0 && t.observations >= 2);
  const total = used.reduce((s, t) => s + t.variance, 0);
  const denominator = used.reduce((s, t) => s + t.variance ** 2 / (t.observations - 1), 0);
  return denominator > 0 ? total ** 2 / denominator : Infinity;
}
