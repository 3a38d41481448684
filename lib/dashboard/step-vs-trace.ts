import "server-only";
// Step accuracy vs trace accuracy per model (SPEC §2): the share of labelled steps that are
// correct, over submitted trajectory annotations, beside the share of verified trajectories
// whose human verdict is success. The two disagree exactly when agents take good steps and
// still fail, which is the point of showing them side by side. Null means "nothing to count".
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
  const [models, verdicts] = await Promise.all([
    db.trajectory.groupBy({ by: ["model"], where: { projectId }, orderBy: { model: "asc" } }),
    db.trajectory.groupBy({ by: ["model", "humanVerdict"], where: { projectId, status: "verified" }, _count: { _all: true } }),
  ]);
  // Annotations carry no model; one aggregate per model filters through the trajectory.
  const sums = await Promise.all(
    models.map(({ model }) =>
      db.annotation.aggregate({
        where: { projectId, itemType: "trajectory", status: "submitted", trajectory: { model } },
        _sum: { stepsCorrect: true, stepsIncorrect: true },
      }),
    ),
  );
  return models.map(({ model }, i) => {
    const stepsCorrect = sums[i]?._sum.stepsCorrect ?? 0;
    const stepsLabelled = stepsCorrect + (sums[i]?._sum.stepsIncorrect ?? 0);
    const mine = verdicts.filter((v) => v.model === model);
    const verified = mine.reduce((n, v) => n + v._count._all, 0);
    const verifiedSuccess = mine.find((v) => v.humanVerdict === "success")?._count._all ?? 0;
    return {
      model: model ?? UNKNOWN_MODEL,
      stepsCorrect,
      stepsLabelled,
      stepAccuracy: stepsLabelled > 0 ? stepsCorrect / stepsLabelled : null,
      verified,
      verifiedSuccess,
      traceAccuracy: verified > 0 ? verifiedSuccess / verified : null,
    };
  });
}
