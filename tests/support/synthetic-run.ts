// Synthetic evaluation runs with a known truth and a biased automatic checker, the same on
// every machine (seeded): each episode succeeds with probability `rate`; the MLLM judge calls
// a success a success with probability `callsSuccess` and a failure a success with
// `callsFailure`, and gives a 0-10 score that leans with its verdict. The db tests, the unit
// test of the e2e figures and the e2e seed all build their runs from this.
import { seededRandom } from "./seeded-random";

export type SyntheticEpisode = { task: string; goal: string; app: string; human: boolean; judge: boolean; judgeScore: number };
export type SyntheticRunOptions = { rate?: number; callsSuccess?: number; callsFailure?: number };

const APPS = ["Clock", "Contacts", "Calendar", "Settings", "Maps"];

export function syntheticRun(count: number, seed: number, { rate = 0.4, callsSuccess = 0.9, callsFailure = 0.35 }: SyntheticRunOptions = {}): SyntheticEpisode[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const human = random() < rate;
    const judge = random() < (human ? callsSuccess : callsFailure);
    const judgeScore = Math.round((judge ? 5 + random() * 5 : random() * 6) * 10) / 10;
    const task = `task-${String(i + 1).padStart(3, "0")}`;
    return { task, goal: `Task ${i + 1}: ${APPS[i % APPS.length]} errand`, app: APPS[i % APPS.length]!, human, judge, judgeScore };
  });
}

/** The judge of every synthetic run. */
export const SYNTHETIC_JUDGE = { name: "judge-72b", promptVersion: "trace-v3" } as const;

/**
 * A second run over the same tasks (another checkpoint): each task ends as in `base` with
 * probability `keep`, the other way otherwise; the same biased judge.
 */
export function relatedRun(base: readonly SyntheticEpisode[], seed: number, keep = 0.8, { callsSuccess = 0.9, callsFailure = 0.35 }: SyntheticRunOptions = {}): SyntheticEpisode[] {
  const random = seededRandom(seed);
  return base.map((e) => {
    const human = random() < keep ? e.human : !e.human;
    const judge = random() < (human ? callsSuccess : callsFailure);
    const judgeScore = Math.round((judge ? 5 + random() * 5 : random() * 6) * 10) / 10;
    return { ...e, human, judge, judgeScore };
  });
}
