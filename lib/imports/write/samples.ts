import "server-only";
// Writes a batch of grounding samples. Keyed by (project, source dataset, source id): a
// record whose content hash is unchanged is left alone, a changed one is updated in place
// (annotations, verdicts and predictions hang on its id and stay), a new one created with
// one multi-row insert. A sample whose image could not be found is imported with
// image_missing and its reference, to be completed by a later images-only import; a
// re-import that cannot find the image this time keeps the one found before. New samples are
// stored derived in their insert (insert-samples.ts); changed ones are marked stale. A settled
// sample whose instruction, screenshot or size the record changes is reopened or keeps its
// verified inputs, by the import's policy (verified-change.ts).
import type { Db } from "@/lib/db";
import { inBulkTransaction } from "@/lib/db/bulk-transaction";
import { derivationContext } from "@/lib/derived/derivation-context";
import { execFor, inList } from "@/lib/db/sql-exec";
import { insertNewSamples, sampleKey } from "@/lib/imports/write/insert-samples";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { SampleRecord } from "@/lib/imports/records";
import { contentHash } from "@/lib/domain/content-hash";
import type { MediaCache } from "@/lib/imports/write/media-cache";
import { note, reject, type FormatReport } from "@/lib/imports/write/report";
import { compareStatedSize } from "@/lib/imports/write/stated-size";
import { targetToPixels } from "@/lib/imports/write/target-pixels";
import type { TouchedIds } from "@/lib/imports/write/touched";
import type { Box } from "@/lib/domain/geometry";
import { groupBy, lookupInChunks } from "@/lib/db/key-lookup";
import { isSettled } from "@/lib/domain/item-lifecycle";
import { inWriteTransaction } from "@/lib/db/write-transaction";
import { sampleInputsFrom, sampleInputsOf } from "@/lib/annotations/item-inputs";
import { DEFAULT_POLICY, onProposedInputs, recordSourceChange, settledState, type VerifiedChangePolicy } from "@/lib/imports/write/verified-change";
import { moveFromFormerSource } from "@/lib/imports/write/former-source";

export type WrittenSample = { id: string; box: Box | null; targetAbsent: boolean; width: number | null; height: number | null };

export { sampleKey };

type Prepared = { key: string; data: Prisma.GroundingSampleCreateManyInput; written: Omit<WrittenSample, "id">; location: SampleRecord["location"] };

// The columns that are a sample's verified inputs (lib/domain/verified-inputs.ts): a kept
// settled sample is written without them.
const INPUT_COLUMNS = ["instruction", "mediaId", "imageRef", "imageMissing", "imageWidth", "imageHeight"] as const;

/** The screenshot a stored sample already has, by key: a re-import that cannot find the
 * image this time (its images given elsewhere, or not at all) keeps it and its size. */
type StoredImage = { imageRef: string | null; mediaId: string; size: { width: number; height: number } };

type StoredImageRow = { sourceId: string; imageRef: string | null; mediaId: string; width: number; height: number };

async function storedImages(db: Db, projectId: string, records: SampleRecord[]): Promise<Map<string, StoredImage>> {
  const stored = new Map<string, StoredImage>();
  const exec = execFor(db);
  const select = `SELECT g."sourceId", g."imageRef", g."mediaId", m."width", m."height" FROM "GroundingSample" g JOIN "Media" m ON m."id" = g."mediaId"
    WHERE g."projectId" = ? AND g."sourceDataset" = ? AND g."sourceId"`;
  for (const [sourceDataset, group] of groupBy(records, (r) => r.sourceDataset)) {
    const sourceIds = [...new Set(group.map((r) => r.sourceId))];
    // PostgreSQL takes the batch's ids as one array; SQLite in IN lists under its parameter limit.
    const rows = await (exec.provider === "postgres"
      ? exec.all<StoredImageRow>(`${select} = ANY(?::text[])`, [projectId, sourceDataset, sourceIds])
      : lookupInChunks(sourceIds, (chunk) => exec.all<StoredImageRow>(`${select} IN (${inList(chunk.length)})`, [projectId, sourceDataset, ...chunk])));
    for (const row of rows) stored.set(sampleKey(sourceDataset, row.sourceId), { imageRef: row.imageRef, mediaId: row.mediaId, size: { width: row.width, height: row.height } });
  }
  return stored;
}

