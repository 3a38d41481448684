// Cohen's kappa with its large-sample standard error (J. L. Fleiss, J. Cohen, B. S. Everitt,
// "Large sample standard errors of kappa and weighted kappa", Psychological Bulletin 72 (1969)
// 323-327; the form of Fleiss, Levin & Paik, "Statistical Methods for Rates and Proportions",
// 3rd ed., 2003, ch. 18), for a k x k table of counts (rows one rater, columns the other):
//   se = sqrt(A + B - C) / ((1 - pe) sqrt(n))
//   A = sum_i p_ii [1 - (p_i. + p_.i)(1 - kappa)]^2
//   B = (1 - kappa)^2 sum_{i != j} p_ij (p_.i + p_j.)^2
//   C = [kappa - pe (1 - kappa)]^2
// and the normal interval kappa +- z se, clipped to [-1, 1]. The kappa itself is the one of
// lib/domain/agreement.ts. No interval when chance agreement is 1 (one category everywhere).
import { cohensKappaFromMatrix } from "@/lib/domain/agreement";
import { Z95 } from "@/lib/domain/estimates/normal";

export type KappaInterval = { kappa: number; standardError: number | null; low: number | null; high: number | null };

export function cohensKappaInterval(matrix: readonly (readonly number[])[], z = Z95): KappaInterval | null {
  const n = matrix.reduce((s, row) => s + row.reduce((a, b) => a + b, 0), 0);
  if (n < 2) return null;
  const kappa = cohensKappaFromMatrix(matrix);
  const k = matrix.length;
  const p = matrix.map((row) => row.map((c) => c / n));
  const rows = p.map((row) => row.reduce((a, b) => a + b, 0));
  const cols = p[0]!.map((_, j) => p.reduce((s, row) => s + row[j]!, 0));
  const chance = rows.reduce((s, r, i) => s + r * cols[i]!, 0);
  if (chance >= 1) return { kappa, standardError: null, low: null, high: null };
  let a = 0;
  let b = 0;
  for (let i = 0; i < k; i++) {
    a += p[i]![i]! * (1 - (rows[i]! + cols[i]!) * (1 - kappa)) ** 2;
    for (let j = 0; j < k; j++) if (i !== j) b += p[i]![j]! * (cols[i]! + rows[j]!) ** 2;
  }
  b *= (1 - kappa) ** 2;
  const c = (kappa - chance * (1 - kappa)) ** 2;
  const standardError = Math.sqrt(Math.max(0, a + b - c)) / ((1 - chance) * Math.sqrt(n));
  return { kappa, standardError, low: Math.max(-1, kappa - z * standardError), high: Math.min(1, kappa + z * standardError) };
}
