// How many honeypots a new queue gets and where they sit. The rate is the honeypots' share of
// all the queue's items, so n real items take h = round(n * rate / (1 - rate)) of them. Real
// items are claimed in order (priority 0, -1, -2, ...); the j-th honeypot is slotted just
// before real item floor((j + 1/2) * n / h), which spreads them evenly through the queue
// instead of bunching them at the start or the end, where they would be easy to tell apart.

export function honeypotCount(realItems: number, rate: number): number {
  if (!Number.isInteger(realItems) || realItems < 0) throw new RangeError(`realItems must be a whole number >= 0, got ${realItems}`);
  if (!(rate >= 0 && rate < 1)) throw new RangeError(`rate must be in [0, 1), got ${rate}`);
  return Math.round((realItems * rate) / (1 - rate));
}

/** Priorities for `count` honeypots among real items at priorities 0, -1, ..., -(realItems - 1). */
export function honeypotPriorities(realItems: number, count: number): number[] {
  if (count === 0) return [];
  if (realItems <= 0) throw new RangeError("honeypots need real items to sit between");
  return Array.from({ length: count }, (_, j) => 0.5 - Math.floor(((j + 0.5) * realItems) / count));
}
