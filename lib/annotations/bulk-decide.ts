import "server-only";
// The bulk pass: a reviewer sweeps judged samples and accepts (the current target becomes
// their submitted, verified answer) or rejects (the sample leaves the pools) many at once.
// Each decision is recorded as the reviewer's annotation, so it counts like any other review.
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ProjectAccess } from "@/lib/auth/session";
import { recordAudit } from "@/lib/audit/record";

export type BulkDecision = "accept" | "reject";

export async function bulkDecide(db: Db, access: ProjectAccess, sampleIds: string[], decision: BulkDecision) {
  const samples = await db.groundingSample.findMany({
    where: { projectId: access.projectId, id: { in: sampleIds } },
    select: { id: true, targetAbsent: true, boxX1: true, boxY1: true, boxX2: true, boxY2: true },
  });
  if (samples.length !== new Set(sampleIds).size) throw new AppError("not_found", "Some of these samples do not exist in this project.");
  const now = new Date();
  await db.$transaction(async (tx) => {
    for (const s of samples) {
      const answer = {
        status: "submitted",
        submittedAt: now,
        targetAbsent: s.targetAbsent,
        boxX1: s.boxX1,
        boxY1: s.boxY1,
        boxX2: s.boxX2,
        boxY2: s.boxY2,
        note: decision === "reject" ? "rejected in the bulk pass" : "accepted in the bulk pass",
      };
      await tx.annotation.upsert({
        where: { sampleId_annotatorId_kind: { sampleId: s.id, annotatorId: access.user.id, kind: "label" } },
        create: { projectId: access.projectId, annotatorId: access.user.id, itemType: "sample", sampleId: s.id, kind: "label", ...answer },
        update: { ...answer, version: { increment: 1 } },
      });
    }
    await tx.groundingSample.updateMany({
      where: { id: { in: samples.map((s) => s.id) } },
      data: decision === "accept" ? { status: "verified", verifiedAt: now } : { status: "rejected", verifiedAt: null },
    });
  });
  await recordAudit(db, { userId: access.user.id, projectId: access.projectId, action: `bulk.${decision}`, targetType: "sample", details: { count: samples.length, sampleIds } });
  return samples.length;
}
