import "server-only";
// Writes model predictions onto their samples (one per sample and model) and lists every
// disagreement between the file's own correctness label and point-in-box on the box the file
// was judged against (the imported one), with the file and line it came from. The stored
// correctness is derived with the sample (lib/derived): the touched samples are marked stale
// in the same transaction. A prediction from a results file belongs to that file's evaluation run.
// One prediction per (sample, model): an answer that differs from the stored one is a new
// revision (PredictionRevision keeps every one), never a second prediction.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { pointToPixels } from "@/lib/domain/coordinates";
import { judgePrediction } from "@/lib/domain/point-in-box";
import type { PredictionRecord, SampleRecord } from "@/lib/imports/records";
import type { MediaCache } from "@/lib/imports/write/media-cache";
import { disagree, noteRevised, reject, type FormatReport } from "@/lib/imports/write/report";
import { sampleKey, writeSamples, type WrittenSample } from "@/lib/imports/write/samples";
import { withSourceReference } from "@/lib/imports/write/target-pixels";
import { sameJson } from "@/lib/imports/write/content-hash";
import type { TouchedIds } from "@/lib/imports/write/touched";
import { chunks, IMPORT_TRANSACTION } from "@/lib/imports/write/transactions";
import { groupBy, lookupInChunks } from "@/lib/imports/write/key-lookup";
import { markSamplesStale } from "@/lib/derived/mark-stale";
import { newRowId } from "@/lib/queues/row-id";
import { DEFAULT_POLICY, type VerifiedChangePolicy } from "@/lib/imports/write/verified-change";

type Row = {
  sampleId: string;
  model: string;
  kind: string;
  x: number | null;
  y: number | null;
  rawOutput: string | null;
  sourceCorrectness: string | null;
  runId: string | null;
  extra: Prisma.InputJsonValue | undefined;
};

