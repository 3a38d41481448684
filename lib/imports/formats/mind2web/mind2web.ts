import "server-only";
// Mind2Web, in the three shapes teams keep it (all JSON arrays or JSON Lines, streamed):
//   - SeeClick's processed test files (`mind2web_data_test_{task,website,domain}.json`,
//     njucckevin/SeeClick agent_tasks/mind2web_test.py): tasks with `actions[]` whose target is
//     `bbox`, screenshots `mind2web_images/<annotation_id>-<action_uid>.jpg`;
//   - Mind2Web's own task files (`data/train/train_*.json`, `test_*`): the same tasks with
//     pos/neg candidates and the HTML, no screenshots;
//   - Multimodal-Mind2Web rows (osunlp/Multimodal-Mind2Web, SeeAct README "Data Fields"): one
//     action per row with `screenshot` (a path), `target_action_index` and candidates as JSON
//     strings; consecutive rows of one annotation_id are one task.
// A step without its own screenshot path is looked up under SeeClick's file name, the one
// naming convention for per-step Mind2Web screenshots.
import path from "node:path";
import { z } from "zod";
import type { FormatParser, ParsedItem, ParserInput, Rejection, SourceLocation } from "@/lib/imports/records";
import { readJsonHead } from "@/lib/imports/formats/grounding/json-head";
import { readJsonRecords } from "@/lib/imports/formats/grounding/json-records";
import { readCandidates } from "@/lib/imports/formats/mind2web/mind2web-elements";
import { mind2webTrajectory, type MindAction, type MindTask } from "@/lib/imports/formats/mind2web/mind2web-task";
import { describeZodError } from "@/lib/imports/formats/trajectories/zod-reason";

const Operation = z.preprocess(
  (v) => (typeof v === "string" ? JSON.parse(v) : v),
  z.object({ op: z.string(), original_op: z.string().nullish(), value: z.string().nullish() }),
);
const SeeClickBox = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

const ActionFields = {
  action_uid: z.string().min(1),
  operation: Operation,
  bbox: SeeClickBox.nullish(),
  pos_candidates: z.array(z.unknown()).nullish(),
  neg_candidates: z.array(z.unknown()).nullish(),
  raw_html: z.unknown().optional(),
  screenshot: z.unknown().optional(),
};
const TaskFields = {
  annotation_id: z.string().min(1),
  confirmed_task: z.string(),
  website: z.string().nullish(),
  domain: z.string().nullish(),
  subdomain: z.string().nullish(),
};
const TaskSchema = z.looseObject({ ...TaskFields, action_reprs: z.array(z.string()).nullish(), actions: z.array(z.unknown()) });
const ActionSchema = z.looseObject(ActionFields);
const RowSchema = z.looseObject({ ...TaskFields, ...ActionFields, target_action_index: z.union([z.string(), z.number()]).optional(), target_action_reprs: z.string().nullish() });

function splitOf(file: string): string | null {
  const m = /test_(task|website|domain)/.exec(path.basename(file)) ?? /(train)/.exec(path.basename(file));
  return m ? (m[1] === "train" ? "train" : `test_${m[1]}`) : null;
}

function screenshotOf(value: unknown, annotationId: string, actionUid: string): MindAction["screenshot"] {
  const named = `mind2web_images/${annotationId}-${actionUid}.jpg`;
  if (typeof value === "string" && value.trim() !== "") return { ref: value, problem: null };
  if (value && typeof value === "object") {
    const { path: p, bytes } = value as { path?: unknown; bytes?: unknown };
    if (typeof p === "string" && p.trim() !== "") return { ref: p, problem: null };
    if (bytes !== undefined && bytes !== null) return { ref: named, problem: "the screenshot is embedded in the record, which is not read; save it as a file (looked for it under SeeClick's name)" };
  }
  return { ref: named, problem: null };
}

function actionOf(fields: z.infer<typeof ActionSchema>, annotationId: string, repr: string | null): MindAction {
  const bbox = fields.bbox;
  return {
    actionUid: fields.action_uid,
    operation: { op: fields.operation.op, originalOp: fields.operation.original_op ?? null, value: fields.operation.value ?? "" },
    seeClickBox: bbox ? [bbox.x, bbox.y, bbox.width, bbox.height] : null,
    candidates: readCandidates(fields.pos_candidates, fields.neg_candidates),
    rawHtml: fields.raw_html,
    screenshot: screenshotOf(fields.screenshot, annotationId, fields.action_uid),
    repr,
  };
}

