import "server-only";
// The sample list: filtered, ordered by id, paged with a keyset cursor (`after`) so page 1000
// costs what page 1 costs; each filter maps to a stored (often indexed) column of the sample or
// of its predictions. Tier, score, target and correctness are the stored derived values
// (lib/domain/derive-sample.ts); annotators see the sample as imported instead.
import type { Db } from "@/lib/db";
import { distinctValues } from "@/lib/db/distinct-values";
import { COUNT_CAP, cappedTotal } from "@/lib/db/capped-count";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { SampleFilter } from "@/lib/samples/sample-filters";
import { statusCondition } from "@/lib/filters/status-filter";
import { databaseUrlOf, providerOf } from "@/lib/db";
import { decodeSortCursor, encodeSortCursor, sortValueOf, walkSamples, type SortCursor } from "@/lib/samples/sample-order";
import { isRowId } from "@/lib/ids/row-id-shape";
import { execFor } from "@/lib/db/sql-exec";
import { isUnfiltered } from "@/lib/filters/is-unfiltered";

export const PAGE_SIZE = 48;

export type SampleViewer = { seesHuman: boolean };

function scoreRange(filter: SampleFilter): Prisma.FloatNullableFilter | undefined {
  const range: Prisma.FloatNullableFilter = {};
  if (filter.scoreMin !== undefined) range.gte = filter.scoreMin;
  if (filter.scoreMax !== undefined) range.lte = filter.scoreMax;
  return Object.keys(range).length ? range : undefined;
}

/** Words of the instruction (and, for reviewers, of the final answer's rewrite), case-insensitive
 * (SQLite's LIKE is already, for ASCII; PostgreSQL needs to be asked). */
function textSearch(q: string | undefined, viewer: SampleViewer, insensitive: boolean): Prisma.GroundingSampleWhereInput {
  if (!q) return {};
  const contains = (insensitive ? { contains: q, mode: "insensitive" } : { contains: q }) as Prisma.StringFilter;
  return { OR: [{ instruction: contains }, ...(viewer.seesHuman ? [{ instructionRewrite: contains }] : [])] };
}

function modelFilters(filter: SampleFilter, viewer: SampleViewer): Prisma.GroundingSampleWhereInput[] {
  const wanted: Prisma.GroundingSampleWhereInput[] = [];
  if (filter.model) wanted.push({ predictions: { some: { model: filter.model } } });
  if (viewer.seesHuman && filter.modelRight) wanted.push({ predictions: { some: { model: filter.modelRight, correctness: "correct" } } });
  if (viewer.seesHuman && filter.modelWrong) wanted.push({ predictions: { some: { model: filter.modelWrong, correctness: { in: ["wrong", "wrong_format"] } } } });
  return wanted;
}

