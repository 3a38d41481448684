"use client";
// The banner of a verdict whose machine value changed under a reviewer's override (a re-import
// or a re-run revised it): the override stays in force, and a reviewer confirms it (recorded
// again on the current revision) or withdraws it (the verdict's own value applies again).
// Annotators see the notice without the buttons.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { reviewOverrideAction } from "@/lib/actions/grounding";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";

type Props = { projectId: string; verdict: VerdictView; canDecide: boolean; show: (value: VerdictView["value"]) => string };

export function VerdictChangeNotice({ projectId, verdict, canDecide, show }: Props) {
  const router = useRouter();
  const t = useT();
  const [message, setMessage] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const inForce = verdict.overrides.find((o) => o.id === verdict.effectiveOverrideId);
  if (!verdict.overrideOutdated || !inForce) return null;

  async function decide(decision: "confirm" | "withdraw") {
    setPending(true);
    const result = await reviewOverrideAction({ projectId, overrideId: inForce!.id, decision });
    setPending(false);
    if (result.ok) router.refresh();
    else setMessage(result.error);
  }

  return (
    <div role="note" className="mt-1 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950" data-testid="verdict-changed-under-override">
      <p>{t("verdicts.changedUnderOverride", { from: show(inForce.baseValue), to: show(verdict.value), override: show(inForce.value), by: inForce.by })}</p>
      {canDecide && (
        <div className="mt-1 flex flex-wrap gap-2">
          <button type="button" disabled={isPending} onClick={() => decide("confirm")} className="rounded border border-amber-400 bg-white px-2 py-0.5 font-medium hover:bg-amber-100 disabled:opacity-50">
            {t("verdicts.confirmOverride", { value: show(inForce.value) })}
          </button>
          <button type="button" disabled={isPending} onClick={() => decide("withdraw")} className="rounded border border-amber-400 bg-white px-2 py-0.5 hover:bg-amber-100 disabled:opacity-50">
            {t("verdicts.withdrawOverride", { value: show(verdict.value) })}
          </button>
        </div>
      )}
      {message && <p role="alert" className="mt-1 text-red-700">{message}</p>}
    </div>
  );
}
