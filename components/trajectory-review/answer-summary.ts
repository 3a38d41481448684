// One line about another save of a trajectory review, for the conflict banner.
import type { Translate } from "@/lib/i18n/translate";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import { traceVerdictName } from "@/lib/i18n/labels";

export function summarizeTrajectoryAnswer(t: Translate, p: TrajectoryPayload): string {
  const count = (label: string) => p.steps.filter((s) => s.label === label).length;
  const counts = { verdict: p.traceVerdict ? traceVerdictName(t, p.traceVerdict) : t("trajectory.summary.undecided"), correct: count("correct"), incorrect: count("incorrect"), unsure: count("unsure") };
  return p.firstWrongStep !== null ? t("trajectory.summary.withFirstWrong", { ...counts, first: p.firstWrongStep + 1 }) : t("trajectory.summary", counts);
}
