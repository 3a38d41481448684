import "server-only";
// Writes trajectories with their steps and verdicts. Keyed by (project, source dataset,
// source id). Human work hangs on these rows (annotations on the trajectory, verdicts and
// their overrides on each step), so a re-import never deletes or recreates them:
//   - unchanged content: nothing is written, except screenshots missing before that can be
//     found now, which are linked to the existing steps;
//   - changed content: the trajectory and each step are updated in place (a step keeps its
//     id), steps the record adds are created, steps it no longer has are kept and reported;
//   - a screenshot found before and not found this time is kept;
//   - verdicts are written by identity: a changed one is revised, never duplicated (verdicts.ts);
//   - a settled trajectory whose goal, step actions, step screenshots or step count change is
//     reopened, or keeps those inputs, by the import's policy (verified-change.ts).
import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/generated/sqlite/client";
import type { InlineImage, StepRecord, TrajectoryRecord } from "@/lib/imports/records";
import { actionToPixels } from "@/lib/imports/write/action-pixels";
import { contentHash, sameJson } from "@/lib/domain/content-hash";
import { lookupEndScreen } from "@/lib/imports/write/end-screen";
import type { ImageFiles, MediaCache } from "@/lib/imports/write/media-cache";
import { note, noteRevised, reject, verdictChanged, type FormatReport } from "@/lib/imports/write/report";
import type { TouchedIds } from "@/lib/imports/write/touched";
import { IMPORT_TRANSACTION } from "@/lib/imports/write/transactions";
import { uiTreeKey } from "@/lib/imports/write/tree-key";
import { verdictRow, writeVerdicts } from "@/lib/verdicts/write-verdicts";
import type { MediaStore } from "@/lib/media/store";
import { isSettled } from "@/lib/domain/item-lifecycle";
import type { TrajectoryVerifiedInputs } from "@/lib/domain/verified-inputs";
import { trajectoryInputsOf } from "@/lib/annotations/item-inputs";
import { writeTxOf } from "@/lib/db/write-transaction";
import { asJson } from "@/lib/db/sql-reader";
import { onProposedInputs, recordSourceChange, settledState, type Verdict, type VerifiedChangePolicy } from "@/lib/imports/write/verified-change";

type PreparedStep = Omit<Prisma.StepCreateManyInput, "trajectoryId">;
export type TrajectoryContext = {
  db: Db;
  projectId: string;
  media: MediaCache;
  files: ImageFiles | null;
  store: MediaStore;
  report: FormatReport;
  runIds: Map<string, string>;
  touched: TouchedIds;
  policy: VerifiedChangePolicy;
};

// A step's columns that are verified inputs (lib/domain/verified-inputs.ts): a kept settled
// trajectory is written without them, and without new steps.
const STEP_INPUT_FIELDS = new Set(["mediaId", "imageRef", "imageMissing", "action", "actionType"]);

const STEP_FIELDS = ["mediaId", "imageRef", "imageMissing", "overlayMediaId", "overlayImageRef", "actionType", "action", "isRepeated", "rawOutput", "thought", "observation", "uiTreeKey", "agentTreeKey", "extra"] as const;
type StoredStep = { id: string; index: number } & { [K in (typeof STEP_FIELDS)[number]]: unknown };

async function storeUiTree(ctx: TrajectoryContext, ref: string | null, inline: string | null = null): Promise<string | null> {
  if (inline !== null) return storeTreeBytes(ctx, Buffer.from(inline, "utf8"));
  if (!ref || !ctx.files) return null;
  const located = await ctx.files.locate(ref);
  if ("missing" in located) return null;
  return storeTreeBytes(ctx, await ctx.files.read(located.path));
}

async function storeTreeBytes(ctx: TrajectoryContext, bytes: Buffer): Promise<string> {
  const key = uiTreeKey(bytes);
  if (!(await ctx.store.has(key))) await ctx.store.put(key, bytes);
  return key;
}

async function lookupImage(ctx: TrajectoryContext, record: TrajectoryRecord, step: StepRecord, ref: string | null, what: string, inline: InlineImage | null = null) {
  if (!ref && !inline) return { mediaId: null, size: null, isMissing: false };
  const found = inline ? await ctx.media.ingest(inline.bytes, ref ?? `step ${step.index}`) : await ctx.media.lookup(ref!);
  if (!found.found) {
    note(ctx.report, record.location, `step ${step.index}: ${what}${found.reason}`);
    return { mediaId: null, size: null, isMissing: true };
  }
  if (found.isNew) ctx.report.created.media += 1;
  return { mediaId: found.mediaId, size: found.size, isMissing: false };
}

