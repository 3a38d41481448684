import "server-only";
// A sample's effective quality score, kept on the sample for filters and tier routing: the
// effective value of its latest quality-score verdict, else the score a reviewer gave in
// their submitted answer, else none.
import type { Db } from "@/lib/db";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";

export async function refreshSampleQuality(db: Db, projectId: string, sampleId: string): Promise<number | null> {
  const quality = (await verdictsFor(db, projectId, { sampleId })).filter((v) => v.metric === "quality_score").at(-1);
  let score = typeof quality?.effective === "number" ? quality.effective : null;
  if (score === null) {
    const answer = await db.annotation.findFirst({
      where: { sampleId, status: "submitted", qualityScore: { not: null } },
      orderBy: { submittedAt: "desc" },
      select: { qualityScore: true },
    });
    score = answer?.qualityScore ?? null;
  }
  await db.groundingSample.update({ where: { id: sampleId }, data: { qualityScore: score } });
  return score;
}
