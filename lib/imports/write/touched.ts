// The samples and trajectories a batch created or changed (their source data, predictions,
// verdicts or screenshots), collected by every batch writer. Values derived from them
// (prediction correctness, flags, quality, rewards) are stale until recomputed, so runImport
// hands each batch's ids to `ImportOptions.onBatchWritten`: the one place a re-derivation
// hook belongs. A retried write may add an id twice or for a write that was rolled back;
// re-deriving an unchanged item is harmless, missing one is not.
//
// `derivedAtCreation`: samples created by this batch with their derivation stored in the same
// insert (insert-samples.ts). The batch does not mark them stale again; a later write of the
// batch that changes one of their inputs (a prediction, a verdict) marks it stale in its own
// transaction, and one that pins a final answer derives it there.
export type TouchedIds = { samples: Set<string>; trajectories: Set<string>; derivedAtCreation: Set<string> };

export function emptyTouched(): TouchedIds {
  return { samples: new Set(), trajectories: new Set(), derivedAtCreation: new Set() };
}