async function prepareStep(ctx: TrajectoryContext, record: TrajectoryRecord, step: StepRecord): Promise<PreparedStep> {
  const image = await lookupImage(ctx, record, step, step.imageRef, "", step.inlineImage ?? null);
  if (image.isMissing) ctx.report.imagesMissing += 1;
  const overlay = await lookupImage(ctx, record, step, step.overlayImageRef ?? null, "labelled overlay: ", step.inlineOverlay ?? null);
  let action = step.action;
  if (action) {
    try {
      action = actionToPixels(action, step.actionContract, image.size);
    } catch (error) {
      note(ctx.report, record.location, `step ${step.index}: ${(error as Error).message}`);
      action = null;
    }
  }
  if (step.note) note(ctx.report, record.location, `step ${step.index}: ${step.note}`);
  return {
    index: step.index,
    mediaId: image.mediaId,
    imageRef: step.imageRef,
    imageMissing: image.isMissing,
    overlayMediaId: overlay.mediaId,
    overlayImageRef: step.overlayImageRef ?? null,
    actionType: action?.type ?? null,
    action: (action ?? undefined) as Prisma.InputJsonValue | undefined,
    isRepeated: step.isRepeated,
    rawOutput: step.rawOutput,
    thought: step.thought,
    observation: step.observation ?? null,
    uiTreeKey: await storeUiTree(ctx, step.uiTreeRef, step.uiTreeText ?? null),
    agentTreeKey: await storeUiTree(ctx, step.agentTreeRef ?? null),
    extra: (step.extra ?? undefined) as Prisma.InputJsonValue | undefined,
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

/** What this record's step would store, keeping what the stored step found and this import
 * cannot (a screenshot or UI tree given with an earlier import). */
function mergeStep(prepared: PreparedStep, stored: StoredStep | undefined): PreparedStep {
  if (!stored) return prepared;
  const merged = { ...prepared };
  if (merged.mediaId === null && stored.mediaId !== null && stored.imageRef === merged.imageRef) {
    merged.mediaId = stored.mediaId as string;
    merged.imageMissing = false;
  }
  if (merged.overlayMediaId === null && stored.overlayMediaId !== null && stored.overlayImageRef === merged.overlayImageRef) merged.overlayMediaId = stored.overlayMediaId as string;
  if (merged.uiTreeKey === null && stored.uiTreeKey !== null) merged.uiTreeKey = stored.uiTreeKey as string;
  if (merged.agentTreeKey === null && stored.agentTreeKey !== null) merged.agentTreeKey = stored.agentTreeKey as string;
  return merged;
}

function stepChanges(merged: PreparedStep, stored: StoredStep, keepInputs = false): Partial<PreparedStep> | null {
  const changes: Record<string, unknown> = {};
  for (const field of STEP_FIELDS) {
    if (keepInputs && STEP_INPUT_FIELDS.has(field)) continue;
    const next = (merged as Record<string, unknown>)[field] ?? null;
    const now = stored[field] ?? null;
    const same = field === "action" || field === "extra" ? sameJson(next, now) : next === now;
    // A Json column is cleared with DbNull: `null` is not a JSON value to Prisma.
    if (!same) changes[field] = next === null && (field === "action" || field === "extra") ? Prisma.DbNull : next;
  }
  return Object.keys(changes).length ? (changes as Partial<PreparedStep>) : null;
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
    select: { id: true, contentHash: true, endImageRef: true, endMediaId: true, status: true },
  });
  const storedSteps: StoredStep[] = existing
    ? ((await db.step.findMany({ where: { trajectoryId: existing.id }, orderBy: { index: "asc" } })) as unknown as StoredStep[])
    : [];
  if (existing && existing.contentHash === hash) {
    await completeStoredSteps(ctx, record, existing, storedSteps);
    return;
  }

  const prepared: PreparedStep[] = [];
  for (const step of record.steps) prepared.push(await prepareStep(ctx, record, step));
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
    terminationReason: record.terminationReason ?? null,
    stepCount: Math.max(record.steps.length, storedSteps.length),
    extra: (record.extra ?? undefined) as Prisma.InputJsonValue | undefined,
    ...(await lookupEndScreen(ctx, record, existing)),
  };
  const storedByIndex = new Map(storedSteps.map((s) => [s.index, s]));
  const extraSteps = storedSteps.filter((s) => !indexes.has(s.index));
  if (existing && extraSteps.length) {
    note(report, record.location, `the source now has ${record.steps.length} steps; the ${extraSteps.length} stored beyond them are kept, with their labels and verdicts`);
  }

  await db.$transaction(async (tx) => {
    const w = writeTxOf(db, tx);
    let trajectoryId: string;
    let changed = !existing;
    // A settled trajectory: what the record would do to the inputs it was verified on.
    let settled: { verdict: Verdict; before: TrajectoryVerifiedInputs; proposed: TrajectoryVerifiedInputs; state: Awaited<ReturnType<typeof settledState>> } | null = null;
    if (existing && isSettled(existing.status)) {
      const state = await settledState(w, projectId, { trajectoryId: existing.id });
      const before = (await trajectoryInputsOf(w.exec, [existing.id])).get(existing.id)!;
      const proposed = proposedInputs(record.goal, data.stepCount, prepared, storedSteps);
      settled = { verdict: onProposedInputs(ctx.policy, state, before, proposed), before, proposed, state };
    }
    const keepInputs = settled?.verdict.action === "keep";
    if (existing) {
      trajectoryId = existing.id;
      const stored = await tx.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } });
      const written: Record<string, unknown> = { ...data };
      if (keepInputs) {
        delete written.goal;
        delete written.stepCount;
      }
      changed = Object.keys(written).some((k) => k !== "contentHash" && (k === "extra" ? !sameJson(stored.extra, data.extra) : (stored[k as keyof typeof stored] ?? null) !== (written[k] ?? null)));
      await tx.trajectory.update({ where: { id: trajectoryId }, data: written });
    } else {
      trajectoryId = (await tx.trajectory.create({ data: { projectId, sourceDataset: record.sourceDataset, sourceId: record.sourceId, ...data }, select: { id: true } })).id;
      report.created.trajectories += 1;
    }
    const fresh: PreparedStep[] = [];
    for (const step of prepared) {
      const stored = storedByIndex.get(step.index);
      if (!stored) {
        fresh.push(step);
        continue;
      }
      const changes = stepChanges(mergeStep(step, stored), stored, keepInputs);
      if (changes) {
        await tx.step.update({ where: { id: stored.id }, data: changes as Prisma.StepUpdateInput });
        changed = true;
      }
    }
    if (keepInputs && fresh.length) {
      note(report, record.location, `the source now has ${fresh.length} more steps; they are not added, since the trajectory keeps the steps it was verified on`);
      fresh.length = 0;
    }
    if (fresh.length) {
      await tx.step.createMany({ data: fresh.map((s) => ({ ...s, trajectoryId })) });
      report.created.steps += fresh.length;
      changed = true;
    }
    const stepIds = new Map((await tx.step.findMany({ where: { trajectoryId }, select: { id: true, index: true } })).map((s) => [s.index, s.id]));
    const verdicts = [
      ...record.verdicts.map((v) => ({ row: verdictRow(projectId, { trajectoryId }, v), item: `trajectory ${record.sourceId}` })),
      ...record.steps.flatMap((s) => s.verdicts.map((v) => ({ row: verdictRow(projectId, { stepId: stepIds.get(s.index)! }, v), item: `step ${s.index} of ${record.sourceId}` }))),
    ];
    const written = await writeVerdicts(tx, projectId, verdicts.map((v) => v.row));
    report.created.verdicts += written.added;
    noteRevised(report, "verdicts", written.revised);
    for (const change of written.changedUnderOverride) {
      verdictChanged(report, {
        file: record.location.file, line: record.location.line, item: verdicts.find((v) => v.row === change.row)!.item,
        judge: change.row.judgeName, metric: change.row.metric, from: change.from, to: change.to, override: change.overrideValue,
        owner: { itemType: "trajectory", itemId: trajectoryId },
      });
    }
    const verdictsMoved = written.added + written.revised > 0;
    if (existing) {
      if (changed || written.revised > 0) report.updated += 1;
      else if (written.added === 0) report.unchanged += 1;
    }
    if (changed || verdictsMoved) ctx.touched.trajectories.add(trajectoryId);
    if (settled && settled.verdict.action !== "none") {
      await recordSourceChange(w, ctx.policy, report, {
        projectId, item: { trajectoryId }, label: `trajectory ${record.sourceId}`, action: settled.verdict.action, changes: settled.verdict.changes,
        before: settled.before, after: settled.proposed, state: settled.state!, location: record.location,
      });
    }
  }, IMPORT_TRANSACTION);
}

