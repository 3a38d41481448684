// Labels of triage's stored identifiers in the reader's language: outcomes, the reasons an
// item is in doubt, and the reason presets (recorded in English, lib/triage/reason-presets.ts).
import type { TriageReason } from "@/lib/domain/triage-impact";
import type { StepLabel } from "@/lib/domain/labels";
import { errorKindLabel, stepLabelName } from "@/lib/i18n/labels";
import type { MessageKey, PlainKey, Translate } from "@/lib/i18n/translate";

export const outcomeLabel = (t: Translate, success: boolean) => t(success ? "triageDecision.success" : "triageDecision.failure");

/** "success" / "failure" as stored on a human verdict; anything else as it is. */
export function verdictWordLabel(t: Translate, value: string): string {
  return value === "success" || value === "failure" ? outcomeLabel(t, value === "success") : value;
}

/** A step-level judge's yes / no, in a step label's words. */
export const stepValueLabel = (t: Translate, isCorrect: boolean) => stepLabelName(t, isCorrect ? "correct" : "incorrect");

/** A person's step label with its error kind: "incorrect (redundant)". */
export function humanStepLabel(t: Translate, label: Pick<StepLabel, "label" | "errorKind">): string {
  const name = stepLabelName(t, label.label);
  return label.errorKind ? `${name} (${errorKindLabel(t, label.errorKind)})` : name;
}

export const reasonLabel = (t: Translate, reason: TriageReason) => t(`triageReason.${reason}` as PlainKey);

export function presetLabel(t: Translate, preset: string): string {
  const key = `triagePreset.${preset}` as MessageKey;
  return t(key as PlainKey) ?? preset;
}
