import "server-only";
// Online-RL pools: verified trajectories with their stored rewards and GRPO advantages
// (online-rl.jsonl; derived once, under the project's advantage policy, which the manifest
// names). An advantage is relative to the whole group, so groups are read whole
// (verifiedGroupBatches): an incremental export re-sends every verified rollout of a group one
// of whose rollouts was verified in the window. Rollouts outside any group are groups of one
// (advantage 0). A rollout whose verdict is "unsure" (or that has no final answer, or a step
// without its screenshot) has no reward to learn from: it is counted under skipped:*.
import { ActionSchema } from "@/lib/domain/actions";
import { count, jsonlChunk, type ExportBuilder, type ExportContext } from "@/lib/exports/build/export-context";
import { countVerified } from "@/lib/exports/build/sample-rows";
import type { VerifiedTrajectory } from "@/lib/exports/export-types";
import { onlineRlRows } from "@/lib/exports/formats/online-rl";
import { verifiedGroupBatches, verifiedTrajectoryBatches, type VerifiedTrajectoryRecord } from "@/lib/exports/read/verified-trajectories";

export const ONLINE_RL_FILE = "online-rl.jsonl";

function toVerifiedTrajectory(ctx: ExportContext, t: VerifiedTrajectoryRecord): VerifiedTrajectory | null {
  const verdict = t.answer?.traceVerdict;
  if (!t.answer) return skip(ctx, "skipped:no_final_answer");
  if (verdict !== "success" && verdict !== "failure") return skip(ctx, "skipped:verdict_unsure");
  if (t.steps.length === 0) return skip(ctx, "skipped:no_steps");
  if (t.steps.some((s) => !s.media || !s.image)) return skip(ctx, "skipped:image_missing");
  if (t.reward === null || t.advantage === null || t.groupSize === null) return skip(ctx, "skipped:not_derived");
  return {
    id: t.id,
    goal: t.goal,
    groupKey: t.groupKey ?? t.id,
    steps: t.steps.map((s) => {
      const action = ActionSchema.safeParse(s.action);
      return { imagePath: ctx.images.pathOf(s.media!), image: s.image!, action: action.success ? action.data : null };
    }),
    success: verdict === "success",
    invalidActions: t.invalidActionCount,
    reward: t.reward,
    advantage: t.advantage,
    groupSize: t.groupSize,
    revisionIds: [t.answer.revisionId],
  };
}

function skip(ctx: ExportContext, key: string): null {
  count(ctx.tally, key);
  return null;
}

function groupRows(ctx: ExportContext, group: VerifiedTrajectoryRecord[]) {
  const usable = group.map((t) => toVerifiedTrajectory(ctx, t)).filter((t): t is VerifiedTrajectory => t !== null);
  if (usable.length === 0) return [];
  for (const t of usable) ctx.tally.revisionIds.push(...t.revisionIds);
  count(ctx.tally, "groups");
  count(ctx.tally, "success", usable.filter((t) => t.success).length);
  return onlineRlRows(usable);
}

async function* onlineRlChunks(ctx: ExportContext): AsyncGenerator<string> {
  const groupsPerPage = Math.max(1, Math.floor(ctx.pageSize / 8));
  for await (const groups of verifiedGroupBatches(ctx.reader, ctx.projectId, { window: ctx.window, groupsPerPage })) {
    const rows = groups.flatMap((g) => groupRows(ctx, g));
    count(ctx.tally, ONLINE_RL_FILE, rows.length);
    ctx.tally.rows += rows.length;
    if (rows.length > 0) yield jsonlChunk(rows);
    await ctx.onItems(groups.reduce((n, g) => n + g.length, 0));
  }
  for await (const page of verifiedTrajectoryBatches(ctx.reader, ctx.projectId, { window: ctx.window, limit: ctx.pageSize, ungrouped: true })) {
    const rows = page.flatMap((t) => groupRows(ctx, [t]));
    count(ctx.tally, ONLINE_RL_FILE, rows.length);
    ctx.tally.rows += rows.length;
    if (rows.length > 0) yield jsonlChunk(rows);
    await ctx.onItems(page.length);
  }
}

export const onlineRlBuilder: ExportBuilder = {
  // Whole groups may add rollouts verified before the window: the total is a floor.
  total: (ctx) => countVerified(ctx.reader, "Trajectory", ctx.projectId, ctx.window),
  async *files(ctx) {
    yield { name: ONLINE_RL_FILE, content: onlineRlChunks(ctx) };
    yield* ctx.images.files();
  },
};
