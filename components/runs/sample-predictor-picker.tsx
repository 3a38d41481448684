// Which predictor the run page's sampled estimate uses: the automatic outcome, or any judge
// that gave this run's episodes a yes/no verdict, with how many it judged. A plain GET form,
// so the choice is in the page's address (?predictor=) and can be shared; the server reads it
// against the same list (lib/runs/sampling/sample-predictor.ts) and says so when it is not on it.
import { judgeLabel } from "@/components/runs/predictor-text";
import type { PredictorOption } from "@/lib/domain/estimates/predictor";
import { sayIn, type Said } from "@/lib/i18n/said";
import { getT } from "@/lib/i18n/server";

type Props = { action: string; predictors: PredictorOption[]; chosen: string; episodes: number; refused: Said | null };

export async function SamplePredictorPicker({ action, predictors, chosen, episodes, refused }: Props) {
  const { t } = await getT();
  return (
    <div className="space-y-2">
      {refused && (
        <p role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900">
          {sayIn(t, refused)} {t("sampled.predictorFallback")}
        </p>
      )}
      <form method="get" action={action} aria-label={t("sampled.predictorForm")} className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {t("sampled.predictor")}
          <select name="predictor" defaultValue={chosen} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm font-normal text-slate-900">
            {predictors.map((o) => (
              <option key={o.key} value={o.key}>
                {o.predictor.kind === "automatic" ? t("sampled.predictorAutomatic") : t("sampled.predictorJudge", { judge: judgeLabel(t, o.predictor)!, judged: o.judged ?? 0, episodes })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">{t("sampled.predictorUse")}</button>
      </form>
      <p className="max-w-3xl text-xs text-slate-500">{t("sampled.predictorNote")}</p>
    </div>
  );
}
