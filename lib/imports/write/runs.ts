import "server-only";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { RunRecord } from "@/lib/imports/records";
import type { ImportReport } from "@/lib/imports/write/report";

/** Evaluation runs are keyed by name within a project; a re-import updates their metadata. */
export async function writeRun(db: Db, projectId: string, record: RunRecord, report: ImportReport): Promise<string> {
  const data = { benchmark: record.benchmark, model: record.model, meta: (record.meta ?? undefined) as Prisma.InputJsonValue | undefined };
  const existing = await db.evaluationRun.findUnique({ where: { projectId_name: { projectId, name: record.name } } });
  if (existing) {
    report.unchanged += 1;
    return existing.id;
  }
  const run = await db.evaluationRun.create({ data: { projectId, name: record.name, ...data } });
  report.created.runs += 1;
  return run.id;
}
