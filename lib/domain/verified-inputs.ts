// The inputs a person verified an item on, which its final answer pins (AnswerRevision.inputsHash):
// a sample's instruction, screenshot and image size; a trajectory's goal, each step's action and
// screenshot, and its step count. An answer is only ever paired with the inputs it was given on:
// a re-import that changes any of them reopens the item (or, when the team asks, keeps the
// verified inputs), never leaves the old answer on new inputs (lib/imports/write/verified-change.ts).
// A screenshot is named by its media row (content-addressed per project), or null while missing.
import { createHash } from "node:crypto";
import { canonicalJson } from "@/lib/domain/canonical-json";

export type SampleVerifiedInputs = { kind: "sample"; instruction: string; screenshot: string | null; width: number | null; height: number | null };
export type VerifiedStep = { index: number; action: unknown; screenshot: string | null };
export type TrajectoryVerifiedInputs = { kind: "trajectory"; goal: string; stepCount: number; steps: VerifiedStep[] };
export type VerifiedInputs = SampleVerifiedInputs | TrajectoryVerifiedInputs;

export function verifiedInputsHash(inputs: VerifiedInputs): string {
  const steps = inputs.kind === "trajectory" ? [...inputs.steps].sort((a, b) => a.index - b.index) : undefined;
  return createHash("sha256").update(canonicalJson(steps ? { ...inputs, steps } : inputs)).digest("hex");
}

/** One input that differs, as data: the screens and the import report word it. */
export type InputChange =
  | { field: "instruction" | "screenshot" | "image_size" | "goal" | "step_count" }
  | { field: "step_action" | "step_screenshot"; step: number };

export function changedInputs(before: VerifiedInputs, after: VerifiedInputs): InputChange[] {
  if (before.kind === "sample" && after.kind === "sample") {
    const changes: InputChange[] = [];
    if (before.instruction !== after.instruction) changes.push({ field: "instruction" });
    if (before.screenshot !== after.screenshot) changes.push({ field: "screenshot" });
    if (before.width !== after.width || before.height !== after.height) changes.push({ field: "image_size" });
    return changes;
  }
  if (before.kind === "trajectory" && after.kind === "trajectory") {
    const changes: InputChange[] = [];
    if (before.goal !== after.goal) changes.push({ field: "goal" });
    if (before.stepCount !== after.stepCount) changes.push({ field: "step_count" });
    const was = new Map(before.steps.map((s) => [s.index, s]));
    const now = new Map(after.steps.map((s) => [s.index, s]));
    for (const index of [...new Set([...was.keys(), ...now.keys()])].sort((a, b) => a - b)) {
      const a = was.get(index);
      const b = now.get(index);
      if (canonicalJson(a?.action ?? null) !== canonicalJson(b?.action ?? null)) changes.push({ field: "step_action", step: index });
      if ((a?.screenshot ?? null) !== (b?.screenshot ?? null)) changes.push({ field: "step_screenshot", step: index });
    }
    return changes;
  }
  throw new TypeError("cannot compare the inputs of a sample with a trajectory's");
}

/** English words for a change (import reports, API bodies, logs); steps counted from 1, as on screen. */
export function describeInputChange(change: InputChange): string {
  switch (change.field) {
    case "step_action":
      return `step ${change.step + 1} action`;
    case "step_screenshot":
      return `step ${change.step + 1} screenshot`;
    case "image_size":
      return "image size";
    case "step_count":
      return "step count";
    default:
      return change.field;
  }
}
