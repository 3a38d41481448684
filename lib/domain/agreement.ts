// Inter-rater agreement: Cohen's kappa (two raters), Fleiss' kappa (n raters per item), the
// confusion matrix behind them, and box agreement (mean IoU, point-in-box). Empty inputs
// throw: an agreement of nothing is undefined, and a silent 0 or 1 would mislead a dashboard.
// When chance agreement is already 1 (everyone used one category) kappa is 0/0; we return 1,
// because the raters then agree perfectly and there is nothing to discount.
import { boxCenter, iou, type Box } from "@/lib/domain/geometry";
import { pointInBox } from "@/lib/domain/point-in-box";

function assertPaired<T>(a: readonly T[], b: readonly T[], what: string): void {
  if (a.length !== b.length) {
    throw new RangeError(`${what}: both raters must rate the same items, got ${a.length} and ${b.length}`);
  }
  if (a.length === 0) throw new RangeError(`${what}: no items to compare`);
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

export function cohensKappa(a: readonly string[], b: readonly string[]): number {
  assertPaired(a, b, "cohensKappa");
  const n = a.length;
  const observed = a.filter((v, i) => v === b[i]).length / n;
  const countsA = countBy(a);
  const countsB = countBy(b);
  let expected = 0;
  for (const [label, ca] of countsA) expected += (ca / n) * ((countsB.get(label) ?? 0) / n);
  if (expected === 1) return 1;
  return (observed - expected) / (1 - expected);
}

// ratings[i] holds the categories the n raters gave item i; raters need not be the same
// people across items (Fleiss 1971), but every item must have the same n >= 2.
export function fleissKappa(ratings: readonly (readonly string[])[]): number {
  if (ratings.length === 0) throw new RangeError("fleissKappa: no items to compare");
  const raters = ratings[0]?.length ?? 0;
  if (raters < 2) throw new RangeError(`fleissKappa: each item needs at least 2 ratings, got ${raters}`);
  ratings.forEach((item, i) => {
    if (item.length !== raters) {
      throw new RangeError(`fleissKappa: item ${i} has ${item.length} ratings, expected ${raters}`);
    }
  });
  const items = ratings.length;
  const totals = new Map<string, number>();
  let agreementSum = 0;
  for (const item of ratings) {
    let pairs = 0;
    for (const [label, count] of countBy(item)) {
      pairs += count * (count - 1);
      totals.set(label, (totals.get(label) ?? 0) + count);
    }
    agreementSum += pairs / (raters * (raters - 1));
  }
  const observed = agreementSum / items;
  let expected = 0;
  for (const total of totals.values()) expected += (total / (items * raters)) ** 2;
  if (expected === 1) return 1;
  return (observed - expected) / (1 - expected);
}

export type ConfusionMatrix = { labels: string[]; matrix: number[][] };

// Rows are rater a's labels, columns rater b's. Pass `labels` to fix the order (and to show
// categories nobody used); otherwise the labels seen are sorted for a stable layout.
export function confusionMatrix(
  a: readonly string[],
  b: readonly string[],
  labels?: readonly string[],
): ConfusionMatrix {
  if (a.length !== b.length) {
    throw new RangeError(`confusionMatrix: both raters must rate the same items, got ${a.length} and ${b.length}`);
  }
  const order = labels ? [...labels] : [...new Set([...a, ...b])].sort();
  const index = new Map(order.map((label, i) => [label, i]));
  if (index.size !== order.length) throw new RangeError("confusionMatrix: labels must be unique");
  // Counted flat, then cut into rows: avoids indexing possibly-undefined rows.
  const k = order.length;
  const cells = new Array<number>(k * k).fill(0);
  a.forEach((va, i) => {
    const vb = b[i] as string;
    const row = index.get(va);
    const col = index.get(vb);
    if (row === undefined || col === undefined) {
      throw new RangeError(`confusionMatrix: label ${JSON.stringify(row === undefined ? va : vb)} is not in labels`);
    }
    cells[row * k + col] = (cells[row * k + col] ?? 0) + 1;
  });
  const matrix = order.map((_, row) => cells.slice(row * k, row * k + k));
  return { labels: order, matrix };
}

export function meanIou(pairs: readonly (readonly [Box, Box])[]): number {
  if (pairs.length === 0) throw new RangeError("meanIou: no box pairs to compare");
  return pairs.reduce((sum, [a, b]) => sum + iou(a, b), 0) / pairs.length;
}

// Whether two grounding annotations of one sample agree at an IoU threshold; two "target
// absent" annotations agree, one absent and one box do not.
export function boxesAgree(a: Box | null, b: Box | null, iouThreshold: number): boolean {
  if (!(iouThreshold >= 0 && iouThreshold <= 1)) {
    throw new RangeError(`iouThreshold must be in [0, 1], got ${iouThreshold}`);
  }
  if (a === null || b === null) return a === b;
  return iou(a, b) >= iouThreshold;
}

// Share of annotation pairs that agree by the grounding reward's own rule: each box's centre
// lies inside the other box (a model clicking the centre of one annotator's box would then be
// judged correct against the other's). Both "target absent" agrees; one absent does not.
export function pointInBoxAgreement(pairs: readonly (readonly [Box | null, Box | null])[]): number {
  if (pairs.length === 0) throw new RangeError("pointInBoxAgreement: no box pairs to compare");
  let agreeing = 0;
  for (const [a, b] of pairs) {
    if (a === null || b === null) {
      if (a === b) agreeing += 1;
    } else if (pointInBox(boxCenter(a), b) && pointInBox(boxCenter(b), a)) {
      agreeing += 1;
    }
  }
  return agreeing / pairs.length;
}

// The same two statistics from counts the database already aggregated, so a dashboard never
// has to expand millions of ratings into lists. Same conventions as above: no items throws,
// chance agreement of 1 gives 1.

// Cohen's kappa from a k x k table of counts (rows rater a, columns rater b, one label order).
export function cohensKappaFromMatrix(matrix: readonly (readonly number[])[]): number {
  const k = matrix.length;
  matrix.forEach((row, i) => {
    if (row.length !== k) throw new RangeError(`cohensKappaFromMatrix: row ${i} has ${row.length} cells, expected ${k}`);
    row.forEach((count) => {
      if (!Number.isFinite(count) || count < 0) throw new RangeError(`cohensKappaFromMatrix: counts must be >= 0, got ${count}`);
    });
  });
  const n = matrix.reduce((sum, row) => sum + row.reduce((s, c) => s + c, 0), 0);
  if (n === 0) throw new RangeError("cohensKappaFromMatrix: no items to compare");
  let agreeing = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    agreeing += matrix[i]![i]!;
    const rowTotal = matrix[i]!.reduce((s, c) => s + c, 0);
    const colTotal = matrix.reduce((s, row) => s + row[i]!, 0);
    expected += (rowTotal / n) * (colTotal / n);
  }
  if (expected === 1) return 1;
  return (agreeing / n - expected) / (1 - expected);
}

