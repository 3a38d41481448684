// One line about another save of a trajectory review, for the conflict banner.
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";

export function summarizeTrajectoryAnswer(p: TrajectoryPayload): string {
  const count = (label: string) => p.steps.filter((s) => s.label === label).length;
  return `trace ${p.traceVerdict ?? "not decided"}, ${count("correct")} correct / ${count("incorrect")} incorrect / ${count("unsure")} unsure steps` +
    (p.firstWrongStep !== null ? `, first wrong step ${p.firstWrongStep + 1}` : "");
}
