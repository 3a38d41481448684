import "server-only";
// A run's items for its page: filtered by status and outcome, in the run's own order (the
// ordinal the items were frozen in), a page at a time with the last ordinal as the cursor, each
// with the sample's instruction or the trajectory's goal to link it by.
import { z } from "zod";
import type { Db } from "@/lib/db";
import { firstValues, type SearchParams } from "@/lib/filters/search-params";

export const ITEMS_PAGE_SIZE = 50;
export const ITEM_STATUSES = ["pending", "done", "failed"] as const;

export const RunItemFilterSchema = z.object({
  status: z.enum(ITEM_STATUSES).optional().catch(undefined),
  outcome: z.string().regex(/^[a-z_]{1,40}$/).optional().catch(undefined),
  after: z.coerce.number().int().min(0).max(10_000_000).optional().catch(undefined),
});
export type RunItemFilter = z.infer<typeof RunItemFilterSchema>;

export const parseRunItemFilter = (params: SearchParams): RunItemFilter => RunItemFilterSchema.parse(firstValues(params));

/** A stored reply (stored-replies.ts); `stage` and `step` only on a WebJudge item's. */
export type RunReply = { stage: string | null; step: number | null; text: string; finishReason: string | null; parsed: Record<string, unknown> | null };

function repliesOf(value: unknown): RunReply[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((r): RunReply[] => {
    if (typeof r !== "object" || r === null) return [];
    const { stage, step, text, finishReason, parsed } = r as Record<string, unknown>;
    return [{
      stage: typeof stage === "string" ? stage : null, step: typeof step === "number" ? step : null,
      text: typeof text === "string" ? text : "", finishReason: typeof finishReason === "string" ? finishReason : null, parsed: typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : null,
    }];
  });
}

export async function listRunItems(db: Db, projectId: string, runId: string, filter: RunItemFilter) {
  const where = { runId, ...(filter.status ? { status: filter.status } : {}), ...(filter.outcome ? { outcome: filter.outcome } : {}) };
  const [rows, matching, byStatus, outcomes] = await Promise.all([
    db.modelRunItem.findMany({
      where: { ...where, ...(filter.after !== undefined ? { ordinal: { gt: filter.after } } : {}) },
      orderBy: { ordinal: "asc" },
      take: ITEMS_PAGE_SIZE + 1,
      select: { id: true, ordinal: true, sampleId: true, trajectoryId: true, status: true, outcome: true, agreement: true, errorKind: true, error: true, replies: true },
    }),
    db.modelRunItem.count({ where }),
    db.modelRunItem.groupBy({ by: ["status"], where: { runId }, _count: { _all: true } }),
    db.modelRunItem.findMany({ where: { runId, outcome: { not: null } }, distinct: ["outcome"], select: { outcome: true }, orderBy: { outcome: "asc" } }),
  ]);
  const page = rows.slice(0, ITEMS_PAGE_SIZE);
  const sampleIds = page.flatMap((i) => (i.sampleId ? [i.sampleId] : []));
  const trajectoryIds = page.flatMap((i) => (i.trajectoryId ? [i.trajectoryId] : []));
  const [samples, trajectories] = await Promise.all([
    sampleIds.length ? db.groundingSample.findMany({ where: { id: { in: sampleIds }, projectId }, select: { id: true, instruction: true, language: true } }) : [],
    trajectoryIds.length ? db.trajectory.findMany({ where: { id: { in: trajectoryIds }, projectId }, select: { id: true, goal: true } }) : [],
  ]);
  const sampleOf = new Map(samples.map((s) => [s.id, s]));
  const trajectoryOf = new Map(trajectories.map((t) => [t.id, t]));
  return {
    items: page.map(({ replies, ...item }) => {
      const sample = item.sampleId ? sampleOf.get(item.sampleId) : undefined;
      const trajectory = item.trajectoryId ? trajectoryOf.get(item.trajectoryId) : undefined;
      const target = item.sampleId
        ? { kind: "sample" as const, id: item.sampleId, text: sample?.instruction ?? null, language: sample?.language ?? null }
        : { kind: "trajectory" as const, id: item.trajectoryId ?? "", text: trajectory?.goal ?? null, language: null };
      return { ...item, target, replies: repliesOf(replies) };
    }),
    matching,
    byStatus: Object.fromEntries(ITEM_STATUSES.map((s) => [s, byStatus.find((b) => b.status === s)?._count._all ?? 0])) as Record<(typeof ITEM_STATUSES)[number], number>,
    outcomes: outcomes.flatMap((o) => (o.outcome ? [o.outcome] : [])),
    nextAfter: rows.length > ITEMS_PAGE_SIZE ? page.at(-1)!.ordinal : null,
  };
}
export type RunItemsPage = Awaited<ReturnType<typeof listRunItems>>;
export type RunItemRow = RunItemsPage["items"][number];
