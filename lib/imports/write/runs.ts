import "server-only";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { RunRecord } from "@/lib/imports/records";
import { sameJson } from "@/lib/domain/content-hash";
import type { FormatReport } from "@/lib/imports/write/report";

// What the import itself writes on a run after its records (run-metrics.ts, grid-check.ts):
// not part of the record, so neither compared nor dropped when the record's meta is written.
const CHECK_KEYS = ["metricsCheck", "gridCheck"];

/** Evaluation runs are keyed by name within a project; a re-import updates their metadata
 * (a results file's metrics block, a run folder's totals) when it changed. */
export async function writeRun(db: Db, projectId: string, record: RunRecord, report: FormatReport): Promise<string> {
  const data = { benchmark: record.benchmark, model: record.model, meta: (record.meta ?? undefined) as Prisma.InputJsonValue | undefined };
  const existing = await db.evaluationRun.findUnique({ where: { projectId_name: { projectId, name: record.name } } });
  if (existing) {
    const metaOf = (meta: unknown) => {
      if (!meta || typeof meta !== "object") return meta ?? null;
      return Object.fromEntries(Object.entries(meta).filter(([key]) => !CHECK_KEYS.includes(key)));
    };
    if (existing.benchmark === data.benchmark && existing.model === data.model && sameJson(metaOf(existing.meta), metaOf(record.meta))) {
      report.unchanged += 1;
      return existing.id;
    }
    const stored = existing.meta && typeof existing.meta === "object" ? (existing.meta as Record<string, unknown>) : {};
    const kept = Object.fromEntries(CHECK_KEYS.filter((key) => stored[key] !== undefined).map((key) => [key, stored[key]]));
    const meta = record.meta ? { ...record.meta, ...kept } : undefined;
    await db.evaluationRun.update({ where: { id: existing.id }, data: { ...data, meta: meta as Prisma.InputJsonValue | undefined } });
    report.updated += 1;
    return existing.id;
  }
  const run = await db.evaluationRun.create({ data: { projectId, name: record.name, ...data } });
  report.created.runs += 1;
  return run.id;
}
