// Labels of triage's stored identifiers in the reader's language: outcomes, the reasons an
// item is in doubt, and the reason presets (recorded in English, lib/triage/reason-presets.ts).
import type { TriageReason } from "@/lib/domain/triage-impact";
import type { MessageKey, PlainKey, Translate } from "@/lib/i18n/translate";

export const outcomeLabel = (t: Translate, success: boolean) => t(success ? "triageDecision.success" : "triageDecision.failure");

/** "success" / "failure" as stored on a human verdict; anything else as it is. */
export function verdictWordLabel(t: Translate, value: string): string {
  return value === "success" || value === "failure" ? outcomeLabel(t, value === "success") : value;
}

export const reasonLabel = (t: Translate, reason: TriageReason) => t(`triageReason.${reason}` as PlainKey);

export function presetLabel(t: Translate, preset: string): string {
  const key = `triagePreset.${preset}` as MessageKey;
  return t(key as PlainKey) ?? preset;
}
