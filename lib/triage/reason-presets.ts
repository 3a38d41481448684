// The reasons a reviewer gives a triage override in one key (1-5). The last is always
// "other", which needs a few words of its own. Shared by the decision screen and the server,
// which turns the key back into the text it records.
export const TRAJECTORY_PRESETS = ["judge misread the screen", "task actually completed", "premature finish", "wrong app state", "other"] as const;
export const SAMPLE_PRESETS = ["judge misread the screen", "score too harsh", "score too lenient", "instruction is ambiguous", "other"] as const;

export type PresetKind = "trajectory" | "sample";

export function presetsFor(kind: PresetKind): readonly string[] {
  return kind === "trajectory" ? TRAJECTORY_PRESETS : SAMPLE_PRESETS;
}

/** The reason text recorded for preset `key` (1-5) and an optional note; null when it needs more. */
export function reasonText(kind: PresetKind, key: number, note: string): string | null {
  const label = presetsFor(kind)[key - 1];
  if (!label) return null;
  const words = note.trim();
  if (label === "other") return words.length >= 3 ? words : null;
  return words ? `${label}: ${words}` : label;
}