export function sampleWhere(projectId: string, filter: SampleFilter, viewer: SampleViewer = { seesHuman: true }, options: { insensitive?: boolean } = {}): Prisma.GroundingSampleWhereInput {
  const refusal = filter.refusal === undefined ? undefined : filter.refusal === "yes";
  return {
    projectId,
    sourceDataset: filter.source,
    platform: filter.platform,
    app: filter.app,
    uiType: filter.uiType,
    ...(viewer.seesHuman ? { effectiveTargetAbsent: refusal } : { targetAbsent: refusal }),
    imageMissing: filter.imageMissing === undefined ? undefined : filter.imageMissing === "yes",
    verdictChangedUnderOverride: viewer.seesHuman && filter.verdictChanged === "yes" ? true : undefined,
    status: statusCondition(filter.status),
    qualityTier: filter.tier === undefined ? undefined : filter.tier === "unscored" ? null : filter.tier,
    qualityScore: scoreRange(filter),
    predictions: filter.correctness ? { some: { correctness: filter.correctness } } : undefined,
    AND: [textSearch(filter.q, viewer, options.insensitive ?? false), ...modelFilters(filter, viewer)],
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

const orderOf = (filter: SampleFilter) => ({ sort: filter.sort ?? "import", dir: filter.dir ?? "asc" }) as const;

function cursorOf(filter: SampleFilter): SortCursor | null {
  if (!filter.after) return null;
  if ((filter.sort ?? "import") === "import") return isRowId(filter.after) ? { v: null, id: filter.after } : null;
  return decodeSortCursor(filter.after);
}

const insensitiveOn = (db: Db) => providerOf(databaseUrlOf(db)) === "postgres";

export async function listSamples(db: Db, projectId: string, filter: SampleFilter, viewer: SampleViewer) {
  const where = sampleWhere(projectId, filter, viewer, { insensitive: insensitiveOn(db) });
  const order = orderOf(filter);
  const [rows, counted] = await Promise.all([
    walkSamples(db, where, order, cursorOf(filter), PAGE_SIZE + 1, SELECT),
    db.groundingSample.count({ where, take: COUNT_CAP + 1 }),
  ]);
  const hasMore = rows.length > PAGE_SIZE;
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const nextAfter = hasMore && last ? (order.sort === "import" ? last.id : encodeSortCursor({ v: sortValueOf(order, last), id: last.id })) : null;
  return { samples: page.map((s) => asSeenBy(s, viewer)), ...cappedTotal(counted), nextAfter };
}

/** The values each filter can take in this project, for the filter bar's menus. */
export async function sampleFacets(db: Db, projectId: string) {
  const menu = (column: "sourceDataset" | "platform" | "app" | "uiType") => distinctValues(db, "GroundingSample", column, projectId);
  const [sources, platforms, apps, uiTypes, models] = await Promise.all([menu("sourceDataset"), menu("platform"), menu("app"), menu("uiType"), distinctValues(db, "ModelPrediction", "model", projectId)]);
  return { sources, platforms, apps, uiTypes, models };
}

type Side = { side: "previous" | "next"; id: string; mediaId: string | null };

/** Around a sample in the plain list (import order, nothing filtered): one raw statement, not
 * two through Prisma's query compiler; what a screen reached from the list or a queue reads. */
async function unfilteredNeighbours(db: Db, projectId: string, sampleId: string) {
  const rows = await execFor(db).all<Side>(
    `SELECT * FROM (SELECT 'previous' AS "side", "id", "mediaId" FROM "GroundingSample" WHERE "projectId" = ? AND "id" < ? ORDER BY "id" DESC LIMIT 1) p
     UNION ALL
     SELECT * FROM (SELECT 'next' AS "side", "id", "mediaId" FROM "GroundingSample" WHERE "projectId" = ? AND "id" > ? ORDER BY "id" LIMIT 1) n`,
    [projectId, sampleId, projectId, sampleId],
  );
  const on = (side: Side["side"]) => rows.filter((r) => r.side === side).map(({ id, mediaId }) => ({ id, mediaId }))[0] ?? null;
  return { previous: on("previous"), next: on("next") };
}

/** The ids around a sample in list order, so the review screen can go on and prefetch. */
export async function neighbourSamples(db: Db, projectId: string, sampleId: string, filter: SampleFilter, viewer: SampleViewer) {
  if (isUnfiltered(filter)) return unfilteredNeighbours(db, projectId, sampleId);
  const where = sampleWhere(projectId, { ...filter, after: undefined }, viewer, { insensitive: insensitiveOn(db) });
  const order = orderOf(filter);
  // The screenshot by its column, not the relation: Prisma reads an included relation in a statement of its own.
  const select = { id: true, mediaId: true } as const;
  // In import order the cursor is the id alone: the sample's own row is read only for another sort's value.
  const current =
    order.sort === "import"
      ? { id: sampleId }
      : await db.groundingSample.findFirst({ where: { id: sampleId, projectId }, select: { id: true, instruction: true, sourceId: true, app: true, qualityScore: true, predictionsCorrect: true } });
  if (!current) return { previous: null, next: null };
  const cursor = { v: sortValueOf(order, current), id: current.id };
  const [previous, next] = await Promise.all([walkSamples(db, where, order, cursor, 1, select, true), walkSamples(db, where, order, cursor, 1, select)]);
  return { previous: previous[0] ?? null, next: next[0] ?? null };
}