/** The inputs the trajectory would have after this record's write: its steps as merged with
 * what is stored (a screenshot found before and not now is kept), and the steps it no longer
 * has, which are kept. */
function proposedInputs(goal: string, stepCount: number, prepared: PreparedStep[], stored: StoredStep[]): TrajectoryVerifiedInputs {
  const storedByIndex = new Map(stored.map((s) => [s.index, s]));
  const steps = new Map<number, TrajectoryVerifiedInputs["steps"][number]>();
  for (const s of stored) steps.set(s.index, { index: s.index, action: asJson(s.action) ?? null, screenshot: s.imageMissing ? null : ((s.mediaId as string | null) ?? null) });
  for (const step of prepared) {
    const merged = mergeStep(step, storedByIndex.get(step.index));
    steps.set(step.index, { index: step.index, action: merged.action ?? null, screenshot: merged.imageMissing ? null : (merged.mediaId ?? null) });
  }
  return { kind: "trajectory", goal, stepCount, steps: [...steps.values()].sort((a, b) => a.index - b.index) };
}

/** Same content as stored: only screenshots that were missing and can be found now are
 * linked to their steps (and the final screen to the trajectory), in place. */
async function completeStoredSteps(ctx: TrajectoryContext, record: TrajectoryRecord, existing: { id: string; endImageRef: string | null; endMediaId: string | null; status: string }, stored: StoredStep[]) {
  const trajectoryId = existing.id;
  const waiting = stored.filter((s) => (s.imageMissing && s.imageRef) || (s.overlayImageRef && !s.overlayMediaId));
  // A screenshot found for a step that had none is a new input (step_screenshot); an overlay is not.
  const updates: { id: string; index: number; screenshot: string | null; overlay: string | null }[] = [];
  for (const step of waiting) {
    let screenshot: string | null = null;
    let overlay: string | null = null;
    if (step.imageMissing && typeof step.imageRef === "string") {
      const found = await ctx.media.lookup(step.imageRef);
      if (found.found) {
        if (found.isNew) ctx.report.created.media += 1;
        screenshot = found.mediaId;
      } else ctx.report.imagesMissing += 1;
    }
    if (typeof step.overlayImageRef === "string" && !step.overlayMediaId) {
      const found = await ctx.media.lookup(step.overlayImageRef);
      if (found.found) {
        if (found.isNew) ctx.report.created.media += 1;
        overlay = found.mediaId;
      }
    }
    if (screenshot || overlay) updates.push({ id: step.id, index: step.index, screenshot, overlay });
  }
  // Stored before the final screen was kept, or found missing then: linked now if it is here.
  const end = existing.endMediaId ? null : await lookupEndScreen(ctx, record, existing);
  const endChanged = end !== null && (end.endImageRef !== existing.endImageRef || end.endMediaId !== null);
  if (updates.length === 0 && !endChanged) {
    ctx.report.unchanged += 1;
    return;
  }
  let screenshots = updates.filter((u) => u.screenshot).length;
  await ctx.db.$transaction(async (tx) => {
    const w = writeTxOf(ctx.db, tx);
    let settled: { verdict: Verdict; before: TrajectoryVerifiedInputs; proposed: TrajectoryVerifiedInputs; state: Awaited<ReturnType<typeof settledState>> } | null = null;
    if (isSettled(existing.status) && screenshots > 0) {
      const state = await settledState(w, ctx.projectId, { trajectoryId });
      const before = (await trajectoryInputsOf(w.exec, [trajectoryId])).get(trajectoryId)!;
      const found = new Map(updates.flatMap((u) => (u.screenshot ? [[u.index, u.screenshot] as const] : [])));
      const proposed = { ...before, steps: before.steps.map((s) => (found.has(s.index) ? { ...s, screenshot: found.get(s.index)! } : s)) };
      settled = { verdict: onProposedInputs(ctx.policy, state, before, proposed), before, proposed, state };
    }
    const keepInputs = settled?.verdict.action === "keep";
    if (keepInputs) screenshots = 0;
    for (const u of updates) {
      const data: Prisma.StepUpdateInput = {};
      if (u.screenshot && !keepInputs) Object.assign(data, { media: { connect: { id: u.screenshot } }, imageMissing: false });
      if (u.overlay) data.overlayMediaId = u.overlay;
      if (Object.keys(data).length) await tx.step.update({ where: { id: u.id }, data, select: { id: true } });
    }
    if (endChanged) await tx.trajectory.update({ where: { id: trajectoryId }, data: end, select: { id: true } });
    if (settled && settled.verdict.action !== "none") {
      await recordSourceChange(w, ctx.policy, ctx.report, {
        projectId: ctx.projectId, item: { trajectoryId }, label: `trajectory ${record.sourceId}`, action: settled.verdict.action, changes: settled.verdict.changes,
        before: settled.before, after: settled.proposed, state: settled.state!, location: record.location,
      });
    }
  }, IMPORT_TRANSACTION);
  if (screenshots) note(ctx.report, record.location, `${screenshots} screenshots completed on the existing steps`);
  if (end?.endMediaId) note(ctx.report, record.location, "the final screen (after the last action) linked to the existing trajectory");
  ctx.report.updated += 1;
  ctx.touched.trajectories.add(trajectoryId);
}
