// The benchmark's own per-episode metrics, as the source reported them and as the verified
// answer corrects them, for the benchmarks whose runs Verity writes back in their own files.
// Called by deriveTrajectory (the one derivation), stored on Trajectory.benchmarkMetrics;
// run-level figures (lib/benchmarks) only add up these stored values.
//   - AndroidLab: lib/domain/androidlab-episode-metrics.ts.
//   - OSWorld: the score in result.txt (env.evaluate(), 0..1, partial credit possible); a
//     verified success scores 1.0 and a verified failure 0.0, as result.txt would say.
// WebVoyager and grounding runs need nothing beyond the stored outcomes and correctness.
import { androidLabEpisodeMetrics, type AndroidLabEpisodeInput, type AndroidLabEpisodeMetrics } from "@/lib/domain/androidlab-episode-metrics";

export type OsworldEpisodeMetrics = {
  benchmark: "osworld";
  /** result.txt was written (the example finished): only those count in show_result.py. */
  finished: boolean;
  original: { score: number | null };
  corrected: { score: number | null };
  changed: string[];
};

export type BenchmarkEpisodeMetrics = AndroidLabEpisodeMetrics | OsworldEpisodeMetrics;

export type BenchmarkInputs =
  | { benchmark: "androidlab"; androidlab: Omit<AndroidLabEpisodeInput, "verified"> }
  | { benchmark: "osworld"; finished: boolean; score: number | null }
  | null;

/** `human`: the verified completion (null when not verified or unsure). */
export function deriveBenchmarkMetrics(
  inputs: BenchmarkInputs,
  human: { complete: boolean | null; subGoals: ReadonlyMap<string, boolean>; noEffectSteps: ReadonlySet<number> } | null,
): BenchmarkEpisodeMetrics | null {
  if (!inputs) return null;
  if (inputs.benchmark === "androidlab") {
    const a = inputs.androidlab;
    return androidLabEpisodeMetrics({
      ...a,
      steps: a.steps.map((s, i) => ({ ...s, humanNoEffect: human?.noEffectSteps.has(i) ?? false })),
      verified: human ? { complete: human.complete, subGoals: human.subGoals } : null,
    });
  }
  const corrected = human?.complete === true ? 1 : human?.complete === false ? 0 : inputs.score;
  return {
    benchmark: "osworld",
    finished: inputs.finished,
    original: { score: inputs.score },
    corrected: { score: corrected },
    changed: corrected !== inputs.score ? ["score"] : [],
  };
}
