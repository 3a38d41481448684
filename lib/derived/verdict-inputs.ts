import "server-only";
// Judge verdicts of many items with their overrides, read in two statements per chunk, oldest
// first (creation order decides "latest" for verdicts and for overrides alike).
import type { VerdictWithOverrides } from "@/lib/domain/effective-verdict";
import { asDate } from "@/lib/sql/sql-reader";
import { toBool } from "@/lib/sql/dialect";
import { chunks, inList, type SqlExec } from "@/lib/derived/sql-exec";

type VerdictRow = { id: string; itemId: string; kind: string; judgeName: string; valueScore: number | null; valueBool: unknown; createdAt: unknown };
type OverrideRow = { id: string; verdictId: string; valueScore: number | null; valueBool: unknown; createdAt: unknown; status: string };

export type LoadedVerdict<T> = VerdictWithOverrides<T> & { kind: string; judgeName: string };

const CHUNK = 500;

/**
 * The verdicts of `metric` on these items (column `itemColumn` of JudgeVerdict), by item id.
 * Only the project's rows; `value` reads the score or the boolean column.
 */
export async function verdictsOfItems<T extends number | boolean>(
  exec: SqlExec,
  projectId: string,
  itemColumn: "sampleId" | "trajectoryId",
  metric: "quality_score" | "trace_success",
  itemIds: readonly string[],
): Promise<Map<string, LoadedVerdict<T>[]>> {
  const isScore = metric === "quality_score";
  const byItem = new Map<string, LoadedVerdict<T>[]>();
  for (const chunk of chunks(itemIds, CHUNK)) {
    const verdicts = await exec.all<VerdictRow>(
      `SELECT "id", "${itemColumn}" AS "itemId", "kind", "judgeName", "valueScore", "valueBool", "createdAt" FROM "JudgeVerdict"
        WHERE "${itemColumn}" IN (${inList(chunk.length)}) AND "projectId" = ? AND "metric" = ? AND "targetType" = ?
        ORDER BY "createdAt", "id"`,
      [...chunk, projectId, metric, isScore ? "sample" : "trajectory"],
    );
    if (verdicts.length === 0) continue;
    const overrides = new Map<string, OverrideRow[]>();
    for (const ids of chunks(verdicts.map((v) => v.id), CHUNK)) {
      const rows = await exec.all<OverrideRow>(
        `SELECT "id", "verdictId", "valueScore", "valueBool", "createdAt", "status" FROM "JudgeOverride" WHERE "verdictId" IN (${inList(ids.length)}) ORDER BY "createdAt", "id"`,
        ids,
      );
      for (const o of rows) overrides.set(o.verdictId, [...(overrides.get(o.verdictId) ?? []), o]);
    }
    const value = (row: { valueScore: number | null; valueBool: unknown }) =>
      (isScore ? (row.valueScore === null ? null : Number(row.valueScore)) : row.valueBool === null || row.valueBool === undefined ? null : toBool(row.valueBool)) as T | null;
    for (const v of verdicts) {
      const list = byItem.get(v.itemId) ?? [];
      list.push({
        id: v.id,
        kind: v.kind,
        judgeName: v.judgeName,
        value: value(v),
        createdAt: asDate(v.createdAt)!,
        overrides: (overrides.get(v.id) ?? []).map((o) => ({ id: o.id, value: value(o), createdAt: asDate(o.createdAt)!, status: o.status })),
      });
      byItem.set(v.itemId, list);
    }
  }
  return byItem;
}
