import "server-only";
// Offline-RL navigation pools: one row per VERIFIED step of a verified trajectory
// (navigation.jsonl). A step is verified when its final answer labels it correct (the
// agent's action is the ground truth) or gives a corrected action (that is the ground
// truth). Unlabeled steps, and steps labeled incorrect or unsure without a correction, teach
// nothing certain: they are counted (skipped:steps_unverified), not written. The history is
// what the agent actually did before the step, since that is what led to its screenshot.
import { z } from "zod";
import { ActionSchema, describeAction, type Action } from "@/lib/domain/actions";
import { StepLabelSchema } from "@/lib/domain/labels";
import { count, jsonlChunk, type ExportBuilder, type ExportContext } from "@/lib/exports/build/export-context";
import { countVerified } from "@/lib/exports/build/sample-rows";
import type { VerifiedStep } from "@/lib/exports/export-types";
import { navigationRow } from "@/lib/exports/formats/navigation";
import { verifiedTrajectoryBatches, type VerifiedTrajectoryRecord } from "@/lib/exports/read/verified-trajectories";

export const NAVIGATION_FILE = "navigation.jsonl";

const LabelsSchema = z.array(StepLabelSchema);

function parsedAction(value: unknown): Action | null {
  const parsed = ActionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function verifiedSteps(ctx: ExportContext, t: VerifiedTrajectoryRecord): VerifiedStep[] {
  if (!t.answer) {
    count(ctx.tally, "skipped:no_final_answer");
    return [];
  }
  const labels = LabelsSchema.safeParse(t.answer.stepLabels ?? []);
  if (!labels.success) {
    count(ctx.tally, "skipped:unreadable_labels");
    return [];
  }
  const labelOf = new Map(labels.data.map((l) => [l.stepIndex, l]));
  const history: string[] = [];
  const rows: VerifiedStep[] = [];
  for (const step of t.steps) {
    const executed = parsedAction(step.action);
    const label = labelOf.get(step.index);
    const truth = label?.correctedAction ?? (label?.label === "correct" ? executed : null);
    if (!truth) count(ctx.tally, "skipped:steps_unverified");
    else if (!step.media || !step.image) count(ctx.tally, "skipped:image_missing");
    else {
      rows.push({
        trajectoryId: t.id,
        index: step.index,
        imagePath: ctx.images.pathOf(step.media),
        image: step.image,
        goal: t.goal,
        history: [...history],
        action: truth,
        revisionId: t.answer.revisionId,
      });
    }
    history.push(executed ? describeAction(executed) : "(unparseable action)");
  }
  if (rows.length > 0) ctx.tally.revisionIds.push(t.answer.revisionId);
  return rows;
}

async function* navigationChunks(ctx: ExportContext): AsyncGenerator<string> {
  for await (const page of verifiedTrajectoryBatches(ctx.reader, ctx.projectId, { window: ctx.window, limit: ctx.pageSize })) {
    const rows = page.flatMap((t) => verifiedSteps(ctx, t)).map(navigationRow);
    count(ctx.tally, NAVIGATION_FILE, rows.length);
    count(ctx.tally, "trajectories", new Set(rows.map((r) => r.trajectory_id)).size);
    ctx.tally.rows += rows.length;
    if (rows.length > 0) yield jsonlChunk(rows);
    await ctx.onItems(page.length);
  }
}

export const navigationBuilder: ExportBuilder = {
  total: (ctx) => countVerified(ctx.reader, "Trajectory", ctx.projectId, ctx.window),
  async *files(ctx) {
    yield { name: NAVIGATION_FILE, content: navigationChunks(ctx) };
    yield* ctx.images.files();
  },
};
