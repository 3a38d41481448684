import "server-only";
// Everything the grounding review screen shows for one sample, scoped to the caller's project:
// the sample and its screenshot, the predictions judged against the current target, the judge
// verdicts with overrides, and the caller's own answer with its version. Not the sample's
// review status nor anyone else's answer: this goes to annotators too, and in a queue a
// verified item would give a honeypot away (reviewers get them from lib/queues/review-standing.ts).
import type { Db } from "@/lib/db";
import { judgePrediction } from "@/lib/domain/point-in-box";
import type { Box } from "@/lib/domain/geometry";
import { payloadOf } from "@/lib/annotations/save-annotation";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";

export async function loadSampleReview(db: Db, projectId: string, sampleId: string, userId: string) {
  const sample = await db.groundingSample.findFirst({
    where: { id: sampleId, projectId },
    include: { media: { select: { id: true, width: true, height: true } }, predictions: { orderBy: { model: "asc" } } },
  });
  if (!sample) return null;
  const box: Box | null =
    sample.boxX1 !== null && sample.boxY1 !== null && sample.boxX2 !== null && sample.boxY2 !== null
      ? [sample.boxX1, sample.boxY1, sample.boxX2, sample.boxY2]
      : null;
  const [verdicts, mine] = await Promise.all([
    verdictsFor(db, projectId, { sampleId }),
    db.annotation.findUnique({ where: { sampleId_annotatorId_kind: { sampleId, annotatorId: userId, kind: "label" } } }),
  ]);
  const width = sample.media?.width ?? sample.imageWidth ?? null;
  const height = sample.media?.height ?? sample.imageHeight ?? null;
  return {
    id: sample.id,
    instruction: sample.instruction,
    language: sample.language,
    platform: sample.platform,
    app: sample.app,
    uiType: sample.uiType,
    source: `${sample.sourceDataset} / ${sample.sourceId}`,
    qualityScore: sample.qualityScore,
    imageRef: sample.imageRef,
    image: width && height ? { width, height } : null,
    mediaId: sample.imageMissing ? null : (sample.media?.id ?? null),
    target: { box, targetAbsent: sample.targetAbsent },
    predictions: sample.predictions.map((p) => ({
      id: p.id,
      model: p.model,
      kind: p.kind,
      x: p.x,
      y: p.y,
      rawOutput: p.rawOutput,
      fileLabel: p.sourceCorrectness,
      correctness: judgePrediction(p.kind === "point" ? { kind: "point", point: [p.x!, p.y!] } : { kind: p.kind as "refusal" | "wrong_format" }, sample.targetAbsent ? null : box),
    })),
    verdicts,
    mine: mine ? { version: mine.version, status: mine.status, updatedAt: mine.updatedAt.toISOString(), payload: payloadOf(mine) } : null,
  };
}

export type SampleReview = NonNullable<Awaited<ReturnType<typeof loadSampleReview>>>;
