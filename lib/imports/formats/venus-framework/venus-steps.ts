// One framework step (`step_data`, run_handler.py:258-271) as a StepRecord: the executed action
// mapped by the family's one mapping (venus-action-space.ts), with the model's call read from
// the reply the action came from (`raw_response`, else `pred_action`: after a rejection both
// are the retry's, run_handler.py:194-197), the model's raw reply beside it, the supervisor's verdict
// (venus-reflection.ts), and what the model was shown (the processor's prompt) as the
// observation. The screenshot is `screenshots/<screenshot_path>` in the episode folder
// (run_handler.py:218-222 saves it there and stores the bare file name).
import type { StepRecord } from "@/lib/imports/records";
import { foreignBasename, joinRef } from "@/lib/imports/formats/trajectories/source-files";
import { actionTextOf, mapVenusActionDict, readModelCall, type MappedVenusAction } from "@/lib/imports/formats/venus-framework/venus-action-space";
import type { VenusAction, VenusStep } from "@/lib/imports/formats/venus-framework/venus-episode";
import { reflectionVerdict } from "@/lib/imports/formats/venus-framework/venus-reflection";

const KNOWN_STEP_FIELDS = new Set(["step", "screenshot_path", "state", "action", "pred_action", "think", "conclusion", "raw_response", "reflection_history", "success", "timestamp", "step_time"]);

// run_handler.py:331-359 (_get_action_signature): the framework's own notion of "the same
// action again" (taps within the same 50 px cell, the same text, the same app).
export function actionSignature(action: VenusAction | null): string {
  if (action === null) return "None";
  const type = action.action_type ?? "";
  const pos = action.action_pos?.[0];
  if (type === "CLK" && pos && pos.length === 2) return `${type}:${Math.floor(pos[0]! / 50) * 50},${Math.floor(pos[1]! / 50) * 50}`;
  if (type === "INPUT") return `${type}:${action.input ?? ""}`;
  if (type === "REOPEN") return `${type}:${action.app_name ?? ""}`;
  return type;
}

type MessagePart = { type?: unknown; text?: unknown };

function renderContent(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as MessagePart[]).map((part) => (part?.type === "text" && typeof part.text === "string" ? part.text : part?.type === "image_url" ? "[image]" : "")).join("\n");
}

/** The prompt the policy sent, as text: ui_venus' string, or ui_venus_2's messages with their
 * images (history screenshots, base64) named rather than copied. */
export function observationOf(state: VenusStep["state"]): string | null {
  const query = state?.user_query;
  if (typeof query === "string") return query;
  if (!Array.isArray(query)) return null;
  return (query as { role?: unknown; content?: unknown }[]).map((m) => `[${String(m?.role ?? "?")}]\n${renderContent(m?.content)}`).join("\n\n");
}

const text = (value: string | null | undefined) => (value === null || value === undefined || value === "" ? null : value);

export type VenusStepRecord = { record: StepRecord; isInvalid: boolean };

function mapStepAction(step: VenusStep): MappedVenusAction {
  if (step.action === null) return { action: null, isLocated: false, isInvalid: true, notes: ["the policy returned no action (its model call or parse failed)"] };
  const call = readModelCall(actionTextOf(step.raw_response) ?? actionTextOf(step.pred_action));
  return mapVenusActionDict(step.action, call);
}

export function venusStep(episodeRef: string, step: VenusStep, index: number, previous: VenusAction | null | undefined): VenusStepRecord {
  const mapped = mapStepAction(step);
  const reflection = reflectionVerdict(step.reflection_history ?? []);
  const isRepeated = previous !== undefined && step.action !== null && actionSignature(previous) === actionSignature(step.action);
  const notes = [...mapped.notes, reflection.note].filter((n): n is string => n !== null);
  const rawOutput = text(step.raw_response) ?? text(step.pred_action);
  const unknown = Object.fromEntries(Object.entries(step).filter(([k]) => !KNOWN_STEP_FIELDS.has(k)));
  const history = step.reflection_history ?? [];
  return {
    isInvalid: mapped.isInvalid,
    record: {
      index,
      imageRef: joinRef(episodeRef, "screenshots", foreignBasename(step.screenshot_path)),
      action: mapped.action,
      actionContract: null,
      isRepeated,
      rawOutput,
      thought: text(step.think),
      uiTreeRef: null,
      note: notes.length ? notes.join("; ") : null,
      verdicts: reflection.verdict ? [reflection.verdict] : [],
      observation: observationOf(step.state),
      extra: {
        sourceStep: step.step,
        sourceAction: step.action,
        conclusion: text(step.conclusion),
        // ui_venus keeps a cleaned <think>/<action> text here; ui_venus_2 the reply itself.
        predAction: step.pred_action !== step.raw_response ? text(step.pred_action) : null,
        executed: step.success ?? null,
        timestamp: step.timestamp ?? null,
        stepTime: step.step_time ?? null,
        // The judgements and what each judged; in full only when no verdict carries them.
        reflection: reflection.verdict || history.length === 0 ? history.map((e) => ({ retry: e.retry ?? null, verdict: e.verdict, proposal: e.rejected_action ?? null })) : history,
        ...(Object.keys(unknown).length ? { unknownFields: unknown } : {}),
      },
    },
  };
}
