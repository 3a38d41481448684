import "server-only";
// Step accuracy vs trace accuracy per model (SPEC §2), over verified trajectories: the share of
// their final answers' decided step labels that are correct, beside the share whose verdict is
// success. Both are the trajectories' stored derived values (stepsCorrect, stepsIncorrect,
// humanVerdict). The two disagree exactly when agents take good steps and still fail, which is
// the point of showing them side by side. Null means "nothing to count".
import type { Db } from "@/lib/db";

export type ModelAccuracy = {
  model: string;
  stepsCorrect: number;
  stepsLabelled: number;
  stepAccuracy: number | null;
  verified: number;
  verifiedSuccess: number;
  traceAccuracy: number | null;
};

export const UNKNOWN_MODEL = "unknown model";

export async function stepVsTraceAccuracy(db: Db, projectId: string): Promise<ModelAccuracy[]> {
  const [models, verified] = await Promise.all([
    db.trajectory.groupBy({ by: ["model"], where: { projectId }, orderBy: { model: "asc" } }),
    db.trajectory.groupBy({
      by: ["model", "humanVerdict"],
      where: { projectId, status: "verified" },
      _count: { _all: true },
      _sum: { stepsCorrect: true, stepsIncorrect: true },
    }),
  ]);
  return models.map(({ model }) => {
    const mine = verified.filter((v) => v.model === model);
    const stepsCorrect = mine.reduce((n, v) => n + (v._sum.stepsCorrect ?? 0), 0);
    const stepsLabelled = stepsCorrect + mine.reduce((n, v) => n + (v._sum.stepsIncorrect ?? 0), 0);
    const decided = mine.filter((v) => v.humanVerdict === "success" || v.humanVerdict === "failure");
    const count = decided.reduce((n, v) => n + v._count._all, 0);
    const verifiedSuccess = decided.find((v) => v.humanVerdict === "success")?._count._all ?? 0;
    return {
      model: model ?? UNKNOWN_MODEL,
      stepsCorrect,
      stepsLabelled,
      stepAccuracy: stepsLabelled > 0 ? stepsCorrect / stepsLabelled : null,
      verified: count,
      verifiedSuccess,
      traceAccuracy: count > 0 ? verifiedSuccess / count : null,
    };
  });
}
