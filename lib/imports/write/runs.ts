import "server-only";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { RunRecord } from "@/lib/imports/records";
import { sameJson } from "@/lib/imports/write/content-hash";
import type { FormatReport } from "@/lib/imports/write/report";

/** Evaluation runs are keyed by name within a project; a re-import updates their metadata
 * (a results file's metrics block, a run folder's totals) when it changed. */
export async function writeRun(db: Db, projectId: string, record: RunRecord, report: FormatReport): Promise<string> {
  const data = { benchmark: record.benchmark, model: record.model, meta: (record.meta ?? undefined) as Prisma.InputJsonValue | undefined };
  const existing = await db.evaluationRun.findUnique({ where: { projectId_name: { projectId, name: record.name } } });
  if (existing) {
    const metaOf = (meta: unknown) => {
      // The check result is written by the import itself, after the records (run-metrics.ts).
      if (!meta || typeof meta !== "object") return meta ?? null;
      const { metricsCheck: _check, ...rest } = meta as Record<string, unknown>;
      return rest;
    };
    if (existing.benchmark === data.benchmark && existing.model === data.model && sameJson(metaOf(existing.meta), metaOf(record.meta))) {
      report.unchanged += 1;
      return existing.id;
    }
    const keep = existing.meta && typeof existing.meta === "object" ? (existing.meta as Record<string, unknown>).metricsCheck : undefined;
    const meta = record.meta ? { ...record.meta, ...(keep === undefined ? {} : { metricsCheck: keep }) } : undefined;
    await db.evaluationRun.update({ where: { id: existing.id }, data: { ...data, meta: meta as Prisma.InputJsonValue | undefined } });
    report.updated += 1;
    return existing.id;
  }
  const run = await db.evaluationRun.create({ data: { projectId, name: record.name, ...data } });
  report.created.runs += 1;
  return run.id;
}
