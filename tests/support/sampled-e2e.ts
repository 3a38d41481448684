// The e2e world of sampled verification, shared by its seed (tests/e2e/seed-sampled.ts), its
// spec and the unit test that computes what the pages must show for the same data
// (tests/unit/estimates/sampled-e2e-figures.test.ts): a project with three checkpoint runs of
// one model over the same tasks, each with a biased MLLM judge. The spec draws a uniform sample
// of 40 of ckpt-100's 300 episodes through the UI with SEED and verifies them; ckpt-200's
// sample, drawn with the same seed (so over the same tasks), is verified by the seed; ckpt-300
// is verified in full.
import { relatedRun, syntheticRun, type SyntheticEpisode } from "./synthetic-run";

export const SAMPLED_SLUG = "sampled";
export const SAMPLE_SEED = "e2e-forty";
export const SAMPLE_SIZE = 40;

export const CHECKPOINTS: { name: string; episodes: SyntheticEpisode[] }[] = (() => {
  const first = syntheticRun(300, 1801);
  const second = relatedRun(first, 1802, 0.8, { callsFailure: 0.3 });
  const third = relatedRun(first, 1803, 0.7).slice(0, 60);
  return [
    { name: "ckpt-100", episodes: first },
    { name: "ckpt-200", episodes: second },
    { name: "ckpt-300", episodes: third },
  ];
})();

/** Step labels a truthful verifier gives an episode of two steps. */
export const truthfulSteps = (human: boolean) => (human ? (["correct", "correct"] as const) : (["correct", "incorrect"] as const));
