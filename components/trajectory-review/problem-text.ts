// Why the answer cannot be submitted yet, in the reader's language (the server's English
// wording is lib/domain/trajectory-payload.ts trajectoryProblem).
import type { Translate } from "@/lib/i18n/translate";
import type { TrajectoryProblem } from "@/lib/domain/trajectory-payload";

export function problemText(t: Translate, problem: TrajectoryProblem | null): string | null {
  if (!problem) return null;
  switch (problem.kind) {
    case "noVerdict": return t("trajectory.problem.noVerdict");
    case "unmetSubGoals": return t("trajectory.problem.unmetSubGoals", { keys: problem.keys });
    case "unknownStep": return t("trajectory.problem.unknownStep");
    case "firstWrongPast": return t("trajectory.problem.firstWrongPast");
    case "earlierIncorrect": return t("trajectory.problem.earlierIncorrect", { earlier: problem.earlier, first: problem.first });
    case "firstWrongCorrect": return t("trajectory.problem.firstWrongCorrect", { first: problem.first });
  }
}
