// Names of stored values (item states, ...) in the reader's language. The stored value stays
// the English identifier; only its label is translated. An unknown value prints as stored.
import { ITEM_STATES, type ItemState } from "@/lib/domain/item-lifecycle";
import type { PlainKey, Translate } from "@/lib/i18n/translate";

const ITEM_STATE_KEYS: Record<ItemState, PlainKey> = {
  unreviewed: "state.unreviewed",
  in_review: "state.in_review",
  awaiting_adjudication: "state.awaiting_adjudication",
  verified: "state.verified",
  rejected: "state.rejected",
  reopened: "state.reopened",
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
