import "server-only";
// Stores deriveTrajectory's result on trajectories, then the GRPO advantages of every group
// they belong to (a reward that moved moves the whole group's advantages). Runs in the
// transaction of the write that changed an input; nothing else writes these columns.
import { deriveTrajectory, type TrajectoryFinal } from "@/lib/domain/derive-trajectory";
import { advantagesInGroup } from "@/lib/domain/group-advantages";
import type { Decision } from "@/lib/domain/item-lifecycle";
import { storedStepLabels, TraceVerdictSchema } from "@/lib/domain/labels";
import { asJson } from "@/lib/db/sql-reader";
import { toBool, toNumber } from "@/lib/db/dialect";
import { derivationContext, type DerivationContext } from "@/lib/derived/derivation-context";
import { chunks, inList, type SqlExec } from "@/lib/db/sql-exec";
import { qualityVerdictsIn, traceVerdictsIn, verdictsOfItems } from "@/lib/derived/verdict-inputs";
import { changedEffects, storeVerdictEffects, type EffectChange } from "@/lib/derived/store-verdict-effects";
import { benchmarkInputsOf } from "@/lib/derived/benchmark-inputs";
import { screenChangesOf } from "@/lib/derived/screen-change-inputs";
import { SubGoalVerdictsSchema } from "@/lib/domain/trajectory-payload";

type TrajectoryRow = {
  id: string;
  stepCount: unknown;
  agentClaimedFinish: unknown;
  invalidActionCount: unknown;
  sourceOutcome: unknown;
  finalAnswerId: string | null;
  groupKey: string | null;
  benchmark: string | null;
  extra: unknown;
  sourceReward: unknown;
};

type RevisionRow = { id: string; decision: string; traceVerdict: string | null; firstWrongStep: unknown; stepLabels: unknown; subGoals: unknown };

const CHUNK = 500;
const nullableBool = (v: unknown) => (v === null || v === undefined ? null : toBool(v));

async function finalsOf(exec: SqlExec, ids: string[]): Promise<Map<string, TrajectoryFinal>> {
  const finals = new Map<string, TrajectoryFinal>();
  if (ids.length === 0) return finals;
  for (const r of await exec.all<RevisionRow>(
    `SELECT "id", "decision", "traceVerdict", "firstWrongStep", "stepLabels", "subGoals" FROM "AnswerRevision" WHERE "id" IN (${inList(ids.length)})`,
    ids,
  )) {

    const verdict = TraceVerdictSchema.safeParse(r.traceVerdict);
    const subGoals = SubGoalVerdictsSchema.safeParse(asJson(r.subGoals) ?? []);
    finals.set(r.id, {
      decision: r.decision as Decision,
      traceVerdict: verdict.success ? verdict.data : null,
      firstWrongStep: r.firstWrongStep === null ? null : toNumber(r.firstWrongStep),
      steps: storedStepLabels(asJson(r.stepLabels)),
      subGoals: subGoals.success ? subGoals.data : [],
    });
  }
  return finals;
}

// One statement per trajectory, benchmark metrics included: on PostgreSQL each is a round trip,
// and a reviewer's submit derives its trajectory on the hot path (issue 38).
const trajectoryUpdate = (json: string) => `UPDATE "Trajectory" SET
  "ruleOutcome" = ?, "judgeOutcome" = ?, "autoOutcome" = ?, "autoSource" = ?, "effectiveAutoOutcome" = ?, "humanVerdict" = ?,
  "mismatchFlags" = ?, "noVisibleEffectSteps" = ?, "stepsCorrect" = ?, "stepsIncorrect" = ?, "firstWrongStep" = ?, "outcome" = ?, "outcomeSource" = ?, "reward" = ?,
  "advantage" = ?, "groupSize" = ?, "verdictChangedUnderOverride" = ?, "ruleVerdictId" = ?, "judgeVerdictId" = ?, "derivedRevision" = ?,
  "benchmarkMetrics" = ${json}
  WHERE "id" = ?`;

