// The effective value of a judge verdict: the latest accepted override, else the verdict's own
// value (SPEC §2). A verdict's value is its current revision's (a re-import or a re-run may
// revise it); a human disagrees through an override record, which belongs to the verdict
// whatever revision it is at. The override that decided is returned too, since exports list
// what their rows rest on, and so is whether the verdict's value changed since that override
// was made: the override stays in force, and the item is flagged until a reviewer confirms or
// withdraws it.
import { effectiveValue } from "@/lib/domain/tiers";

export const OVERRIDE_STATUSES = ["accepted", "rejected", "withdrawn"] as const;
export type OverrideStatus = (typeof OVERRIDE_STATUSES)[number];

export type OverrideInput<T> = {
  id: string;
  value: T | null;
  createdAt: Date;
  status: string;
  // The verdict's value at the revision the override was made on (null: that revision had
  // none; absent: not known, and then the override is not taken as outdated).
  baseValue?: T | null;
};
export type VerdictWithOverrides<T> = { id: string; value: T | null; createdAt: Date; overrides: readonly OverrideInput<T>[] };
export type EffectiveVerdict<T> = { value: T | null; overrideId: string | null; isOutdated: boolean };

const asStatus = (status: string): OverrideStatus => (status === "rejected" || status === "withdrawn" ? status : "accepted");

export function effectiveVerdict<T>(verdict: VerdictWithOverrides<T>): EffectiveVerdict<T> {
  const decidedBy = effectiveValue<string | null>(
    null,
    verdict.overrides.map((o) => ({ value: o.id, createdAt: o.createdAt, status: asStatus(o.status) })),
  );
  if (decidedBy === null) return { value: verdict.value, overrideId: null, isOutdated: false };
  const override = verdict.overrides.find((o) => o.id === decidedBy)!;
  return { value: override.value, overrideId: override.id, isOutdated: override.baseValue !== undefined && override.baseValue !== verdict.value };
}

export type VerdictEffect<T> = EffectiveVerdict<T> & { id: string };

/** The effect of each of an item's verdicts (stored on the verdict), in the given order. */
export function verdictEffects<T>(verdicts: readonly VerdictWithOverrides<T>[]): VerdictEffect<T>[] {
  return verdicts.map((v) => ({ id: v.id, ...effectiveVerdict(v) }));
}

/** The item's flag: one of its verdicts changed under an override still in force. */
export function hasOutdatedOverride(effects: readonly { isOutdated: boolean }[]): boolean {
  return effects.some((e) => e.isOutdated);
}