async function prepare(record: SampleRecord, projectId: string, media: MediaCache, report: FormatReport, stored: StoredImage | undefined): Promise<Prepared | null> {
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
    } else if (stored && stored.imageRef === record.imageRef) {
      mediaId = stored.mediaId;
      actual = stored.size;
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
  const sizes = compareStatedSize(record.imageSize, actual);
  if (sizes.kind === "resized") note(report, record.location, sizes.note);
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
    location: record.location,
  };
}

type Changes = Omit<Prisma.GroundingSampleCreateManyInput, "projectId" | "sourceDataset" | "sourceId">;

/**
 * A stored settled sample the record changes: in one write transaction, its row (without its
 * inputs, when they are kept) and, when the inputs changed, the reopening and its record.
 * Its derived values are left stale, as for any changed sample.
 */
async function writeSettledSample(db: Db, projectId: string, id: string, row: Prepared, changes: Changes, report: FormatReport, policy: VerifiedChangePolicy): Promise<void> {
  await inWriteTransaction(db, projectId, async (w) => {
    const item = { sampleId: id };
    const state = await settledState(w, projectId, item);
    const before = (await sampleInputsOf(w.exec, [id])).get(id)!;
    const media = row.data.mediaId && row.written.width && row.written.height ? { width: row.written.width, height: row.written.height } : null;
    const proposed = sampleInputsFrom(
      { instruction: row.data.instruction, mediaId: row.data.mediaId ?? null, imageMissing: Boolean(row.data.imageMissing), imageWidth: row.data.imageWidth ?? null, imageHeight: row.data.imageHeight ?? null },
      media,
    );
    const verdict = onProposedInputs(policy, state, before, proposed);
    const data: Record<string, unknown> = { ...changes, derivedRevision: 0 };
    if (verdict.action === "keep") for (const column of INPUT_COLUMNS) delete data[column];
    await w.tx.groundingSample.update({ where: { id }, data: data as Prisma.GroundingSampleUpdateInput, select: { id: true } });
    if (verdict.action === "none") return;
    await recordSourceChange(w, policy, report, { projectId, item, label: `sample ${row.data.sourceId}`, action: verdict.action, changes: verdict.changes, before, after: proposed, state: state!, location: row.location });
  });
}

export async function writeSamples(
  db: Db,
  projectId: string,
  records: SampleRecord[],
  media: MediaCache,
  report: FormatReport,
  touched: TouchedIds,
  policy: VerifiedChangePolicy = DEFAULT_POLICY,
): Promise<Map<string, WrittenSample>> {
  const prepared = new Map<string, Prepared>();
  await moveFromFormerSource(db, projectId, records, report);
  const storedBefore = await storedImages(db, projectId, records);
  for (const record of records) {
    const row = await prepare(record, projectId, media, report, storedBefore.get(sampleKey(record.sourceDataset, record.sourceId)));
    // runImport refuses a second record with a source id already met; what can still share a
    // key here is the sample embedded in two answers of one results batch, the same sample.
    if (row) prepared.set(row.key, row);
  }
  const written = new Map<string, WrittenSample>();
  if (prepared.size === 0) return written;

  const rows = [...prepared.values()];
  const stored = await inBulkTransaction(db, async (exec) => insertNewSamples(exec, projectId, rows, await derivationContext(exec, projectId)));
  for (const outcome of stored) {
    const row = prepared.get(outcome.key)!;
    written.set(outcome.key, { id: outcome.id, ...row.written });
    if (outcome.created) {
      report.created.samples += 1;
      touched.samples.add(outcome.id);
      touched.derivedAtCreation.add(outcome.id);
      continue;
    }
    const completesImage = outcome.imageMissing && !row.data.imageMissing;
    if (outcome.contentHash === row.data.contentHash && !completesImage) {
      report.unchanged += 1;
      continue;
    }
    const { projectId: _p, sourceDataset: _d, sourceId: _s, ...changes } = row.data;
    // Its inputs changed: derived again at the end of the batch (lib/derived/mark-stale.ts).
    if (isSettled(outcome.status)) await writeSettledSample(db, projectId, outcome.id, row, changes, report, policy);
    else await db.groundingSample.update({ where: { id: outcome.id }, data: { ...changes, derivedRevision: 0 } });
    report.updated += 1;
    touched.samples.add(outcome.id);
  }
  return written;
}
