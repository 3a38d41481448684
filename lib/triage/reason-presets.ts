// The reasons a reviewer gives a triage override in one key (1-5). The last is always
// "other", which needs a few words of its own. Shared by the decision screen and the server,
// which turns the key back into the text it records.
export const TRAJECTORY_PRESETS = ["judge misread the screen", "task actually completed", "premature finish", "wrong app state", "other"] as const;
export const SAMPLE_PRESETS = ["judge misread the screen", "score too harsh", "score too lenient", "instruction is ambiguous", "other"] as const;
// A step-level judge's yes/no on one step's action.
export const STEP_PRESETS = ["judge misread the screen", "action was right for the goal", "action was wrong or wasted", "judge misread the task", "other"] as const;

export type PresetKind = "trajectory" | "step" | "sample";

const PRESETS: Record<PresetKind, readonly string[]> = { trajectory: TRAJECTORY_PRESETS, step: STEP_PRESETS, sample: SAMPLE_PRESETS };

export function presetsFor(kind: PresetKind): readonly string[] {
  return PRESETS[kind];
}

/** The reason text recorded for preset `key` (1-5) and an optional note; null when it needs more. */
export function reasonText(kind: PresetKind, key: number, note: string): string | null {
  const label = presetsFor(kind)[key - 1];
  if (!label) return null;
  const words = note.trim();
  if (label === "other") return words.length >= 3 ? words : null;
  return words ? `${label}: ${words}` : label;
}
