import "server-only";
// One Mind2Web task -> one trajectory of human demonstration steps. Each step is one
// `actions[i]` (SeeClick's processed test files and Mind2Web's own task JSON) or one row
// (Multimodal-Mind2Web), with `operation: {op, original_op, value}`: original_op is what the
// annotator did (CLICK, TYPE, SELECT, HOVER, ENTER; Mind2Web maps HOVER and ENTER to CLICK in
// `op`), so it is the one mapped:
//   CLICK -> click, HOVER -> hover, ENTER -> enter, TYPE -> type(value), SELECT -> select(value),
// each on the target element's box, acting at its centre (the point SeeClick's evaluation
// takes as the ground-truth click, mind2web_test.py action2step). The step keeps every
// candidate element's box (its `extra`), the page size and, for SeeClick steps, the offset
// between the page and SeeClick's screenshot (see mind2web-elements.ts).
import { ActionSchema, type Action } from "@/lib/domain/actions";
import type { Box } from "@/lib/domain/geometry";
import type { SourceLocation, StepRecord, TrajectoryRecord } from "@/lib/imports/records";
import { UNJUDGED_EPISODE } from "@/lib/imports/records";
import { pageSizeOf, targetBoxFromHtml, targetCandidate, xywhToBox, type Candidate } from "@/lib/imports/formats/mind2web/mind2web-elements";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

export type MindAction = {
  actionUid: string;
  operation: { op: string; originalOp: string | null; value: string };
  /** SeeClick's target box, [x, y, w, h] in its screenshot's pixels. */
  seeClickBox: readonly number[] | null;
  candidates: Candidate[];
  rawHtml: unknown;
  screenshot: { ref: string | null; problem: string | null };
  repr: string | null;
};

export type MindTask = {
  annotationId: string;
  confirmedTask: string;
  website: string | null;
  domain: string | null;
  subdomain: string | null;
  actions: MindAction[];
  location: SourceLocation;
  /** Which file family: SeeClick's processed files carry `bbox`, Mind2Web's own do not. */
  variant: "seeclick" | "mind2web";
  split: string | null;
};

type Located = { box: Box | null; space: "image" | "page" | null; note: string | null };

function locate(action: MindAction): Located {
  if (action.seeClickBox) {
    const box = xywhToBox(action.seeClickBox);
    return box ? { box, space: "image", note: null } : { box: null, space: null, note: `bbox ${JSON.stringify(action.seeClickBox)} is not a box` };
  }
  const target = targetCandidate(action.candidates);
  if (target?.box) return { box: target.box, space: "page", note: null };
  const fromHtml = targetBoxFromHtml(action.rawHtml, action.actionUid);
  if (fromHtml) return { box: fromHtml, space: "page", note: "pos_candidates is empty: the target's box is taken from its element in raw_html" };
  return { box: null, space: null, note: "no box for the target element (no bbox, no positive candidate with a box, none in raw_html)" };
}

function build(action: MindAction, located: Located): unknown {
  const op = (action.operation.originalOp ?? action.operation.op).toUpperCase();
  const { box } = located;
  const target = targetCandidate(action.candidates) ?? action.candidates.find((c) => c.isPositive) ?? null;
  const at = box ? { x: (box[0] + box[2]) / 2, y: (box[1] + box[3]) / 2, element: box } : target?.id ? { elementLabel: target.id } : {};
  const element = box ? { element: box } : {};
  switch (op) {
    case "CLICK":
      return { type: "click", ...at };
    case "HOVER":
      return { type: "hover", ...at };
    case "ENTER":
      return { type: "enter", ...element };
    case "TYPE":
      return { type: "type", text: action.operation.value, ...element };
    case "SELECT":
      return { type: "select", option: action.operation.value, ...at };
    default:
      return undefined;
  }
}

function mapAction(action: MindAction, located: Located): { action: Action | null; note: string | null } {
  const built = build(action, located);
  const name = action.operation.originalOp ?? action.operation.op;
  if (built === undefined) return { action: null, note: `unknown Mind2Web operation "${name}"` };
  const parsed = ActionSchema.safeParse(built);
  if (!parsed.success) return { action: null, note: `${name}: ${describeZodError(parsed.error)}${located.note ? ` (${located.note})` : ""}` };
  return { action: parsed.data, note: located.note };
}

function offsetOf(action: MindAction, located: Located): { x: number; y: number } | null {
  if (located.space !== "image" || !located.box) return null;
  const page = targetCandidate(action.candidates)?.box;
  if (!page) return null;
  // Only a box of the same size is the same element seen through a shifted viewport.
  const same = Math.abs(page[2] - page[0] - (located.box[2] - located.box[0])) <= 1 && Math.abs(page[3] - page[1] - (located.box[3] - located.box[1])) <= 1;
  return same ? { x: page[0] - located.box[0], y: page[1] - located.box[1] } : null;
}

export function mind2webTrajectory(task: MindTask): TrajectoryRecord {
  const steps: StepRecord[] = [];
  const stepExtras: Record<string, unknown>[] = [];
  for (const action of task.actions) {
    const located = locate(action);
    const mapped = mapAction(action, located);
    const notes = [mapped.note, action.screenshot.problem].filter((n): n is string => Boolean(n));
    steps.push({
      index: steps.length,
      imageRef: action.screenshot.ref,
      action: mapped.action,
      actionContract: null,
      isRepeated: false,
      rawOutput: JSON.stringify({ operation: { op: action.operation.op, original_op: action.operation.originalOp, value: action.operation.value }, ...(action.repr ? { repr: action.repr } : {}) }),
      thought: null,
      uiTreeRef: null,
      note: notes.length ? notes.join("; ") : null,
      verdicts: [],
    });
    const offset = offsetOf(action, located);
    stepExtras.push({
      index: steps.length - 1,
      actionUid: action.actionUid,
      repr: action.repr,
      targetSpace: located.space,
      pageSize: pageSizeOf(action.candidates),
      ...(offset ? { pageOffset: offset } : {}),
      // [x1, y1, x2, y2] in page coordinates, as Mind2Web measured them.
      candidates: action.candidates.map((c) => ({ id: c.id, tag: c.tag, box: c.box, isPositive: c.isPositive })),
    });
  }
  return {
    type: "trajectory",
    location: task.location,
    sourceDataset: task.variant === "seeclick" ? "mind2web-seeclick" : "mind2web",
    sourceId: task.annotationId,
    goal: task.confirmedTask,
    benchmark: "mind2web",
    app: task.website,
    // No model, no run, no automatic outcome.
    ...UNJUDGED_EPISODE,
    steps,
    verdicts: [],
    extra: {
      annotationId: task.annotationId,
      website: task.website,
      domain: task.domain,
      subdomain: task.subdomain,
      split: task.split,
      candidateBoxes: "per step, [x1, y1, x2, y2] in page coordinates; pageOffset (SeeClick steps) is where SeeClick's screenshot starts on the page",
      steps: stepExtras,
    },
  };
}
