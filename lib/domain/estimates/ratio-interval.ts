// Step accuracy over verified episodes (correct steps / labelled steps, pooled) with an
// interval that treats episodes, not steps, as the units sampled: the steps of one episode
// succeed or fail together far more than steps of different episodes, so a binomial interval
// over steps would be too narrow. The ratio estimator's linearised variance (Cochran,
// "Sampling Techniques", 3rd ed., 1977, ch. 6, without the finite population correction):
//   r = sum c_i / sum l_i,   V(r) = sum (c_i - r l_i)^2 / (m (m - 1) lbar^2)
// over the m episodes with labelled steps (lbar their mean count), normal, clipped to [0, 1].
import { normalInterval, Z95 } from "@/lib/domain/estimates/normal";

export type EpisodeSteps = { correct: number; labelled: number };
export type RatioInterval = { value: number; low: number | null; high: number | null; episodes: number; steps: number };

export function stepAccuracyInterval(episodes: readonly EpisodeSteps[], z = Z95): RatioInterval | null {
  const counted = episodes.filter((e) => e.labelled > 0);
  for (const e of counted) if (e.correct < 0 || e.correct > e.labelled) throw new RangeError(`correct steps ${e.correct} of ${e.labelled} labelled`);
  const steps = counted.reduce((s, e) => s + e.labelled, 0);
  if (steps === 0) return null;
  const value = counted.reduce((s, e) => s + e.correct, 0) / steps;
  const m = counted.length;
  if (m < 2) return { value, low: null, high: null, episodes: m, steps };
  const meanSteps = steps / m;
  const variance = counted.reduce((s, e) => s + (e.correct - value * e.labelled) ** 2, 0) / (m * (m - 1) * meanSteps ** 2);
  const { low, high } = normalInterval(value, variance, z);
  return { value, low, high, episodes: m, steps };
}