/** Derives these trajectories; returns the groups they are in. */
async function rederiveChunk(exec: SqlExec, ctx: DerivationContext, ids: string[]): Promise<Set<string>> {
  const rows = await exec.all<TrajectoryRow>(
    `SELECT "id", "stepCount", "agentClaimedFinish", "invalidActionCount", "sourceOutcome", "finalAnswerId", "groupKey", "benchmark", "extra", "sourceReward"
       FROM "Trajectory" WHERE "id" IN (${inList(ids.length)}) AND "projectId" = ?`,
    [...ids, ctx.projectId],
  );
  const groups = new Set<string>();
  if (rows.length === 0) return groups;
  const finals = await finalsOf(exec, rows.flatMap((r) => (r.finalAnswerId ? [r.finalAnswerId] : [])));
  const verdicts = await verdictsOfItems(exec, ctx.projectId, "trajectory", rows.map((r) => r.id));
  const benchmarks = await benchmarkInputsOf(exec, rows);
  const screens = await screenChangesOf(exec, rows.map((r) => r.id));
  const update = trajectoryUpdate(exec.provider === "postgres" ? "CAST(? AS jsonb)" : "?");
  const effects: EffectChange[] = [];
  for (const r of rows) {
    const all = verdicts.get(r.id) ?? [];
    const d = deriveTrajectory({
      stepCount: toNumber(r.stepCount),
      agentClaimedFinish: toBool(r.agentClaimedFinish),
      invalidActionCount: toNumber(r.invalidActionCount),
      sourceOutcome: nullableBool(r.sourceOutcome),
      final: r.finalAnswerId ? (finals.get(r.finalAnswerId) ?? null) : null,
      traceVerdicts: traceVerdictsIn(all),
      verdicts: all,
      rewards: ctx.settings.rewards,
      benchmark: benchmarks.get(r.id) ?? null,
      screenUnchanged: screens.get(r.id) ?? [],
    });
    // A rollout outside any group is a group of one; a group's advantages are set below.
    const alone = r.groupKey === null ? advantagesInGroup([{ id: r.id, reward: d.reward }]).get(r.id)! : { advantage: null, groupSize: null };
    if (r.groupKey !== null) groups.add(r.groupKey);
    await exec.run(update, [
      d.ruleOutcome, d.judgeOutcome, d.autoOutcome, d.autoSource, d.effectiveAutoOutcome, d.humanVerdict,
      d.flags.join(","), d.noVisibleEffectSteps.join(","), d.stepsCorrect, d.stepsIncorrect, d.firstWrongStep, d.outcome, d.outcomeSource, d.reward,
      alone.advantage, alone.groupSize, d.verdictChangedUnderOverride, d.ruleVerdictId, d.judgeVerdictId, ctx.revision,
      d.benchmarkMetrics ? JSON.stringify(d.benchmarkMetrics) : null,
      r.id,
    ]);
    for (const [i, effect] of d.verdictEffects.entries()) effects.push({ stored: all[i]!.stored, effect });
  }
  await storeVerdictEffects(exec, changedEffects(effects));
  return groups;
}

type MemberRow = { id: string; groupKey: string; reward: number | null; advantage: number | null; groupSize: unknown };

/** Recomputes the advantages of these groups from their members' stored rewards. */
export async function rederiveGroups(exec: SqlExec, projectId: string, groupKeys: readonly string[]): Promise<void> {
  for (const keys of chunks([...new Set(groupKeys)], 200)) {
    const members = await exec.all<MemberRow>(
      `SELECT "id", "groupKey", "reward", "advantage", "groupSize" FROM "Trajectory" WHERE "projectId" = ? AND "groupKey" IN (${inList(keys.length)}) ORDER BY "groupKey", "id"`,
      [projectId, ...keys],
    );
    const byGroup = new Map<string, MemberRow[]>();
    for (const m of members) byGroup.set(m.groupKey, [...(byGroup.get(m.groupKey) ?? []), m]);
    for (const group of byGroup.values()) {
      const advantages = advantagesInGroup(group.map((m) => ({ id: m.id, reward: m.reward === null ? null : Number(m.reward) })));
      for (const m of group) {
        const a = advantages.get(m.id)!;
        const storedSize = m.groupSize === null ? null : toNumber(m.groupSize);
        if (a.advantage === (m.advantage === null ? null : Number(m.advantage)) && a.groupSize === storedSize) continue;
        await exec.run(`UPDATE "Trajectory" SET "advantage" = ?, "groupSize" = ? WHERE "id" = ?`, [a.advantage, a.groupSize, m.id]);
      }
    }
  }
}

/** Derives and stores these trajectories of the project, and their groups' advantages. */
export async function rederiveTrajectories(exec: SqlExec, projectId: string, trajectoryIds: readonly string[], context?: DerivationContext): Promise<void> {
  if (trajectoryIds.length === 0) return;
  const ctx = context ?? (await derivationContext(exec, projectId));
  const groups = new Set<string>();
  for (const chunk of chunks([...new Set(trajectoryIds)], CHUNK)) for (const g of await rederiveChunk(exec, ctx, chunk)) groups.add(g);
  await rederiveGroups(exec, projectId, [...groups]);
}
