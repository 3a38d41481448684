import "server-only";
// Writes a batch of grounding samples. Keyed by (project, source dataset, source id): a
// record whose content hash is unchanged is left alone, a changed one is updated, a new one
// created with one multi-row insert. A sample whose image could not be found is imported
// with image_missing and its reference, to be completed by a later images-only import.
import { databaseUrlOf, providerOf, sqlitePath, type Db } from "@/lib/db";
import { insertSamplesSqlite, type BulkOutcome } from "@/lib/imports/write/sqlite-bulk";

const databaseProviderOf = (db: Db) => providerOf(databaseUrlOf(db));
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { SampleRecord } from "@/lib/imports/records";
import { contentHash } from "@/lib/imports/write/content-hash";
import type { MediaCache } from "@/lib/imports/write/media-cache";
import { reject, type ImportReport } from "@/lib/imports/write/report";
import { targetToPixels } from "@/lib/imports/write/target-pixels";
import type { Box } from "@/lib/domain/geometry";
import { groupBy, lookupInChunks } from "@/lib/imports/write/key-lookup";

export type WrittenSample = { id: string; box: Box | null; targetAbsent: boolean; width: number | null; height: number | null };

export const sampleKey = (sourceDataset: string, sourceId: string) => `${sourceDataset}\u0000${sourceId}`;

type Prepared = { key: string; data: Prisma.GroundingSampleCreateManyInput; written: Omit<WrittenSample, "id"> };

async function prepare(record: SampleRecord, projectId: string, media: MediaCache, report: ImportReport): Promise<Prepared | null> {
  let mediaId: string | null = null;
  let actual = null;
  let imageMissing = false;
  if (record.imageRef) {
    const found = await media.lookup(record.imageRef);
    if (found.found) {
      mediaId = found.mediaId;
      actual = found.size;
      if (found.isNew) report.created.media += 1;
    } else if (found.refused) {
      reject(report, record.location, found.reason);
      return null;
    } else {
      imageMissing = true;
    }
  } else {
    imageMissing = true;
  }
  const target = targetToPixels(record.target, record.imageSize, actual);
  if (!target.ok) {
    reject(report, record.location, target.reason);
    return null;
  }
  if (imageMissing) report.imagesMissing += 1;
  const size = actual ?? record.imageSize;
  const [x1, y1, x2, y2] = target.box ?? [null, null, null, null];
  return {
    key: sampleKey(record.sourceDataset, record.sourceId),
    data: {
      projectId,
      mediaId,
      imageRef: record.imageRef,
      imageMissing,
      imageWidth: record.imageSize?.width ?? null,
      imageHeight: record.imageSize?.height ?? null,
      instruction: record.instruction,
      language: record.language,
      platform: record.platform,
      app: record.app,
      uiType: record.uiType,
      sourceDataset: record.sourceDataset,
      sourceId: record.sourceId,
      contentHash: contentHash(record),
      targetAbsent: target.targetAbsent,
      boxX1: x1,
      boxY1: y1,
      boxX2: x2,
      boxY2: y2,
      polygon: target.polygon ?? undefined,
      extra: (record.extra ?? undefined) as Prisma.InputJsonValue | undefined,
    },
    written: { box: target.box, targetAbsent: target.targetAbsent, width: size?.width ?? null, height: size?.height ?? null },
  };
}

/** The portable path (PostgreSQL): look the keys up, then one multi-row insert. */
async function insertSamplesPrisma(db: Db, projectId: string, rows: Prepared[]): Promise<BulkOutcome[]> {
  return db.$transaction(async (tx) => {
    const existing = new Map<string, { id: string; contentHash: string; imageMissing: boolean }>();
    for (const [sourceDataset, group] of groupBy(rows, (r) => r.data.sourceDataset)) {
      const found = await lookupInChunks(
        group.map((r) => r.data.sourceId),
        (sourceIds) =>
          tx.groundingSample.findMany({
            where: { projectId, sourceDataset, sourceId: { in: sourceIds } },
            select: { id: true, sourceDataset: true, sourceId: true, contentHash: true, imageMissing: true },
          }),
      );
      for (const e of found) existing.set(sampleKey(e.sourceDataset, e.sourceId), e);
    }
    const fresh = rows.filter((r) => !existing.has(r.key));
    const created = fresh.length
      ? await tx.groundingSample.createManyAndReturn({ data: fresh.map((r) => r.data), select: { id: true, sourceDataset: true, sourceId: true } })
      : [];
    const createdIds = new Map(created.map((c) => [sampleKey(c.sourceDataset, c.sourceId), c.id]));
    return rows.map((r) => {
      const old = existing.get(r.key);
      if (old) return { key: r.key, id: old.id, created: false, contentHash: old.contentHash, imageMissing: old.imageMissing };
      return { key: r.key, id: createdIds.get(r.key)!, created: true, contentHash: null, imageMissing: Boolean(r.data.imageMissing) };
    });
  });
}

export async function writeSamples(
  db: Db,
  projectId: string,
  records: SampleRecord[],
  media: MediaCache,
  report: ImportReport,
): Promise<Map<string, WrittenSample>> {
  const prepared = new Map<string, Prepared>();
  for (const record of records) {
    const row = await prepare(record, projectId, media, report);
    // Two records with one source id in a batch: the later one wins, like a re-import would.
    if (row) prepared.set(row.key, row);
  }
  const written = new Map<string, WrittenSample>();
  if (prepared.size === 0) return written;

  const rows = [...prepared.values()];
  const stored = databaseProviderOf(db) === "sqlite" ? insertSamplesSqlite(sqlitePath(databaseUrlOf(db)), rows) : await insertSamplesPrisma(db, projectId, rows);
  for (const outcome of stored) {
    const row = prepared.get(outcome.key)!;
    written.set(outcome.key, { id: outcome.id, ...row.written });
    if (outcome.created) {
      report.created.samples += 1;
      continue;
    }
    const completesImage = outcome.imageMissing && !row.data.imageMissing;
    if (outcome.contentHash === row.data.contentHash && !completesImage) {
      report.unchanged += 1;
      continue;
    }
    const { projectId: _p, sourceDataset: _d, sourceId: _s, ...changes } = row.data;
    // Its inputs changed: derived again at the end of the batch (lib/derived/mark-stale.ts).
    await db.groundingSample.update({ where: { id: outcome.id }, data: { ...changes, derivedRevision: 0 } });
    report.updated += 1;
  }
  return written;
}
