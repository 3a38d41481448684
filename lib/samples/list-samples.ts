import "server-only";
// The sample list: filtered, ordered by id, paged with a keyset cursor (`after`) so page 1000
// costs what page 1 costs; each filter maps to an indexed column of the sample or of its
// predictions.
import type { Db } from "@/lib/db";
import { distinctValues } from "@/lib/distinct-values";
import { COUNT_CAP, cappedTotal } from "@/lib/capped-count";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { TierSettings } from "@/lib/domain/tiers";
import type { SampleFilter } from "@/lib/samples/sample-filters";

export const PAGE_SIZE = 48;

function scoreRange(filter: SampleFilter, tiers: TierSettings): Prisma.FloatNullableFilter | null | undefined {
  if (filter.tier === "unscored") return null;
  const range: Prisma.FloatNullableFilter = {};
  if (filter.tier === "gold") range.gte = tiers.goldMin;
  if (filter.tier === "rewrite") Object.assign(range, { gte: tiers.rewriteMin, lt: tiers.goldMin });
  if (filter.tier === "discard") range.lt = tiers.rewriteMin;
  if (filter.scoreMin !== undefined) range.gte = Math.max(range.gte as number ?? 0, filter.scoreMin);
  if (filter.scoreMax !== undefined) range.lte = filter.scoreMax;
  return Object.keys(range).length ? range : undefined;
}

export function sampleWhere(projectId: string, filter: SampleFilter, tiers: TierSettings): Prisma.GroundingSampleWhereInput {
  const quality = scoreRange(filter, tiers);
  return {
    projectId,
    sourceDataset: filter.source,
    platform: filter.platform,
    app: filter.app,
    uiType: filter.uiType,
    targetAbsent: filter.refusal === undefined ? undefined : filter.refusal === "yes",
    imageMissing: filter.imageMissing === undefined ? undefined : filter.imageMissing === "yes",
    status: filter.status === "labeled" ? { not: "pending" } : filter.status,
    qualityScore: quality,
    predictions: filter.correctness ? { some: { correctness: filter.correctness } } : undefined,
  };
}

export async function listSamples(db: Db, projectId: string, filter: SampleFilter, tiers: TierSettings) {
  const where = sampleWhere(projectId, filter, tiers);
  const [rows, counted] = await Promise.all([
    db.groundingSample.findMany({
      where: filter.after ? { ...where, id: { gt: filter.after } } : where,
      orderBy: { id: "asc" },
      take: PAGE_SIZE + 1,
      select: {
        id: true, instruction: true, language: true, platform: true, app: true, uiType: true, sourceDataset: true,
        targetAbsent: true, imageMissing: true, imageRef: true, status: true, qualityScore: true,
        boxX1: true, boxY1: true, boxX2: true, boxY2: true,
        media: { select: { id: true, width: true, height: true } },
        predictions: { select: { model: true, correctness: true } },
      },
    }),
    db.groundingSample.count({ where, take: COUNT_CAP + 1 }),
  ]);
  const hasMore = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE);
  return { samples: page, ...cappedTotal(counted), nextAfter: hasMore ? page.at(-1)!.id : null };
}

/** The values each filter can take in this project, for the filter bar's menus. */
export async function sampleFacets(db: Db, projectId: string) {
  const menu = (column: "sourceDataset" | "platform" | "app" | "uiType") => distinctValues(db, "GroundingSample", column, projectId);
  const [sources, platforms, apps, uiTypes] = await Promise.all([menu("sourceDataset"), menu("platform"), menu("app"), menu("uiType")]);
  return { sources, platforms, apps, uiTypes };
}

/** The ids around a sample in list order, so the review screen can go on and prefetch. */
export async function neighbourSamples(db: Db, projectId: string, sampleId: string, filter: SampleFilter, tiers: TierSettings) {
  const where = sampleWhere(projectId, { ...filter, after: undefined }, tiers);
  const [previous, next] = await Promise.all([
    db.groundingSample.findFirst({ where: { ...where, id: { lt: sampleId } }, orderBy: { id: "desc" }, select: { id: true, media: { select: { id: true } } } }),
    db.groundingSample.findFirst({ where: { ...where, id: { gt: sampleId } }, orderBy: { id: "asc" }, select: { id: true, media: { select: { id: true } } } }),
  ]);
  return { previous, next };
}
