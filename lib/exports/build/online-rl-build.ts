import "server-only";
// Online-RL pools: what a trainer can use from verified GRPO rollouts (online RL itself runs
// in an environment):
//   sft          each verified success as a multi-turn SFT row, one image per step
//   dpo          preference pairs of one task: a verified success (chosen) and a verified
//                failure (rejected), in id order pairwise, at the first step they acted
//                differently on the same screen (lib/exports/rows/navigation-rows.ts)
//   rewards.csv  every verified rollout with its stored reward, GRPO advantage, group size and
//                the outcome they count (lib/domain/derive-trajectory.ts, group-advantages.ts),
//                for analysis; the manifest and README name the group policy
// Rollouts whose verdict is "unsure" are in the table only.
import { count, type ExportBuilder, type ExportContext } from "@/lib/exports/build/export-context";
import { dataFile, recordPlainRow } from "@/lib/exports/build/data-file";
import { countPoolTrajectories } from "@/lib/exports/build/pool-counts";
import { poolGroupBatches, poolTrajectoryBatches, type VerifiedTrajectoryRecord } from "@/lib/exports/read/verified-trajectories";
import { preferencePair, successSftRow } from "@/lib/exports/rows/navigation-rows";
import type { TrainingRow } from "@/lib/exports/rows/training-row";
import { safeCsvCell } from "@/lib/runs/corrected-table";

export const REWARDS_FILE = "rewards.csv";
export const REWARDS_HEADER = ["id", "group_key", "group_size", "human_verdict", "outcome", "outcome_source", "steps", "invalid_actions", "reward", "advantage", "revision_id"] as const;

async function* sftPages(ctx: ExportContext): AsyncGenerator<TrainingRow[]> {
  for await (const page of poolTrajectoryBatches(ctx.reader, ctx.projectId, { until: ctx.until, limit: ctx.pageSize, filters: ctx.filters })) {
    const rows: TrainingRow[] = [];
    for (const t of page) {
      if (t.humanVerdict !== "success") continue;
      const row = successSftRow(t, ctx.style, (key, n) => count(ctx.tally, key, n));
      if (row) rows.push(row);
    }
    yield rows;
    await ctx.onItems(page.length);
  }
}

async function* dpoPages(ctx: ExportContext): AsyncGenerator<TrainingRow[]> {
  for await (const groups of poolGroupBatches(ctx.reader, ctx.projectId, { until: ctx.until, limit: ctx.pageSize, filters: ctx.filters, groupsPerPage: Math.max(1, Math.floor(ctx.pageSize / 8)) })) {
    const rows: TrainingRow[] = [];
    for (const group of groups) {
      const byId = (a: VerifiedTrajectoryRecord, b: VerifiedTrajectoryRecord) => (a.id < b.id ? -1 : 1);
      const successes = group.filter((t) => t.humanVerdict === "success").sort(byId);
      const failures = group.filter((t) => t.humanVerdict === "failure").sort(byId);
      count(ctx.tally, "dpo:unpaired_rollouts", Math.abs(successes.length - failures.length));
      for (let i = 0; i < Math.min(successes.length, failures.length); i++) {
        const pair = preferencePair(successes[i]!, failures[i]!, ctx.style, (key, n) => count(ctx.tally, key, n));
        if (pair) rows.push(pair);
      }
    }
    yield rows;
  }
}

// Numbers go out as numbers: a negative advantage is no formula, and the formula guard's
// leading ' would make pandas and spreadsheets read "-0.7" as text. Strings are guarded.
const cell = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? String(v) : safeCsvCell(v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "true" : "false") : (v as string)));

async function* rewardTable(ctx: ExportContext): AsyncGenerator<string> {
  yield `${REWARDS_HEADER.join(",")}\r\n`;
  for await (const page of poolTrajectoryBatches(ctx.reader, ctx.projectId, { until: ctx.until, limit: ctx.pageSize, filters: ctx.filters })) {
    let text = "";
    for (const t of page) {
      const values = { id: t.id, group_key: t.groupKey ?? t.id, group_size: t.groupSize, human_verdict: t.humanVerdict, outcome: t.outcome, outcome_source: t.outcomeSource, steps: t.stepCount, invalid_actions: t.invalidActionCount, reward: t.reward, advantage: t.advantage, revision_id: t.answer?.revisionId ?? null };
      await recordPlainRow(ctx, REWARDS_FILE, { key: t.id, itemId: t.id, file: "rewards", turns: [], images: [], groundTruth: null, meta: { ...values, source: t.sourceDataset, model: t.model ?? undefined }, revisionIds: t.answer ? [t.answer.revisionId] : [], overrideIds: [] }, false);
      text += `${REWARDS_HEADER.map((h) => cell(values[h])).join(",")}\r\n`;
    }
    if (text) yield text;
  }
}

export const onlineRlBuilder: ExportBuilder = {
  total: (ctx) => countPoolTrajectories(ctx),
  async *files(ctx) {
    yield dataFile(ctx, "sft", sftPages(ctx));
    yield dataFile(ctx, "dpo", dpoPages(ctx));
    yield { name: REWARDS_FILE, content: rewardTable(ctx) };
  },
};
