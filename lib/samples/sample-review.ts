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
import { modelColumns, modelOf } from "@/lib/db/model-rows";
import { execFor } from "@/lib/db/sql-exec";
import type { GroundingSample, ModelPrediction } from "@/lib/generated/sqlite/client";
import { annotationColumns, annotationFromRow } from "@/lib/annotations/annotation-row";
import type { Judgement } from "@/lib/domain/point-in-box";
import type { QualityTier } from "@/lib/domain/tiers";
import { payloadOf } from "@/lib/annotations/answer-kinds";
import { boxOf } from "@/lib/derived/rederive-samples";
import { verdictsFor } from "@/lib/verdicts/effective-verdicts";

export async function loadSampleReview(db: Db, projectId: string, sampleId: string, userId: string, viewer: { seesDerived: boolean }) {
  const exec = execFor(db);
  // Raw statements (issue 38: Prisma compiles each call again, and its includes are statements
  // of their own): the sample with its screenshot's size, then the rest at once.
  const [row] = await exec.all<Record<string, unknown>>(
    `SELECT ${modelColumns(db, "GroundingSample", "s")}, m."id" AS "media_id", m."width" AS "media_width", m."height" AS "media_height"
     FROM "GroundingSample" s LEFT JOIN "Media" m ON m."id" = s."mediaId" WHERE s."id" = ? AND s."projectId" = ?`,
    [sampleId, projectId],
  );
  if (!row) return null;
  const sample = {
    ...modelOf<GroundingSample>(db, "GroundingSample", row),
    media: row.media_id === null ? null : { id: row.media_id as string, width: row.media_width as number, height: row.media_height as number },
  };
  const [predictions, verdicts, mine, treeStep] = await Promise.all([
    exec.all<Record<string, unknown>>(`SELECT ${modelColumns(db, "ModelPrediction", "p")} FROM "ModelPrediction" p WHERE p."sampleId" = ? ORDER BY p."model"`, [sampleId]),
    verdictsFor(db, projectId, { sampleId }),
    exec.all<Record<string, unknown>>(
      `SELECT ${annotationColumns("a")} FROM "Annotation" a WHERE a."sampleId" = ? AND a."annotatorId" = ? AND a."kind" = 'label'`,
      [sampleId, userId],
    ),
    sample.media && !sample.imageMissing
      ? exec.all<{ id: string }>(
          `SELECT st."id" FROM "Step" st JOIN "Trajectory" t ON t."id" = st."trajectoryId"
           WHERE st."mediaId" = ? AND st."uiTreeKey" IS NOT NULL AND t."projectId" = ? ORDER BY st."id" LIMIT 1`,
          [sample.media.id, projectId],
        )
      : [],
  ]);
  const own = mine[0] ? annotationFromRow(mine[0]) : null;
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
    uiTreeStepId: treeStep[0]?.id ?? null,
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
    predictions: predictions.map((r) => modelOf<ModelPrediction>(db, "ModelPrediction", r)).map((p) => ({
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
    mine: own ? { version: own.version, status: own.status, updatedAt: own.updatedAt.toISOString(), payload: payloadOf(own) } : null,
  };
}

export type SampleReview = NonNullable<Awaited<ReturnType<typeof loadSampleReview>>>;
