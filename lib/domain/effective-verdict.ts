// The effective value of a judge verdict: the latest accepted override, else the verdict's own
// value (SPEC §2). Verdicts are immutable; a human disagrees through an override record. The
// override that decided is returned too, since exports list what their rows rest on.
import { effectiveValue } from "@/lib/domain/tiers";

export type OverrideInput<T> = { id: string; value: T | null; createdAt: Date; status: string };
export type VerdictWithOverrides<T> = { id: string; value: T | null; createdAt: Date; overrides: readonly OverrideInput<T>[] };

export function effectiveVerdict<T>(verdict: VerdictWithOverrides<T>): { value: T | null; overrideId: string | null } {
  const decidedBy = effectiveValue<string | null>(
    null,
    verdict.overrides.map((o) => ({ value: o.id, createdAt: o.createdAt, status: o.status === "rejected" ? "rejected" : "accepted" })),
  );
  if (decidedBy === null) return { value: verdict.value, overrideId: null };
  const override = verdict.overrides.find((o) => o.id === decidedBy)!;
  return { value: override.value, overrideId: override.id };
}