function reason(error: unknown): string {
  if (error instanceof z.ZodError) return describeZodError(error);
  return error instanceof Error ? error.message : String(error);
}

function taskOf(value: z.infer<typeof TaskSchema>, location: SourceLocation, split: string | null): { task: MindTask | null; rejections: Rejection[] } {
  const rejections: Rejection[] = [];
  const actions: MindAction[] = [];
  value.actions.forEach((raw, i) => {
    try {
      actions.push(actionOf(ActionSchema.parse(raw), value.annotation_id, value.action_reprs?.[i] ?? null));
    } catch (error) {
      rejections.push({ type: "rejected", location, reason: `task ${value.annotation_id} action ${i}: ${reason(error)}` });
    }
  });
  if (!actions.length) return { task: null, rejections: [...rejections, { type: "rejected", location, reason: `task ${value.annotation_id} has no readable action` }] };
  const variant = actions.some((a) => a.seeClickBox) ? "seeclick" : "mind2web";
  return {
    task: { annotationId: value.annotation_id, confirmedTask: value.confirmed_task, website: value.website ?? null, domain: value.domain ?? null, subdomain: value.subdomain ?? null, actions, location, variant, split },
    rejections,
  };
}

type Group = { task: MindTask; indexes: number[] };

function finishGroup(group: Group): MindTask {
  // Rows are one action each; target_action_index orders them.
  const order = group.indexes.map((index, i) => ({ index, action: group.task.actions[i]! })).sort((a, b) => a.index - b.index);
  return { ...group.task, actions: order.map((o) => o.action) };
}

async function* parseFile(input: ParserInput): AsyncGenerator<ParsedItem> {
  const split = splitOf(input.file ?? "");
  let group: Group | null = null;
  const finished = new Map<string, SourceLocation>();
  const emit = (done: Group): ParsedItem => {
    finished.set(done.task.annotationId, done.task.location);
    return mind2webTrajectory(finishGroup(done));
  };
  for await (const item of readJsonRecords(input)) {
    if (item.type === "rejected") {
      yield item;
      continue;
    }
    const value = item.value as Record<string, unknown> | null;
    if (value && Array.isArray(value.actions)) {
      if (group) yield emit(group);
      group = null;
      const parsed = TaskSchema.safeParse(value);
      if (!parsed.success) {
        yield { type: "rejected", location: item.location, reason: `not a Mind2Web task: ${describeZodError(parsed.error)}` };
        continue;
      }
      const { task, rejections } = taskOf(parsed.data, item.location, split);
      yield* rejections;
      if (task) yield mind2webTrajectory(task);
      continue;
    }
    let row: z.infer<typeof RowSchema>;
    try {
      row = RowSchema.parse(value);
    } catch (error) {
      yield { type: "rejected", location: item.location, reason: `not a Mind2Web task or Multimodal-Mind2Web row: ${reason(error)}` };
      continue;
    }
    if (group && group.task.annotationId !== row.annotation_id) {
      yield emit(group);
      group = null;
    }
    const earlier = finished.get(row.annotation_id);
    if (earlier) {
      yield { type: "rejected", location: item.location, reason: `a row of task ${row.annotation_id}, whose rows ended at line ${earlier.line}: rows of one task must be consecutive` };
      continue;
    }
    const action = actionOf(row, row.annotation_id, row.target_action_reprs ?? null);
    const index = row.target_action_index === undefined ? Number.NaN : Number(row.target_action_index);
    if (!group) {
      group = {
        task: { annotationId: row.annotation_id, confirmedTask: row.confirmed_task, website: row.website ?? null, domain: row.domain ?? null, subdomain: row.subdomain ?? null, actions: [], location: item.location, variant: "mind2web", split },
        indexes: [],
      };
    }
    group.task.actions.push(action);
    group.indexes.push(Number.isFinite(index) ? index : group.indexes.length);
  }
  if (group) yield emit(group);
}

export const mind2webParser: FormatParser = {
  id: "mind2web",
  label: "Mind2Web (SeeClick test files, Mind2Web and Multimodal-Mind2Web JSON)",
  async detect(input: ParserInput): Promise<boolean> {
    const head = await readJsonHead(input);
    if (!head) return false;
    const keys = head.recordKeys;
    return keys.has("annotation_id") && keys.has("confirmed_task") && (keys.has("actions") || keys.has("action_uid"));
  },
  parse(input: ParserInput): AsyncGenerator<ParsedItem> {
    return parseFile(input);
  },
};
