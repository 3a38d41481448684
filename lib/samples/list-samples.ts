import "server-only";
// The sample list: filtered, ordered by id, paged with a keyset cursor (`after`) so page 1000
// costs what page 1 costs; each filter maps to a stored (often indexed) column of the sample or
// of its predictions. Tier, score, target and correctness are the stored derived values
// (lib/domain/derive-sample.ts); annotators see the sample as imported instead.
import type { Db } from "@/lib/db";
import { distinctValues } from "@/lib/distinct-values";
import { COUNT_CAP, cappedTotal } from "@/lib/capped-count";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { SampleFilter } from "@/lib/samples/sample-filters";
import { statusCondition } from "@/lib/status-filter";

export const PAGE_SIZE = 48;

export type SampleViewer = { seesHuman: boolean };

function scoreRange(filter: SampleFilter): Prisma.FloatNullableFilter | undefined {
  const range: Prisma.FloatNullableFilter = {};
  if (filter.scoreMin !== undefined) range.gte = filter.scoreMin;
  if (filter.scoreMax !== undefined) range.lte = filter.scoreMax;
  return Object.keys(range).length ? range : undefined;
}

export function sampleWhere(projectId: string, filter: SampleFilter, viewer: SampleViewer = { seesHuman: true }): Prisma.GroundingSampleWhereInput {
  const refusal = filter.refusal === undefined ? undefined : filter.refusal === "yes";
  return {
    projectId,
    sourceDataset: filter.source,
    platform: filter.platform,
    app: filter.app,
    uiType: filter.uiType,
    ...(viewer.seesHuman ? { effectiveTargetAbsent: refusal } : { targetAbsent: refusal }),
    imageMissing: filter.imageMissing === undefined ? undefined : filter.imageMissing === "yes",
    status: statusCondition(filter.status),
    qualityTier: filter.tier === undefined ? undefined : filter.tier === "unscored" ? null : filter.tier,
    qualityScore: scoreRange(filter),
    predictions: filter.correctness ? { some: { correctness: filter.correctness } } : undefined,
  };
}

const SELECT = {
  id: true, instruction: true, language: true, platform: true, app: true, uiType: true, sourceDataset: true,
  targetAbsent: true, imageMissing: true, imageRef: true, status: true, qualityScore: true, qualityTier: true,
  boxX1: true, boxY1: true, boxX2: true, boxY2: true,
  effectiveTargetAbsent: true, effectiveBoxX1: true, effectiveBoxY1: true, effectiveBoxX2: true, effectiveBoxY2: true,
  predictionsTotal: true, predictionsCorrect: true,
  media: { select: { id: true, width: true, height: true } },
} as const;

type Row = Prisma.GroundingSampleGetPayload<{ select: typeof SELECT }>;

/** A list row as the viewer may see it: reviewers the derived target and figures, annotators the import. */
function asSeenBy(s: Row, viewer: SampleViewer) {
  const { effectiveTargetAbsent, effectiveBoxX1, effectiveBoxY1, effectiveBoxX2, effectiveBoxY2, status, qualityScore, qualityTier, predictionsTotal, predictionsCorrect, ...rest } = s;
  if (!viewer.seesHuman) return { ...rest, status: null, qualityScore: null, qualityTier: null, predictions: { total: predictionsTotal, correct: null } };
  return {
    ...rest,
    targetAbsent: effectiveTargetAbsent,
    boxX1: effectiveBoxX1,
    boxY1: effectiveBoxY1,
    boxX2: effectiveBoxX2,
    boxY2: effectiveBoxY2,
    status,
    qualityScore,
    qualityTier,
    predictions: { total: predictionsTotal, correct: predictionsCorrect as number | null },
  };
}

export async function listSamples(db: Db, projectId: string, filter: SampleFilter, viewer: SampleViewer) {
  const where = sampleWhere(projectId, filter, viewer);
  const [rows, counted] = await Promise.all([
    db.groundingSample.findMany({ where: filter.after ? { ...where, id: { gt: filter.after } } : where, orderBy: { id: "asc" }, take: PAGE_SIZE + 1, select: SELECT }),
    db.groundingSample.count({ where, take: COUNT_CAP + 1 }),
  ]);
  const hasMore = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE);
  return { samples: page.map((s) => asSeenBy(s, viewer)), ...cappedTotal(counted), nextAfter: hasMore ? page.at(-1)!.id : null };
}

/** The values each filter can take in this project, for the filter bar's menus. */
export async function sampleFacets(db: Db, projectId: string) {
  const menu = (column: "sourceDataset" | "platform" | "app" | "uiType") => distinctValues(db, "GroundingSample", column, projectId);
  const [sources, platforms, apps, uiTypes] = await Promise.all([menu("sourceDataset"), menu("platform"), menu("app"), menu("uiType")]);
  return { sources, platforms, apps, uiTypes };
}

/** The ids around a sample in list order, so the review screen can go on and prefetch. */
export async function neighbourSamples(db: Db, projectId: string, sampleId: string, filter: SampleFilter, viewer: SampleViewer) {
  const where = sampleWhere(projectId, { ...filter, after: undefined }, viewer);
  const [previous, next] = await Promise.all([
    db.groundingSample.findFirst({ where: { ...where, id: { lt: sampleId } }, orderBy: { id: "desc" }, select: { id: true, media: { select: { id: true } } } }),
    db.groundingSample.findFirst({ where: { ...where, id: { gt: sampleId } }, orderBy: { id: "asc" }, select: { id: true, media: { select: { id: true } } } }),
  ]);
  return { previous, next };
}
