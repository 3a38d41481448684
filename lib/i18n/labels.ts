// Names of stored values (item states, roles, flags, error kinds, labels) in the reader's language. The stored value stays
// the English identifier; only its label is translated. An unknown value prints as stored.
import { ITEM_STATES, type ItemState } from "@/lib/domain/item-lifecycle";
import type { ErrorKind, StepLabelValue, TraceVerdict } from "@/lib/domain/labels";
import type { MismatchFlag } from "@/lib/domain/mismatch-flags";
import type { PlainKey, Translate } from "@/lib/i18n/translate";

const ITEM_STATE_KEYS: Record<ItemState, PlainKey> = {
  unreviewed: "state.unreviewed",
  in_review: "state.in_review",
  awaiting_adjudication: "state.awaiting_adjudication",
  verified: "state.verified",
  rejected: "state.rejected",
  reopened: "state.reopened",
  source_changed: "state.source_changed",
};

export function itemStateLabel(t: Translate, state: string): string {
  const key = ITEM_STATE_KEYS[state as ItemState];
  return key ? t(key) : state;
}

/** The lists' review-status filter (lib/domain/item-lifecycle.ts STATUS_FILTERS), labelled. */
export function statusFilterOptions(t: Translate): [string, string][] {
  return [...ITEM_STATES.map((s): [string, string] => [s, itemStateLabel(t, s)]), ["settled", t("state.settled")], ["unsettled", t("state.unsettled")]];
}

const ROLE_KEYS: Record<string, PlainKey> = { owner: "role.owner", admin: "role.admin", reviewer: "role.reviewer", annotator: "role.annotator" };

/** A project role (or "owner", the site owner) as the reader's language names it. */
export function roleLabel(t: Translate, role: string): string {
  const key = ROLE_KEYS[role];
  return key ? t(key) : role;
}

const FLAG_KEYS: Record<MismatchFlag, { label: PlainKey; why: PlainKey }> = {
  steps_ok_trace_failed: { label: "flag.steps_ok_trace_failed", why: "flag.steps_ok_trace_failed.why" },
  trace_ok_with_bad_steps: { label: "flag.trace_ok_with_bad_steps", why: "flag.trace_ok_with_bad_steps.why" },
  auto_vs_human: { label: "flag.auto_vs_human", why: "flag.auto_vs_human.why" },
  rule_vs_judge: { label: "flag.rule_vs_judge", why: "flag.rule_vs_judge.why" },
  claimed_finish_failed: { label: "flag.claimed_finish_failed", why: "flag.claimed_finish_failed.why" },
  no_visible_effect: { label: "flag.no_visible_effect", why: "flag.no_visible_effect.why" },
};

/** A stored flag's name, and what raises it, in the reader's language. */
export function flagLabel(t: Translate, flag: MismatchFlag): string {
  return t(FLAG_KEYS[flag].label);
}
export function flagWhy(t: Translate, flag: MismatchFlag): string {
  return t(FLAG_KEYS[flag].why);
}

const ERROR_KIND_KEYS: Record<ErrorKind, PlainKey> = {
  wrong_element: "errorKind.wrong_element",
  wrong_action: "errorKind.wrong_action",
  wrong_text: "errorKind.wrong_text",
  premature_finish: "errorKind.premature_finish",
  hallucinated: "errorKind.hallucinated",
  redundant: "errorKind.redundant",
  env_issue: "errorKind.env_issue",
  no_effect: "errorKind.no_effect",
};

export function errorKindLabel(t: Translate, kind: ErrorKind): string {
  return t(ERROR_KIND_KEYS[kind]);
}

const STEP_LABEL_KEYS: Record<StepLabelValue, PlainKey> = { correct: "trajectory.label.correct", incorrect: "trajectory.label.incorrect", unsure: "trajectory.label.unsure" };

export function stepLabelName(t: Translate, label: StepLabelValue): string {
  return t(STEP_LABEL_KEYS[label]);
}

const TRACE_VERDICT_KEYS: Record<TraceVerdict, PlainKey> = { success: "verdict.success", failure: "verdict.failure", unsure: "verdict.unsure" };

export function traceVerdictName(t: Translate, verdict: TraceVerdict): string {
  return t(TRACE_VERDICT_KEYS[verdict]);
}
