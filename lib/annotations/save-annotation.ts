import "server-only";
// Saving a grounding answer: checked against the sample's project, versioned through
// saveVersioned (optimistic locking), and on submit the sample's review status moves on:
// a reviewer's submit verifies it, an annotator's puts it in review, except that an
// annotator never takes a verified sample back into review (their answer on a verified
// sample, a honeypot say, is their own and leaves the sample as it is).
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/auth/roles";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";
import { groundingProblem, type GroundingPayload } from "@/lib/annotations/grounding-payload";
import { saveVersioned } from "@/lib/annotations/versioned-save";
import { refreshSampleQuality } from "@/lib/verdicts/sample-quality";

export type SaveGroundingInput = {
  sampleId: string;
  baseVersion: number | null; // null: the caller had no annotation yet
  status: "draft" | "submitted";
  payload: GroundingPayload;
};

export type SavedAnnotation = { id: string; version: number; status: string; updatedAt: string };

/** The Annotation columns of a grounding answer. */
export function groundingColumns(payload: GroundingPayload) {
  const [boxX1, boxY1, boxX2, boxY2] = payload.box ?? [null, null, null, null];
  return {
    targetAbsent: payload.targetAbsent,
    boxX1,
    boxY1,
    boxX2,
    boxY2,
    instructionRewrite: payload.instructionRewrite,
    qualityScore: payload.qualityScore,
    note: payload.note,
  };
}

export function payloadOf(row: {
  targetAbsent: boolean | null;
  boxX1: number | null;
  boxY1: number | null;
  boxX2: number | null;
  boxY2: number | null;
  instructionRewrite: string | null;
  qualityScore: number | null;
  note: string | null;
}): GroundingPayload {
  const hasBox = row.boxX1 !== null && row.boxY1 !== null && row.boxX2 !== null && row.boxY2 !== null;
  return {
    targetAbsent: row.targetAbsent ?? false,
    box: hasBox ? [row.boxX1!, row.boxY1!, row.boxX2!, row.boxY2!] : null,
    instructionRewrite: row.instructionRewrite,
    qualityScore: row.qualityScore,
    note: row.note,
  };
}

export async function saveGroundingAnnotation(db: Db, access: ProjectAccess, input: SaveGroundingInput): Promise<SavedAnnotation> {
  const sample = await db.groundingSample.findFirst({ where: { id: input.sampleId, projectId: access.projectId }, select: { id: true, status: true } });
  if (!sample) throw new AppError("not_found", "No such sample.");
  if (input.status === "submitted") {
    const problem = groundingProblem(input.payload);
    if (problem) throw new AppError("invalid_input", `Cannot submit: ${problem}.`);
  }
  const annotatorId = access.user.id;
  const data = { ...groundingColumns(input.payload), status: input.status, submittedAt: input.status === "submitted" ? new Date() : null };

  const saved = await saveVersioned(db, {
    projectId: access.projectId,
    annotatorId,
    item: { sampleId: sample.id },
    baseVersion: input.baseVersion,
    data,
    describe: payloadOf,
  });

  if (input.status === "submitted") {
    // A reviewer's (or admin's) submitted answer verifies the sample; an annotator's waits for
    // review (or for the other answers of its queue item, lib/queues/resolve-item.ts).
    const isReviewer = access.role === "owner" || roleAtLeast(access.role, "reviewer");
    if (isReviewer) {
      await db.groundingSample.update({ where: { id: sample.id }, data: { status: "verified", verifiedAt: new Date() } });
    } else {
      // Conditional, so a sample verified meanwhile is not downgraded either. Raw: Prisma wraps
      // updateMany in BEGIN/COMMIT, three round trips on PostgreSQL for this one statement.
      await db.$executeRaw`UPDATE "GroundingSample" SET "status" = 'in_review', "updatedAt" = ${new Date()} WHERE "id" = ${sample.id} AND "status" <> 'verified'`;
    }
    // The quality score may rest on the latest submitted answer: not on an annotator's
    // answer to a verified sample, which changes nothing about the sample.
    if (isReviewer || sample.status !== "verified") await refreshSampleQuality(db, access.projectId, sample.id);
    await recordAudit(db, { userId: annotatorId, projectId: access.projectId, action: "annotation.submit", targetType: "sample", targetId: sample.id, details: { version: saved.version } });
  }
  return { id: saved.id, version: saved.version, status: saved.status, updatedAt: saved.updatedAt.toISOString() };
}
