import "server-only";
// Everything the grounding review screen shows for one sample, scoped to the caller's project:
// the sample and its screenshot as imported, the predictions, the judge verdicts with
// overrides, the caller's own answer with its version, and (reviewers only) the stored derived
// values: each prediction's hit or miss against the effective target, the effective quality
// score and tier. Annotators get none of the derived values nor the review status: they rest
// on the final answer, and in a queue a verified item would give a honeypot away (reviewers
// get the item's standing from lib/queues/review-standing.ts).
// A UI tree is stored per trajectory step, not per screenshot; a sample whose screenshot is
// also a step's (media are shared within a project by content) gets that step's tree as snap
// targets, named by the step id the tree route serves it under.
import type { Db } from "@/lib/db";
import type { Judgement } from "@/lib/domain/point-in-box";
import type { QualityTier } from "@/lib/domain/tiers";
import { payloadOf } from "@/lib/annotations/answer-kinds";
import { boxOf } from "@/lib/derived/rederive-samples";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";

export async function loadSampleReview(db: Db, projectId: string, sampleId: string, userId: string, viewer: { seesDerived: boolean }) {
  const sample = await db.groundingSample.findFirst({
    where: { id: sampleId, projectId },
    include: { media: { select: { id: true, width: true, height: true } }, predictions: { orderBy: { model: "asc" } } },
  });
  if (!sample) return null;
  const [verdicts, mine, treeStep] = await Promise.all([
    verdictsFor(db, projectId, { sampleId }),
    db.annotation.findUnique({ where: { sampleId_annotatorId_kind: { sampleId, annotatorId: userId, kind: "label" } } }),
    sample.media && !sample.imageMissing
      ? db.step.findFirst({ where: { mediaId: sample.media.id, uiTreeKey: { not: null }, trajectory: { projectId } }, select: { id: true }, orderBy: { id: "asc" } })
      : null,
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
    imageRef: sample.imageRef,
    image: width && height ? { width, height } : null,
    mediaId: sample.imageMissing ? null : (sample.media?.id ?? null),
    uiTreeStepId: treeStep?.id ?? null,
    target: { box: sample.targetAbsent ? null : boxOf(sample), targetAbsent: sample.targetAbsent },
    derived: viewer.seesDerived
      ? {
          qualityScore: sample.qualityScore,
          qualityTier: sample.qualityTier as QualityTier | null,
          qualitySource: sample.qualitySource,
          predictionsCorrect: sample.predictionsCorrect,
          predictionsTotal: sample.predictionsTotal,
        }
      : null,
    predictions: sample.predictions.map((p) => ({
      id: p.id,
      model: p.model,
      kind: p.kind,
      x: p.x,
      y: p.y,
      rawOutput: p.rawOutput,
      fileLabel: p.sourceCorrectness,
      correctness: viewer.seesDerived ? (p.correctness as Judgement | null) : null,
    })),
    verdicts,
    mine: mine ? { version: mine.version, status: mine.status, updatedAt: mine.updatedAt.toISOString(), payload: payloadOf(mine) } : null,
  };
}

export type SampleReview = NonNullable<Awaited<ReturnType<typeof loadSampleReview>>>;
