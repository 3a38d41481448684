import "server-only";
// Every judge verdict of many items with its overrides, as the derivation reads them: a
// sample's own verdicts; a trajectory's own and its steps'. Oldest first (creation order of
// the verdict's identity decides "latest" for verdicts and for overrides alike). Each override
// carries the verdict's value at the revision it was made on, so the derivation can tell an
// override whose verdict changed under it. The per-verdict derived values stored now are read
// too, so that only the verdicts whose values move are written back.
import type { VerdictWithOverrides } from "@/lib/domain/effective-verdict";
import type { TraceVerdictInput } from "@/lib/domain/derive-trajectory";
import { asDate } from "@/lib/db/sql-reader";
import { toBool } from "@/lib/db/dialect";
import { chunks, inList, type SqlExec } from "@/lib/db/sql-exec";

type VerdictRow = {
  id: string;
  itemId: string;
  targetType: string;
  kind: string;
  judgeName: string;
  metric: string;
  valueScore: number | null;
  valueBool: unknown;
  createdAt: unknown;
  effectiveScore: number | null;
  effectiveBool: unknown;
  effectiveOverrideId: string | null;
  overrideOutdated: unknown;
};
type OverrideRow = { id: string; verdictId: string; valueScore: number | null; valueBool: unknown; createdAt: unknown; status: string; baseScore: number | null; baseBool: unknown; hasBase: unknown };

export type StoredVerdictEffect = { value: number | boolean | null; overrideId: string | null; isOutdated: boolean };

export type ItemVerdict = VerdictWithOverrides<number | boolean> & {
  targetType: string;
  kind: string;
  judgeName: string;
  metric: string;
  stored: StoredVerdictEffect;
};

const CHUNK = 500;
const COLUMNS = `v."id", v."targetType", v."kind", v."judgeName", v."metric", v."valueScore", v."valueBool", v."createdAt",
  v."effectiveScore", v."effectiveBool", v."effectiveOverrideId", v."overrideOutdated"`;

const bool = (v: unknown) => (v === null || v === undefined ? null : toBool(v));
// A verdict holds a score or a boolean, never both (lib/imports/records.ts VerdictRecord).
const valueOf = (score: number | null, flag: unknown): number | boolean | null => (score !== null && score !== undefined ? Number(score) : bool(flag));

async function verdictRows(exec: SqlExec, projectId: string, kind: "sample" | "trajectory", ids: string[]): Promise<VerdictRow[]> {
  if (kind === "sample") {
    return exec.all<VerdictRow>(
      `SELECT ${COLUMNS}, v."sampleId" AS "itemId" FROM "JudgeVerdict" v
        WHERE v."sampleId" IN (${inList(ids.length)}) AND v."projectId" = ? ORDER BY v."createdAt", v."id"`,
      [...ids, projectId],
    );
  }
  return exec.all<VerdictRow>(
    `SELECT * FROM (
       SELECT ${COLUMNS}, v."trajectoryId" AS "itemId" FROM "JudgeVerdict" v
        WHERE v."trajectoryId" IN (${inList(ids.length)}) AND v."projectId" = ?
       UNION ALL
       SELECT ${COLUMNS}, s."trajectoryId" AS "itemId" FROM "JudgeVerdict" v JOIN "Step" s ON s."id" = v."stepId"
        WHERE s."trajectoryId" IN (${inList(ids.length)}) AND v."projectId" = ?
     ) x ORDER BY "createdAt", "id"`,
    [...ids, projectId, ...ids, projectId],
  );
}

/** Every verdict of these items (samples, or trajectories with their steps), by item id. */
export async function verdictsOfItems(exec: SqlExec, projectId: string, kind: "sample" | "trajectory", itemIds: readonly string[]): Promise<Map<string, ItemVerdict[]>> {
  const byItem = new Map<string, ItemVerdict[]>();
  for (const chunk of chunks(itemIds, CHUNK)) {
    const verdicts = await verdictRows(exec, projectId, kind, chunk);
    if (verdicts.length === 0) continue;
    const overrides = new Map<string, OverrideRow[]>();
    for (const ids of chunks(verdicts.map((v) => v.id), CHUNK)) {
      const rows = await exec.all<OverrideRow>(
        `SELECT o."id", o."verdictId", o."valueScore", o."valueBool", o."createdAt", o."status",
                r."valueScore" AS "baseScore", r."valueBool" AS "baseBool", r."id" IS NOT NULL AS "hasBase"
           FROM "JudgeOverride" o LEFT JOIN "JudgeVerdictRevision" r ON r."verdictId" = o."verdictId" AND r."revision" = o."verdictRevision"
          WHERE o."verdictId" IN (${inList(ids.length)}) ORDER BY o."createdAt", o."id"`,
        ids,
      );
      for (const o of rows) overrides.set(o.verdictId, [...(overrides.get(o.verdictId) ?? []), o]);
    }
    for (const v of verdicts) {
      const list = byItem.get(v.itemId) ?? [];
      list.push({
        id: v.id,
        targetType: v.targetType,
        kind: v.kind,
        judgeName: v.judgeName,
        metric: v.metric,
        value: valueOf(v.valueScore, v.valueBool),
        createdAt: asDate(v.createdAt)!,
        overrides: (overrides.get(v.id) ?? []).map((o) => ({
          id: o.id,
          value: valueOf(o.valueScore, o.valueBool),
          createdAt: asDate(o.createdAt)!,
          status: o.status,
          // Unknown when the revision row is missing: then the override is not called outdated.
          ...(toBool(o.hasBase) ? { baseValue: valueOf(o.baseScore, o.baseBool) } : {}),
        })),
        stored: { value: valueOf(v.effectiveScore, v.effectiveBool), overrideId: v.effectiveOverrideId, isOutdated: toBool(v.overrideOutdated) },
      });
      byItem.set(v.itemId, list);
    }
  }
  return byItem;
}

/** A sample's own 0-10 quality verdicts, which its score and tier come from. */
export function qualityVerdictsIn(verdicts: readonly ItemVerdict[]): VerdictWithOverrides<number>[] {
  return verdicts.filter((v) => v.targetType === "sample" && v.metric === "quality_score" && typeof v.value !== "boolean") as VerdictWithOverrides<number>[];
}

/** A trajectory's own yes/no trace verdicts, which its automatic outcome comes from. */
export function traceVerdictsIn(verdicts: readonly ItemVerdict[]): TraceVerdictInput[] {
  return verdicts.filter((v) => v.targetType === "trajectory" && v.metric === "trace_success" && typeof v.value !== "number") as TraceVerdictInput[];
}
