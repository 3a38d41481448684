// Verified trajectories as navigation rows, one per VERIFIED step: its final answer labels the
// step correct (the agent's action is the ground truth) or gives a corrected action (that is
// the ground truth). The prompt is the pool's template with the task and the history of what
// the agent actually did before the step (that is what led to its screenshot), each earlier
// action in the model's action syntax and in the same convention as the target, on its own
// step's screenshot. A step whose action, or an earlier action, cannot be written without
// inventing a coordinate (a WebVoyager "Click [5]" whose element box is unknown) or that the
// syntax has no word for, is left out and counted under excluded:* / skipped:*.
import { z } from "zod";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import { StepLabelSchema } from "@/lib/domain/labels";
import { answerText, renderAction, type ActionSyntaxId, type RenderResult } from "@/lib/exports/conventions/action-syntax";
import { conventionSpace, pointTolerance, type ConventionSpace } from "@/lib/exports/conventions/coordinate-conventions";
import { TEMPLATES, isNavigationTemplate, navigationPrompt, sanitizeUserText, type NavigationTemplateId } from "@/lib/exports/conventions/prompt-templates";
import type { StepRecord, VerifiedTrajectoryRecord } from "@/lib/exports/read/verified-trajectories";
import { rowImage, spaceOf } from "@/lib/exports/rows/grounding-rows";
import type { Counter, RowStyle } from "@/lib/exports/rows/row-style";
import { IMAGE_TOKEN, type TrainingRow, type Turn } from "@/lib/exports/rows/training-row";
import { historyNote, historyOf, type HistoryEntry, type HistoryThoughts, type StepView } from "@/lib/exports/rows/navigation-history";

const LabelsSchema = z.array(StepLabelSchema);

