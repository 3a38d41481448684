import "server-only";
// Everything the trajectory review screen shows, scoped to the caller's project: the
// trajectory and its steps (screenshot ids, canonical actions, thoughts, raw outputs),
// trajectory- and step-level verdicts with overrides, the caller's own answer and version,
// and the stored derived values (lib/domain/derive-trajectory.ts). Annotators get only what
// the machines said (the automatic outcome, the rule-vs-judge flag): not the review status,
// the human verdict, the flags and rewards that rest on it, since in a queue a verified item
// would give a honeypot away (reviewers get the standing from lib/queues/review-standing.ts).
// Each step also carries what the source gave beside its screenshot, for everyone: the copy
// with the agent's set-of-marks labels drawn on it (`overlay`, WebVoyager's screenshotN.png
// beside the clean screenshotN_no_box.png) and the element list it was shown (`observation`),
// where its screen changed before the next step (`screenChange`, stored at import) and whether
// the derivation counts it as having no visible effect; and the screen the episode ended on.
import type { Db } from "@/lib/db";
import { toNumber } from "@/lib/db/dialect";
import { modelColumns, modelOf } from "@/lib/db/model-rows";
import { execFor } from "@/lib/db/sql-exec";
import { inValues } from "@/lib/db/sql-reader";
import type { Step, Trajectory } from "@/lib/generated/sqlite/client";
import { annotationColumns, annotationFromRow } from "@/lib/annotations/annotation-row";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import { HUMAN_FLAGS, MismatchFlagSchema, type MismatchFlag } from "@/lib/domain/mismatch-flags";
import { trajectoryPayloadOf } from "@/lib/annotations/answer-kinds";
import { verdictsFor, verdictsOfSteps } from "@/lib/verdicts/effective-verdicts";
import { z } from "zod";

const RegionsSchema = z.array(z.tuple([z.number(), z.number(), z.number(), z.number()]));

/** The stored step indexes with no visible effect (Trajectory.noVisibleEffectSteps). */
function storedSteps(stored: string): Set<number> {
  return new Set(stored.split(",").filter((v) => /^\d+$/.test(v)).map(Number));
}

/** The stored flags, parsed; for annotators only those that do not rest on a human verdict. */
export function storedFlags(stored: string, seesHuman: boolean): MismatchFlag[] {
  return stored
    .split(",")
    .flatMap((f) => {
      const parsed = MismatchFlagSchema.safeParse(f);
      return parsed.success ? [parsed.data] : [];
    })
    .filter((f) => seesHuman || !HUMAN_FLAGS.has(f));
}

/** The evaluator's check points (AndroidLab's result keys "1", "2", ...) and what it said of each. */
function evaluatorSubGoals(extra: unknown): { key: string; evaluator: unknown }[] {
  const entries = extra && typeof extra === "object" && !Array.isArray(extra) ? (extra as { resultEntries?: unknown }).resultEntries : null;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((e) => (Array.isArray(e) && typeof e[0] === "string" && e[0] !== "complete" && e[0] !== "judge_page" ? [{ key: e[0], evaluator: e[1] as unknown }] : []));
}

type MediaSize = { id: string; width: number; height: number };

