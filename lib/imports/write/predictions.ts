import "server-only";
// Writes model predictions onto their samples (one per sample and model) and lists every
// disagreement between the file's own correctness label and point-in-box on the box the file
// was judged against (the imported one), with the file and line it came from. The stored
// correctness is derived with the sample (lib/derived): the touched samples are marked stale
// in the same transaction. A prediction from a results file belongs to that file's evaluation run.
// One prediction per (sample, model): an answer that differs from the stored one is a new
// revision (PredictionRevision keeps every one), never a second prediction.
import type { Db } from "@/lib/db";
import { pointToPixels } from "@/lib/domain/coordinates";
import { judgePrediction } from "@/lib/domain/point-in-box";
import type { PredictionRecord, SampleRecord } from "@/lib/imports/records";
import type { MediaCache } from "@/lib/imports/write/media-cache";
import { disagree, noteRevised, reject, type FormatReport } from "@/lib/imports/write/report";
import { sampleKey, writeSamples, type WrittenSample } from "@/lib/imports/write/samples";
import { withSourceReference } from "@/lib/imports/write/target-pixels";
import type { TouchedIds } from "@/lib/imports/write/touched";
import { chunks, IMPORT_TRANSACTION } from "@/lib/imports/write/transactions";
import { groupBy, lookupInChunks } from "@/lib/db/key-lookup";
import { writePredictionRows, type PredictionRow } from "@/lib/predictions/write-prediction-rows";
import { DEFAULT_POLICY, type VerifiedChangePolicy } from "@/lib/imports/write/verified-change";

type Row = PredictionRow;

function toRow(record: PredictionRecord, sample: WrittenSample, stated: SampleRecord["imageSize"], runId: string | null): Row | string {
  const base = {
    sampleId: sample.id,
    model: record.model,
    rawOutput: record.rawOutput,
    sourceCorrectness: record.fileLabel,
    runId,
    extra: (record.extra ?? undefined) as PredictionRow["extra"],
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
    const outcome = await writePredictionRows(tx, projectId, rows.map(({ row }) => row));
    report.unchanged += outcome.unchanged;
    report.updated += outcome.updated;
    report.created.predictions += outcome.created;
    if (outcome.revised) noteRevised(report, "predictions", outcome.revised);
    for (const id of outcome.samples) touched.samples.add(id);
  }, IMPORT_TRANSACTION);
}
