// Bump when deriveSample / deriveTrajectory / advantagesInGroup change what they compute: every
// project's items are then derived again by a job queued at the next start
// (lib/derived/rederive-job.ts ensureDerivationCurrent).
// 2: benchmark metrics per episode (lib/domain/benchmark-metrics.ts)
// 3: a GRPO group of one gets verl's advantage (its reward / (1 + 1e-6)), not 0.
// 4: the no_visible_effect flag and the steps it rests on (Trajectory.noVisibleEffectSteps).
// 5: each verdict's effect stored on it (effective value, deciding override, changed under it),
//    the items' verdictChangedUnderOverride, and the trajectory's rule and judge verdict ids.
// 6: a step labeled redundant is not the implied first wrong step (lib/domain/labels.ts isWrongStep).
export const DERIVATION_CODE_VERSION = 6;
