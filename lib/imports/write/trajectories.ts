import "server-only";
// Writes trajectories with their steps and verdicts. Keyed by (project, source dataset,
// source id): unchanged content is left alone; changed content replaces the steps (labels
// live in annotations, not on steps); verdicts are only ever added.
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { StepRecord, TrajectoryRecord } from "@/lib/imports/records";
import { actionToPixels } from "@/lib/imports/write/action-pixels";
import { contentHash } from "@/lib/imports/write/content-hash";
import type { ImageFiles, MediaCache } from "@/lib/imports/write/media-cache";
import { note, reject, type ImportReport } from "@/lib/imports/write/report";
import { uiTreeKey } from "@/lib/imports/write/tree-key";
import { addVerdicts, verdictRow } from "@/lib/imports/write/verdicts";
import type { MediaStore } from "@/lib/media/store";

type PreparedStep = Omit<Prisma.StepCreateManyInput, "trajectoryId">;
export type TrajectoryContext = {
  db: Db;
  projectId: string;
  media: MediaCache;
  files: ImageFiles | null;
  store: MediaStore;
  report: ImportReport;
  runIds: Map<string, string>;
};

async function storeUiTree(ctx: TrajectoryContext, ref: string | null): Promise<string | null> {
  if (!ref || !ctx.files) return null;
  const located = await ctx.files.locate(ref);
  if ("missing" in located) return null;
  const bytes = await ctx.files.read(located.path);
  const key = uiTreeKey(bytes);
  if (!(await ctx.store.has(key))) await ctx.store.put(key, bytes);
  return key;
}

async function prepareStep(ctx: TrajectoryContext, record: TrajectoryRecord, step: StepRecord): Promise<PreparedStep> {
  let mediaId: string | null = null;
  let size = null;
  let imageMissing = step.imageRef !== null;
  if (step.imageRef) {
    const found = await ctx.media.lookup(step.imageRef);
    if (found.found) {
      mediaId = found.mediaId;
      size = found.size;
      imageMissing = false;
      if (found.isNew) ctx.report.created.media += 1;
    } else {
      note(ctx.report, record.location, `step ${step.index}: ${found.reason}`);
      ctx.report.imagesMissing += 1;
    }
  }
  let action = step.action;
  if (action) {
    try {
      action = actionToPixels(action, step.actionContract, size);
    } catch (error) {
      note(ctx.report, record.location, `step ${step.index}: ${(error as Error).message}`);
      action = null;
    }
  }
  if (step.note) note(ctx.report, record.location, `step ${step.index}: ${step.note}`);
  return {
    index: step.index,
    mediaId,
    imageRef: step.imageRef,
    imageMissing,
    actionType: action?.type ?? null,
    action: (action ?? undefined) as Prisma.InputJsonValue | undefined,
    isRepeated: step.isRepeated,
    rawOutput: step.rawOutput,
    thought: step.thought,
    uiTreeKey: await storeUiTree(ctx, step.uiTreeRef),
  };
}

async function runIdFor(ctx: TrajectoryContext, name: string | null): Promise<string | null> {
  if (!name) return null;
  const known = ctx.runIds.get(name);
  if (known) return known;
  const run = await ctx.db.evaluationRun.findUnique({ where: { projectId_name: { projectId: ctx.projectId, name } } });
  if (run) ctx.runIds.set(name, run.id);
  return run?.id ?? null;
}

export async function writeTrajectory(ctx: TrajectoryContext, record: TrajectoryRecord): Promise<void> {
  const indexes = new Set(record.steps.map((s) => s.index));
  if (indexes.size !== record.steps.length) {
    reject(ctx.report, record.location, "two steps share one index");
    return;
  }
  const hash = contentHash(record);
  const { db, projectId, report } = ctx;
  const existing = await db.trajectory.findUnique({
    where: { projectId_sourceDataset_sourceId: { projectId, sourceDataset: record.sourceDataset, sourceId: record.sourceId } },
    select: { id: true, contentHash: true, steps: { where: { imageMissing: true }, select: { id: true }, take: 1 } },
  });
  // Unchanged and complete: nothing to do. A trajectory with a missing screenshot is
  // rewritten so that a re-import that now has the images completes it.
  if (existing && existing.contentHash === hash && existing.steps.length === 0) {
    report.unchanged += 1;
    return;
  }
  const steps: PreparedStep[] = [];
  for (const step of record.steps) steps.push(await prepareStep(ctx, record, step));
  const data = {
    goal: record.goal,
    benchmark: record.benchmark,
    app: record.app,
    model: record.model,
    runId: await runIdFor(ctx, record.runName),
    groupKey: record.groupKey,
    contentHash: hash,
    sourceOutcome: record.autoOutcome,
    // Its inputs changed: derived again at the end of the batch (lib/derived/mark-stale.ts).
    derivedRevision: 0,
    agentClaimedFinish: record.agentClaimedFinish,
    invalidActionCount: record.invalidActionCount,
    sourceReward: record.sourceReward,
    sourceAdvantage: record.sourceAdvantage,
    stepCount: record.steps.length,
    extra: (record.extra ?? undefined) as Prisma.InputJsonValue | undefined,
  };

  await db.$transaction(async (tx) => {
    let trajectoryId: string;
    if (existing) {
      trajectoryId = existing.id;
      await tx.trajectory.update({ where: { id: trajectoryId }, data });
      await tx.step.deleteMany({ where: { trajectoryId } });
      report.updated += 1;
    } else {
      trajectoryId = (await tx.trajectory.create({ data: { projectId, sourceDataset: record.sourceDataset, sourceId: record.sourceId, ...data }, select: { id: true } })).id;
      report.created.trajectories += 1;
    }
    if (steps.length) {
      await tx.step.createMany({ data: steps.map((s) => ({ ...s, trajectoryId })) });
      if (!existing) report.created.steps += steps.length;
    }
    const stepIds = new Map(
      (await tx.step.findMany({ where: { trajectoryId }, select: { id: true, index: true } })).map((s) => [s.index, s.id]),
    );
    const verdicts = [
      ...record.verdicts.map((v) => verdictRow(projectId, { trajectoryId }, v)),
      ...record.steps.flatMap((s) => s.verdicts.map((v) => verdictRow(projectId, { stepId: stepIds.get(s.index)! }, v))),
    ];
    report.created.verdicts += await addVerdicts(tx, verdicts);
  });
}
