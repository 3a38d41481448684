"use client";
// "How many more?": the sampled episodes that would bring the run interval's half-width under
// a target (default ±3 points), recomputed as the target changes (lib/domain/estimates/
// sample-plan.ts), and for admins the button that draws and queues exactly those. The server
// draws them only if its plan still says the same number.
import { useState } from "react";
import { ActionForm } from "@/components/ui/action-form";
import { SampleQueueFields, type QueueMemberOption } from "@/components/runs/sample-queue-fields";
import { drawMoreSampleAction } from "@/lib/actions/verification-samples";
import { planAdditional, type PlanStratum } from "@/lib/domain/estimates/sample-plan";
import { points } from "@/lib/domain/estimates/format";

type Props = {
  projectId: string;
  runId: string;
  strata: PlanStratum[];
  labels: Record<string, string>;
  canQueue: boolean;
  members: QueueMemberOption[];
  defaultHoneypotPercent: number;
};

export const DEFAULT_TARGET_POINTS = 3;

export function SamplePlanner({ projectId, runId, strata, labels, canQueue, members, defaultHoneypotPercent }: Props) {
  const [target, setTarget] = useState(String(DEFAULT_TARGET_POINTS));
  const value = Number(target);
  const valid = Number.isFinite(value) && value > 0 && value <= 50;
  const plan = valid ? planAdditional(strata, value / 100) : null;
  const drawn = strata.reduce((n, s) => n + s.drawn, 0);
  const population = strata.reduce((n, s) => n + s.populationSize, 0);
  return (
    <section aria-label="How many more" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">How many more?</h3>
      <label className="flex items-center gap-2 text-sm">
        Target half-width ±
        <input value={target} onChange={(e) => setTarget(e.target.value)} inputMode="decimal" aria-label="Target half-width in points" className="w-16 rounded-md border border-slate-300 px-2 py-1 text-right tabular-nums" />
        points
      </label>
      {!valid ? (
        <p role="alert" className="text-sm text-red-700">The target must be a number of points above 0 and at most 50.</p>
      ) : plan!.additional === 0 ? (
        <p className="text-sm" data-testid="how-many-more">
          None: once the {drawn} episodes drawn are verified, the interval is expected at {points(plan!.projectedHalfWidth)}, within the target of {points(value / 100)}.
        </p>
      ) : (
        <p className="text-sm" data-testid="how-many-more">
          <span className="font-semibold tabular-nums">{plan!.additional}</span> more sampled {plan!.additional === 1 ? "episode" : "episodes"} ({drawn + plan!.additional} of {population} drawn) would bring the interval to {points(plan!.projectedHalfWidth)}
          {plan!.currentHalfWidth !== null && <span className="text-slate-600">, from {points(plan!.currentHalfWidth)} with the {drawn} drawn so far</span>}.
        </p>
      )}
      {valid && plan!.additional > 0 && Object.keys(plan!.allocation).length > 1 && (
        <ul className="text-sm text-slate-700">
          {Object.entries(plan!.allocation).map(([key, count]) => (
            <li key={key}>{count} from {labels[key] ?? key}</li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500">
        Planned from the differences seen in the verified sample so far (never less than one more disagreement than seen in each stratum); the figure can change as more are verified.
      </p>
      {canQueue && valid && plan!.additional > 0 && (
        <ActionForm action={drawMoreSampleAction} label="Queue more sampled episodes" submitLabel={`Queue these ${plan!.additional} episodes`} className="space-y-3 border-t border-slate-100 pt-3">
          <input type="hidden" name="projectId" value={projectId} />
          <input type="hidden" name="runId" value={runId} />
          <input type="hidden" name="targetPoints" value={value} />
          <input type="hidden" name="expected" value={plan!.additional} />
          <SampleQueueFields members={members} defaultHoneypotPercent={defaultHoneypotPercent} />
        </ActionForm>
      )}
    </section>
  );
}
