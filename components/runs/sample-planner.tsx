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
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { estimateText } from "@/components/runs/estimate-text";
import { formatNumber } from "@/lib/i18n/format";

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
const COUNT_MARK = "\u0000";

export function SamplePlanner({ projectId, runId, strata, labels, canQueue, members, defaultHoneypotPercent }: Props) {
  const t = useT();
  const locale = useLocale();
  const { points } = estimateText(t, locale);
  const [target, setTarget] = useState(String(DEFAULT_TARGET_POINTS));
  const value = Number(target);
  const valid = Number.isFinite(value) && value > 0 && value <= 50;
  const plan = valid ? planAdditional(strata, value / 100) : null;
  const drawn = strata.reduce((n, s) => n + s.drawn, 0);
  const population = strata.reduce((n, s) => n + s.populationSize, 0);
  return (
    <section aria-label={t("planner.region")} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">{t("planner.title")}</h3>
      <label className="flex items-center gap-2 text-sm">
        {t("planner.target")}
        <input value={target} onChange={(e) => setTarget(e.target.value)} inputMode="decimal" aria-label={t("planner.targetLabel")} className="w-16 rounded-md border border-slate-300 px-2 py-1 text-right tabular-nums" />
        {t("planner.points")}
      </label>
      {!valid ? (
        <p role="alert" className="text-sm text-red-700">{t("planner.invalid")}</p>
      ) : plan!.additional === 0 ? (
        <p className="text-sm" data-testid="how-many-more">
          {t("planner.none", { drawn, projected: points(plan!.projectedHalfWidth), target: points(value / 100) })}
        </p>
      ) : (
        <p className="text-sm" data-testid="how-many-more">
          {/* The count in bold wherever the sentence puts it: split at a marker put in its place. */}
          {(() => {
            const [before, after] = t(plan!.additional === 1 ? "planner.moreOne" : "planner.moreMany", { count: COUNT_MARK, drawn: drawn + plan!.additional, population, projected: points(plan!.projectedHalfWidth) }).split(COUNT_MARK);
            return <>{before}<span className="font-semibold tabular-nums">{formatNumber(locale, plan!.additional)}</span>{after}</>;
          })()}
          {plan!.currentHalfWidth !== null && <span className="text-slate-600">{t("planner.from", { current: points(plan!.currentHalfWidth), drawn })}</span>}{t("planner.end")}
        </p>
      )}
      {valid && plan!.additional > 0 && Object.keys(plan!.allocation).length > 1 && (
        <ul className="text-sm text-slate-700">
          {Object.entries(plan!.allocation).map(([key, count]) => (
            <li key={key}>{t("planner.fromStratum", { count, stratum: labels[key] ?? key })}</li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500">
        {t("planner.note")}
      </p>
      {canQueue && valid && plan!.additional > 0 && (
        <ActionForm action={drawMoreSampleAction} label={t("planner.queueForm")} submitLabel={t("planner.queueSubmit", { count: plan!.additional })} className="space-y-3 border-t border-slate-100 pt-3">
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
