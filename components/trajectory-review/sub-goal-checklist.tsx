"use client";
// The benchmark evaluator's sub-goals (AndroidLab's check points "1", "2", ... of the task's
// result) with what the evaluator said of each and the answer's own verdict: met, unmet, or not
// marked (the evaluator's value stands). On keys: g selects the next sub-goal, h cycles the
// selected one through met -> unmet -> not marked.
import { useT } from "@/components/i18n/i18n-provider";
import type { Translate } from "@/lib/i18n/translate";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import { subGoalOf } from "@/components/trajectory-review/sub-goal-edits";

type Props = {
  goals: { key: string; evaluator: unknown }[];
  payload: TrajectoryPayload;
  selected: number;
  onSelect: (index: number) => void;
  onCycle: (key: string) => void;
};

const said = (t: Translate, v: unknown) => (v === true ? t("trajectory.subGoals.met") : v === false ? t("trajectory.subGoals.unmet") : v === null || v === undefined ? t("trajectory.subGoals.noAnswer") : JSON.stringify(v));

export function SubGoalChecklist({ goals, payload, selected, onSelect, onCycle }: Props) {
  const t = useT();
  return (
    <section aria-label={t("trajectory.subGoals")} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-baseline justify-between">
        <h2 className="text-sm font-semibold">{t("trajectory.subGoals")}</h2>
        <span className="text-xs text-slate-600"><kbd className="font-mono">g</kbd> {t("trajectory.subGoals.nextKey")} · <kbd className="font-mono">h</kbd> {t("trajectory.subGoals.cycleKey")}</span>
      </div>
      <ul className="space-y-1" role="list">
        {goals.map((g, i) => {
          const mine = subGoalOf(payload, g.key);
          const state = mine === null ? t("trajectory.subGoals.notMarked") : mine.met ? t("trajectory.subGoals.met") : t("trajectory.subGoals.unmet");
          const tone = mine === null ? "border-slate-300 bg-white text-slate-800" : mine.met ? "border-emerald-700 bg-emerald-600 text-white" : "border-red-700 bg-red-600 text-white";
          return (
            <li key={g.key} className={`flex items-center justify-between gap-2 rounded-md px-2 py-1 text-sm ${i === selected ? "ring-2 ring-blue-500" : ""}`} data-testid={`sub-goal-${g.key}`}>
              <button type="button" className="text-left" onClick={() => onSelect(i)}>
                {t("trajectory.subGoals.checkPoint")} <span className="font-mono font-semibold">{g.key}</span> <span className="text-xs text-slate-600">({t("trajectory.subGoals.evaluator", { said: said(t, g.evaluator) })})</span>
              </button>
              <button type="button" aria-label={t("trajectory.subGoals.state", { key: g.key, state })} onClick={() => { onSelect(i); onCycle(g.key); }} className={`shrink-0 rounded-md border px-2 py-0.5 text-xs font-medium ${tone}`}>
                {state}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
