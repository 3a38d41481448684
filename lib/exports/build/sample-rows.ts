import "server-only";
// Verified sample records -> the formats' input rows (VerifiedSample), shared by the grounding
// and mid-training builders. The answer is the FINAL answer (box, refusal, rewrite), never the
// box the sample was imported with. A sample that cannot make a training row is skipped and
// counted under skipped:* in the manifest, never dropped silently.
import { count, type ExportContext } from "@/lib/exports/build/export-context";
import type { VerifiedSample } from "@/lib/exports/export-types";
import type { VerifiedSampleRecord } from "@/lib/exports/read/verified-samples";
import type { SqlReader } from "@/lib/sql/sql-reader";
import type { VerifiedWindow } from "@/lib/exports/read/verified-samples";

export function toVerifiedSample(ctx: ExportContext, record: VerifiedSampleRecord): VerifiedSample | null {
  const answer = record.answer;
  if (!answer) {
    count(ctx.tally, "skipped:no_final_answer");
    return null;
  }
  if (!answer.targetAbsent && !answer.box) {
    count(ctx.tally, "skipped:no_box");
    return null;
  }
  if (!record.media || !record.image) {
    count(ctx.tally, "skipped:image_missing");
    return null;
  }
  return {
    id: record.id,
    imagePath: ctx.images.pathOf(record.media),
    image: record.image,
    instruction: record.instruction,
    instructionRewrite: answer.instructionRewrite,
    targetAbsent: answer.targetAbsent,
    box: answer.targetAbsent ? null : answer.box,
    qualityScore: record.qualityScore,
    qualityTier: record.qualityTier,
    source: record.sourceDataset,
    revisionIds: [answer.revisionId],
  };
}

/** Records what a written row rests on: its final answer and the override behind its score. */
export function recordSources(ctx: ExportContext, record: VerifiedSampleRecord): void {
  if (record.answer) ctx.tally.revisionIds.push(record.answer.revisionId);
  ctx.tally.overrideIds.push(...record.overrideIds);
  count(ctx.tally, `source:${record.sourceDataset}`);
}

const EPOCH = new Date(0);

/** Verified items of a table in the window (for the progress bar's total). */
export async function countVerified(reader: SqlReader, table: "GroundingSample" | "Trajectory", projectId: string, window: VerifiedWindow, extraSql = "", extraParams: unknown[] = []): Promise<number> {
  const rows = await reader.all<{ n: unknown }>(
    `SELECT COUNT(*) AS "n" FROM "${table}" WHERE "projectId" = ? AND "status" = 'verified' AND "verifiedAt" > ? AND "verifiedAt" <= ? ${extraSql}`,
    [projectId, window.since ?? EPOCH, window.until, ...extraParams],
  );
  return Number(rows[0]?.n ?? 0);
}