// Fleiss' kappa from per-category sums over the N subjects, each rated by the same number of
// raters n: total_j = sum_i n_ij and squares_j = sum_i n_ij^2. These are exactly what
// P-bar = (sum_ij n_ij^2 - N n) / (N n (n - 1)) and p_j = total_j / (N n) need, with
// N n = sum_j total_j the number of ratings.
export type FleissTotals = { raters: number; categories: readonly { total: number; squares: number }[] };

export function fleissKappaFromTotals({ raters, categories }: FleissTotals): number {
  if (!Number.isInteger(raters) || raters < 2) throw new RangeError(`fleissKappaFromTotals: need at least 2 raters per subject, got ${raters}`);
  const ratings = categories.reduce((s, c) => s + c.total, 0);
  if (ratings === 0) throw new RangeError("fleissKappaFromTotals: no items to compare");
  if (ratings % raters !== 0) throw new RangeError(`fleissKappaFromTotals: ${ratings} ratings do not split into subjects of ${raters}`);
  const squares = categories.reduce((s, c) => s + c.squares, 0);
  const observed = (squares - ratings) / (ratings * (raters - 1));
  const expected = categories.reduce((s, c) => s + (c.total / ratings) ** 2, 0);
  if (expected === 1) return 1;
  return (observed - expected) / (1 - expected);
}