function toRow(record: PredictionRecord, sample: WrittenSample, stated: SampleRecord["imageSize"], runId: string | null): Row | string {
  const base = {
    sampleId: sample.id,
    model: record.model,
    rawOutput: record.rawOutput,
    sourceCorrectness: record.fileLabel,
    runId,
    extra: (record.extra ?? undefined) as Prisma.InputJsonValue | undefined,
  };
  const { prediction } = record;
  if (prediction.kind !== "point") return { ...base, kind: prediction.kind, x: null, y: null };
  const actual = sample.width && sample.height ? { width: sample.width, height: sample.height } : null;
  const contract = withSourceReference(prediction.contract, stated, actual);
  const needsSize = contract.unit !== "px" || contract.reference !== undefined;
  if (needsSize && !actual) return "the prediction's coordinates need the image size, which is unknown";
  try {
    const [x, y] = pointToPixels(prediction.raw, contract, actual ?? { width: 1, height: 1 });
    return { ...base, kind: "point", x, y };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

// The database keeps about 15 significant digits of a float, so a coordinate read back can
// differ from the recomputed one in its last bits: that is not a change.
function sameCoordinate(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
}

/** What the file's label should have been: point-in-box on the imported target. */
function fileCorrectness(row: Row, sample: WrittenSample): string {
  const prediction =
    row.kind === "point" ? { kind: "point" as const, point: [row.x!, row.y!] as [number, number] } : { kind: row.kind as "refusal" | "wrong_format" };
  return judgePrediction(prediction, sample.targetAbsent ? null : sample.box);
}

export async function writePredictions(
  db: Db,
  projectId: string,
  records: PredictionRecord[],
  media: MediaCache,
  report: FormatReport,
  touched: TouchedIds,
  runIds: Map<string, string>,
  policy: VerifiedChangePolicy = DEFAULT_POLICY,
) {
  const fullSamples = records.map((r) => r.sample).filter((s): s is SampleRecord => s.type === "sample");
  const samples = await writeSamples(db, projectId, fullSamples, media, report, touched, policy);
  const references = records.map((r) => r.sample).filter((s) => s.type === "sample_ref");
  if (references.length) {
    const found = [];
    for (const [sourceDataset, group] of groupBy(references, (r) => r.sourceDataset)) {
      found.push(
        ...(await lookupInChunks(group.map((r) => r.sourceId), (sourceIds) =>
          db.groundingSample.findMany({ where: { projectId, sourceDataset, sourceId: { in: sourceIds } } }),
        )),
      );
    }
    for (const s of found) {
      const box = s.boxX1 === null ? null : ([s.boxX1, s.boxY1!, s.boxX2!, s.boxY2!] as WrittenSample["box"]);
      const media = s.mediaId ? await db.media.findUnique({ where: { id: s.mediaId }, select: { width: true, height: true } }) : null;
      samples.set(sampleKey(s.sourceDataset, s.sourceId), {
        id: s.id, box, targetAbsent: s.targetAbsent, width: media?.width ?? s.imageWidth, height: media?.height ?? s.imageHeight,
      });
    }
  }

  // One prediction per sample and model: a later record in the batch replaces an earlier one.
  const byPrediction = new Map<string, { row: Row; record: PredictionRecord; sample: WrittenSample }>();
  for (const record of records) {
    const key = sampleKey(record.sample.sourceDataset, record.sample.sourceId);
    const sample = samples.get(key);
    if (!sample) {
      // Its sample was rejected (reported there) or, for a reference, never imported.
      if (record.sample.type === "sample_ref") reject(report, record.location, `prediction refers to sample ${record.sample.sourceId}, which is not imported`);
      continue;
    }
    const runId = record.runName ? (runIds.get(record.runName) ?? null) : null;
    const row = toRow(record, sample, record.sample.type === "sample" ? record.sample.imageSize : null, runId);
    if (typeof row === "string") {
      reject(report, record.location, row);
      continue;
    }
    byPrediction.set(`${row.sampleId}\u0000${row.model}`, { row, record, sample });
  }
  const rows = [...byPrediction.values()];
  if (rows.length === 0) return;
  for (const chunk of chunks(rows)) await writeChunk(db, projectId, chunk, report, touched);

  for (const { row, record, sample } of rows) {
    const computed = fileCorrectness(row, sample);
    if (record.fileLabel !== null && record.fileLabel !== computed) {
      disagree(report, { file: record.location.file, line: record.location.line, sourceId: record.sample.sourceId, model: record.model, fileLabel: record.fileLabel, computed });
    }
  }
}

type Pending = { row: Row; record: PredictionRecord; sample: WrittenSample };

async function writeChunk(db: Db, projectId: string, rows: Pending[], report: FormatReport, touched: TouchedIds) {
  await db.$transaction(async (tx) => {
    const existing = [];
    for (const [model, group] of groupBy(rows, ({ row }) => row.model)) {
      existing.push(
        ...(await lookupInChunks(group.map(({ row }) => row.sampleId), (sampleIds) =>
          tx.modelPrediction.findMany({ where: { model, sampleId: { in: sampleIds } } }),
        )),
      );
    }
    const byKey = new Map(existing.map((e) => [`${e.sampleId}\u0000${e.model}`, e]));
    const fresh: (Row & { id: string })[] = [];
    const revisions: Prisma.PredictionRevisionCreateManyInput[] = [];
    const now = new Date();
    const revisionOf = (predictionId: string, revision: number, row: Row): Prisma.PredictionRevisionCreateManyInput => ({
      id: newRowId(), predictionId, revision, kind: row.kind, x: row.x, y: row.y, rawOutput: row.rawOutput, sourceCorrectness: row.sourceCorrectness, runId: row.runId, createdAt: now,
    });
    for (const { row } of rows) {
      const old = byKey.get(`${row.sampleId}\u0000${row.model}`);
      if (!old) {
        const id = newRowId();
        fresh.push({ ...row, id });
        revisions.push(revisionOf(id, 1, row));
      } else if (
        old.kind === row.kind && sameCoordinate(old.x, row.x) && sameCoordinate(old.y, row.y) && old.rawOutput === row.rawOutput &&
        old.sourceCorrectness === row.sourceCorrectness && old.runId === row.runId && sameJson(old.extra, row.extra)
      ) report.unchanged += 1;
      else {
        // The answer itself changed: a new revision. Only the file's bookkeeping (its run, its
        // extra fields) changed: the same revision, updated in place.
        const answered = old.kind !== row.kind || !sameCoordinate(old.x, row.x) || !sameCoordinate(old.y, row.y) || old.rawOutput !== row.rawOutput || old.sourceCorrectness !== row.sourceCorrectness;
        const revision = answered ? old.revision + 1 : old.revision;
        await tx.modelPrediction.update({ where: { id: old.id }, data: { ...row, revision, ...(answered ? { revisedAt: now } : {}) } });
        if (answered) {
          revisions.push(revisionOf(old.id, revision, row));
          noteRevised(report, "predictions", 1);
        }
        report.updated += 1;
        touched.samples.add(row.sampleId);
      }
    }
    if (fresh.length) {
      const { count } = await tx.modelPrediction.createMany({ data: fresh.map((row) => ({ projectId, ...row, createdAt: now })) });
      report.created.predictions += count;
      for (const row of fresh) touched.samples.add(row.sampleId);
    }
    if (revisions.length) await tx.predictionRevision.createMany({ data: revisions });
    await markSamplesStale(tx, [...new Set(rows.map(({ row }) => row.sampleId))]);
  }, IMPORT_TRANSACTION);
}