export async function loadTrajectoryReview(db: Db, projectId: string, trajectoryId: string, userId: string, viewer: { seesDerived: boolean }) {
  const exec = execFor(db);
  // Raw statements (issue 38: Prisma compiles each call again, and each included relation is a
  // statement of its own): the trajectory with its run's name, and its steps with their
  // screenshots' sizes, at once; then the verdicts, the caller's answer and the group size.
  const [[row], stepRows] = await Promise.all([
    exec.all<Record<string, unknown>>(
      `SELECT ${modelColumns(db, "Trajectory", "t")}, r."name" AS "runName" FROM "Trajectory" t LEFT JOIN "EvaluationRun" r ON r."id" = t."runId" WHERE t."id" = ? AND t."projectId" = ?`,
      [trajectoryId, projectId],
    ),
    exec.all<Record<string, unknown>>(
      `SELECT ${modelColumns(db, "Step", "s")}, m."id" AS "media_id", m."width" AS "media_width", m."height" AS "media_height"
       FROM "Step" s JOIN "Trajectory" t ON t."id" = s."trajectoryId" LEFT JOIN "Media" m ON m."id" = s."mediaId"
       WHERE s."trajectoryId" = ? AND t."projectId" = ? ORDER BY s."index"`,
      [trajectoryId, projectId],
    ),
  ]);
  if (!row) return null;
  const t = {
    ...modelOf<Trajectory>(db, "Trajectory", row),
    run: row.runId && row.runName !== null ? { id: row.runId as string, name: row.runName as string } : null,
    steps: stepRows.map((r) => ({
      ...modelOf<Step>(db, "Step", r),
      media: r.media_id === null ? null : ({ id: r.media_id, width: r.media_width, height: r.media_height } as MediaSize),
    })),
  };
  const [verdicts, stepVerdicts, mineRows, group] = await Promise.all([
    verdictsFor(db, projectId, { trajectoryId }),
    verdictsOfSteps(db, projectId, t.steps.map((s) => s.id)),
    exec.all<Record<string, unknown>>(
      `SELECT ${annotationColumns("a")} FROM "Annotation" a WHERE a."trajectoryId" = ? AND a."annotatorId" = ? AND a."kind" = 'label'`,
      [trajectoryId, userId],
    ),
    t.groupKey ? exec.all<{ n: unknown }>(`SELECT COUNT(*) AS "n" FROM "Trajectory" WHERE "projectId" = ? AND "groupKey" = ?`, [projectId, t.groupKey]) : [{ n: 1 }],
  ]);
  const mine = mineRows[0] ? annotationFromRow(mineRows[0]) : null;
  const groupSize = toNumber(group[0]?.n);
  const payload = mine ? trajectoryPayloadOf(mine) : null;
  const overlayIds = [...new Set([...t.steps.flatMap((s) => (s.overlayMediaId ? [s.overlayMediaId] : [])), ...(t.endMediaId ? [t.endMediaId] : [])])];
  const overlayParams: unknown[] = [projectId];
  const overlays = new Map(
    (overlayIds.length
      ? await exec.all<MediaSize>(`SELECT "id", "width", "height" FROM "Media" WHERE "projectId" = ? AND ${inValues(exec, '"id"', overlayIds, overlayParams)}`, overlayParams)
      : []
    ).map((m) => [m.id, m]),
  );
  const noVisibleEffect = storedSteps(t.noVisibleEffectSteps);
  return {
    id: t.id,
    goal: t.goal,
    benchmark: t.benchmark,
    app: t.app,
    model: t.model,
    run: t.run,
    groupKey: t.groupKey,
    groupSize,
    source: `${t.sourceDataset} / ${t.sourceId}`,
    autoOutcome: t.autoOutcome,
    autoSource: t.autoSource,
    effectiveAutoOutcome: t.effectiveAutoOutcome,
    sourceOutcome: t.sourceOutcome,
    stepCount: t.stepCount,
    // What the machine said of each sub-goal: shown to everyone who answers, like the verdicts.
    subGoals: evaluatorSubGoals(t.extra),
    invalidActionCount: t.invalidActionCount,
    agentClaimedFinish: t.agentClaimedFinish,
    storedFlags: storedFlags(t.mismatchFlags, viewer.seesDerived),
    // The screen after the last action, when the source has one: the filmstrip's last frame.
    endScreen: t.endImageRef ? { imageRef: t.endImageRef, media: (t.endMediaId && overlays.get(t.endMediaId)) || null } : null,
    derived: viewer.seesDerived
      ? { humanVerdict: t.humanVerdict, outcome: t.outcome, outcomeSource: t.outcomeSource, reward: t.reward, advantage: t.advantage, groupSize: t.groupSize, stepsCorrect: t.stepsCorrect, stepsIncorrect: t.stepsIncorrect }
      : null,
    steps: t.steps.map((s, i) => {
      const parsed = s.action === null ? null : ActionSchema.safeParse(s.action);
      return {
        id: s.id,
        index: s.index,
        media: s.imageMissing ? null : s.media,
        imageRef: s.imageRef,
        overlay: (s.overlayMediaId && overlays.get(s.overlayMediaId)) || null,
        observation: s.observation,
        action: (parsed?.success ? parsed.data : null) as Action | null,
        isRepeated: s.isRepeated,
        thought: s.thought,
        rawOutput: s.rawOutput,
        hasUiTree: s.uiTreeKey !== null,
        hasAgentTree: s.agentTreeKey !== null,
        // How the screen changed before the next step: the stored comparison (null when it was
        // not made: last step, missing image) and the regions whose pixels differ.
        screenChange: s.nextScreenStatus
          ? { status: s.nextScreenStatus, agreement: s.nextScreenAgreement, regions: RegionsSchema.safeParse(s.nextScreenRegions).data ?? null }
          : null,
        noVisibleEffect: noVisibleEffect.has(s.index),
        verdicts: stepVerdicts[i]!,
      };
    }),
    verdicts,
    mine: mine ? { version: mine.version, status: mine.status, updatedAt: mine.updatedAt.toISOString(), payload: payload! } : null,
  };
}

export type TrajectoryReview = NonNullable<Awaited<ReturnType<typeof loadTrajectoryReview>>>;
