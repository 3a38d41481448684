// Bump when deriveSample / deriveTrajectory / advantagesInGroup change what they compute: every
// project's items are then derived again by a job queued at the next start
// (lib/derived/rederive-job.ts ensureDerivationCurrent).
export const DERIVATION_CODE_VERSION = 2; // 2: benchmark metrics per episode (lib/domain/benchmark-metrics.ts)
