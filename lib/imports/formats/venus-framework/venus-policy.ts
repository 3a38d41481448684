// Which policy wrote an episode, and the model coordinate convention that goes with it. The
// episode does not name its policy (run_handler.py:286-297 stores no config), but each policy's
// processor leaves its own prompt in `step_data.state.user_query` (run_handler.py:261 keeps the
// state minus the screenshot): ui_venus (UI-Venus-1.5) a single prompt string
// (uivenus_processor.py, UIVenusProcessor.process), ui_venus_2 a chat message list with a
// system prompt (ui_venus_2_processor.py, UIVenus2Processor.process). When neither shape is
// there the policy is "unknown" and so is the convention: it is never guessed.
//
// The convention is what the policy's code did with the model's numbers, recorded on the run:
// both prompts tell the model the grid runs (0,0)..(999,999), and both divide by 1000 (a grid
// whose far edge is 1000, lib/domain/coordinates.ts "0-1000"), ui_venus without a range check
// (ui_venus_policy.py:225-229), ui_venus_2 refusing any value >= 1000 (ui_venus_2_policy.py:66-76).
import type { VenusStep } from "@/lib/imports/formats/venus-framework/venus-episode";

export type VenusPolicy = "ui_venus" | "ui_venus_2" | "unknown";

export type ModelCoordinates = {
  unit: "0-1000";
  promptRange: "[0, 999]";
  toPixels: string;
  source: string;
};

export const MODEL_COORDINATES: Record<Exclude<VenusPolicy, "unknown">, ModelCoordinates> = {
  ui_venus: {
    unit: "0-1000",
    promptRange: "[0, 999]",
    toPixels: "px = int(v * W / 1000); values are not range-checked",
    source: "Venus_framework_mobile/policy/ui_venus_policy.py:225-229 @ 81945ac",
  },
  ui_venus_2: {
    unit: "0-1000",
    promptRange: "[0, 999]",
    toPixels: "px = int(v / 1000 * W); a value outside [0, 999] is refused",
    source: "Venus_framework_mobile/policy/ui_venus_2_policy.py:66-76 @ 81945ac",
  },
};

export type PolicyEvidence = { policy: VenusPolicy; evidence: string };

function policyOfState(state: VenusStep["state"]): VenusPolicy {
  const query = state?.user_query;
  if (typeof query === "string") return "ui_venus";
  if (Array.isArray(query) && query.length > 0 && (query[0] as { role?: unknown } | null)?.role === "system") return "ui_venus_2";
  return "unknown";
}

/** The policy the episode's steps show; steps that disagree leave it unknown, and say so. */
export function inferVenusPolicy(steps: readonly VenusStep[]): PolicyEvidence {
  const seen = new Set(steps.map((s) => policyOfState(s.state)));
  seen.delete("unknown");
  if (seen.size === 1) {
    const policy = [...seen][0]!;
    return { policy, evidence: policy === "ui_venus" ? "state.user_query is one prompt string (UIVenusProcessor)" : "state.user_query is a message list with a system prompt (UIVenus2Processor)" };
  }
  if (seen.size > 1) return { policy: "unknown", evidence: "the steps' state.user_query have the shapes of both policies" };
  return { policy: "unknown", evidence: "no step has a state.user_query of either policy's shape" };
}