export function parsedAction(value: unknown): Action | null {
  const parsed = ActionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function navigationTemplate(style: RowStyle): { template: NavigationTemplateId; syntax: ActionSyntaxId; thoughts: HistoryThoughts } {
  if (!isNavigationTemplate(style.template)) throw new Error(`${style.template} is not a navigation template`);
  return { template: style.template, syntax: TEMPLATES[style.template].syntax!, thoughts: historyNote(style).thoughts };
}

const PROBLEM_KEY: Record<string, string> = {
  no_coordinates: "excluded:element_label_without_box",
  outside_image: "skipped:point_outside_image",
  not_in_syntax: "skipped:action_not_in_syntax",
};

function stepViews(t: VerifiedTrajectoryRecord, style: RowStyle, count: Counter): StepView[] {
  return t.steps.map((step) => {
    const image = rowImage(step);
    let space: ConventionSpace | null = null;
    if (image) {
      try {
        space = conventionSpace(style.convention, image, style.rounding);
      } catch {
        space = null;
      }
    }
    return { step, image, space, executed: parsedAction(step.action) };
  });
}

function promptTurns(template: NavigationTemplateId, goal: string, history: HistoryEntry[], style: RowStyle, space: ConventionSpace): Turn[] {
  const prompt = navigationPrompt(template, goal, history, style.convention, space.resized ?? space.image);
  const user = TEMPLATES[template].imageAfterText ? `${prompt.user}${IMAGE_TOKEN}` : `${IMAGE_TOKEN}${prompt.user}`;
  return [...(prompt.system ? [{ role: "system" as const, content: prompt.system }] : []), { role: "user", content: user }];
}

function truthOf(rendered: Extract<RenderResult, { text: string }>, syntax: ActionSyntaxId, style: RowStyle, space: ConventionSpace) {
  return {
    task: "navigation",
    syntax,
    convention: style.convention,
    action: rendered.truth,
    tolerance: pointTolerance(space),
    image: [space.image.width, space.image.height],
    resized: space.resized ? [space.resized.width, space.resized.height] : null,
  };
}

/** The verified steps of one trajectory as rows of the logical file. */
export function navigationRows(t: VerifiedTrajectoryRecord, style: RowStyle, file: string, count: Counter): TrainingRow[] {
  if (!t.answer) {
    count("skipped:no_final_answer");
    return [];
  }
  const labels = LabelsSchema.safeParse(t.answer.stepLabels ?? []);
  if (!labels.success) {
    count("skipped:unreadable_labels");
    return [];
  }
  const { template, syntax, thoughts } = navigationTemplate(style);
  const labelOf = new Map(labels.data.map((l) => [l.stepIndex, l]));
  const goal = sanitizeUserText(t.goal);
  if (goal.replaced > 0) count("text:image_placeholders_replaced", goal.replaced);
  const views = stepViews(t, style, count);
  const rows: TrainingRow[] = [];
  views.forEach((view, i) => {
    const label = labelOf.get(view.step.index);
    const truth = label?.correctedAction ?? (label?.label === "correct" ? view.executed : null);
    if (!truth) return count("skipped:steps_unverified");
    if (!view.image) return count("skipped:image_missing");
    const space = view.space ?? spaceOf(style, view.image, count);
    if (!space) return;
    const rendered = renderAction(truth, syntax, space);
    if ("problem" in rendered) return count(PROBLEM_KEY[rendered.problem]!);
    if (rendered.usedElementCentre) count("targets:element_box_centre");
    const history = historyOf(views, i, syntax, thoughts, count);
    if (typeof history === "string") return count(history);
    rows.push({
      key: `${t.id}:${view.step.index}`,
      itemId: t.id,
      file,
      turns: [...promptTurns(template, goal.text, history, style, space), { role: "assistant", content: answerText(syntax, rendered.text) }],
      images: [view.image],
      groundTruth: truthOf(rendered, syntax, style, space),
      meta: {
        id: `${t.id}:${view.step.index}`,
        trajectory_id: t.id,
        step_index: view.step.index,
        source: t.sourceDataset,
        benchmark: t.benchmark,
        app: t.app,
        model: t.model,
        corrected: label?.correctedAction !== undefined,
        revision_id: t.answer!.revisionId,
      },
      revisionIds: [t.answer!.revisionId],
      overrideIds: [],
    });
  });
  return rows;
}

/**
 * A verified success as one multi-turn SFT row: the task and the first screenshot, then each
 * step's action as the assistant's turn and the next screenshot as the user's, one image per
 * step. The actions are the ones the agent executed (the screenshots follow from them); a
 * success with a step labelled incorrect is no clean demonstration and is counted, not taught.
 */
export function successSftRow(t: VerifiedTrajectoryRecord, style: RowStyle, count: Counter): TrainingRow | null {
  if (!t.answer) return skipped(count, "skipped:no_final_answer");
  const labels = LabelsSchema.safeParse(t.answer.stepLabels ?? []);
  if (labels.success && labels.data.some((l) => l.label === "incorrect")) return skipped(count, "skipped:sft_success_with_incorrect_steps");
  if (t.steps.length === 0) return skipped(count, "skipped:no_steps");
  const { template, syntax } = navigationTemplate(style);
  const views = stepViews(t, style, count);
  if (views.some((v) => !v.image)) return skipped(count, "skipped:image_missing");
  if (views.some((v) => !v.space)) return skipped(count, "skipped:aspect_ratio_over_200");
  const goal = sanitizeUserText(t.goal);
  if (goal.replaced > 0) count("text:image_placeholders_replaced", goal.replaced);
  const turns: Turn[] = [];
  for (const [i, view] of views.entries()) {
    if (!view.executed) return skipped(count, "skipped:sft_unparseable_step");
    const rendered = renderAction(view.executed, syntax, view.space!);
    if ("problem" in rendered) return skipped(count, `skipped:sft_${rendered.problem === "no_coordinates" ? "element_label_without_box" : rendered.problem}`);
    if (i === 0) turns.push(...promptTurns(template, goal.text, [], style, view.space!));
    else turns.push({ role: "user", content: IMAGE_TOKEN });
    turns.push({ role: "assistant", content: answerText(syntax, rendered.text) });
  }
  return {
    key: t.id,
    itemId: t.id,
    file: "sft",
    turns,
    images: views.map((v) => v.image!),
    groundTruth: null,
    meta: { id: t.id, group_key: t.groupKey, source: t.sourceDataset, benchmark: t.benchmark, app: t.app, model: t.model, steps: t.steps.length, revision_id: t.answer.revisionId },
    revisionIds: [t.answer.revisionId],
    overrideIds: [],
  };
}

function skipped(count: Counter, key: string): null {
  count(key);
  return null;
}

/**
 * A preference pair of one task: a verified success (chosen) and a verified failure
 * (rejected), at the first step where they acted differently on the same screen (same
 * screenshot bytes, same actions before it). DPO compares two answers to one prompt, and only
 * there do both rollouts answer the same prompt; a pair that never shares a screen is counted.
 */
export function preferencePair(chosen: VerifiedTrajectoryRecord, rejected: VerifiedTrajectoryRecord, style: RowStyle, count: Counter): TrainingRow | null {
  const { template, syntax, thoughts } = navigationTemplate(style);
  const a = stepViews(chosen, style, count);
  const b = stepViews(rejected, style, count);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (!x.image || !y.image || x.image.sha256 !== y.image.sha256) break;
    if (!x.executed || !y.executed || !x.space) break;
    const good = renderAction(x.executed, syntax, x.space);
    const bad = renderAction(y.executed, syntax, x.space);
    if ("problem" in good || "problem" in bad) break;
    if (good.text === bad.text) continue;
    const history = historyOf(a, i, syntax, thoughts, count);
    if (typeof history === "string") break;
    const goal = sanitizeUserText(chosen.goal);
    return {
      key: `${chosen.id}>${rejected.id}`,
      itemId: chosen.id,
      file: "dpo",
      turns: [...promptTurns(template, goal.text, history, style, x.space), { role: "assistant", content: answerText(syntax, good.text) }],
      rejected: answerText(syntax, bad.text),
      images: [x.image],
      groundTruth: null,
      meta: { id: `${chosen.id}>${rejected.id}`, group_key: chosen.groupKey, chosen_id: chosen.id, rejected_id: rejected.id, step_index: x.step.index, revision_ids: [chosen.answer?.revisionId ?? null, rejected.answer?.revisionId ?? null] },
      revisionIds: [chosen.answer?.revisionId, rejected.answer?.revisionId].filter((r): r is string => typeof r === "string"),
      overrideIds: [],
    };
  }
  count("skipped:dpo_no_shared_screen");
  return null;
}
