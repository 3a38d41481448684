// Judge calibration rows (lib/runs/calibration/judge-calibration.ts): per judge and prompt
// version (and benchmark or app when split), precision first, then recall, F1 and kappa with
// their 95% intervals, the confusion matrix, and what trusting the judge would change: the
// success rate (its own over what it judged, against the humans' on the same episodes, and
// against the run's sampled estimate when there is one) and GRPO advantages flipping sign.
// Rows of step-level judges (level "step") read the same figures in a step's words: correct
// and incorrect against the people's step labels; no advantages rest on a step.
import type { JudgeCalibration } from "@/lib/runs/calibration/judge-calibration";
import { roganGladen } from "@/lib/domain/estimates/judge-certification";
import type { RateWithInterval } from "@/lib/domain/estimates/judge-metrics";
import { estimateText, type EstimateText } from "@/components/runs/estimate-text";
import { formatNumber } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";

type Props = { rows: JudgeCalibration[]; splitLabel?: string; corrected?: { rate: number; label: string } | null };

function Rate({ value, e }: { value: RateWithInterval; e: EstimateText }) {
  if (!value) return <span className="text-slate-400">—</span>;
  return (
    <span className="tabular-nums">
      {e.fixed(value.value, 2)} <span className="block whitespace-nowrap text-xs text-slate-500">{e.fixed(value.low, 2)}–{e.fixed(value.high, 2)}</span>
    </span>
  );
}

// The two values of a row's level, yes first.
function valueWords(t: Translate, row: JudgeCalibration): [string, string] {
  return row.level === "step" ? [t("trajectory.label.correct"), t("trajectory.label.incorrect")] : [t("verdict.success"), t("verdict.failure")];
}

function Confusion({ row, t }: { row: JudgeCalibration; t: Translate }) {
  const c = row.metrics.confusion;
  const [yes, no] = valueWords(t, row);
  const cell = "px-1.5 py-0.5 text-right tabular-nums";
  const head = "px-1.5 font-normal text-slate-500";
  return (
    <table className="text-xs" aria-label={t("calibration.confusionOf", { judge: row.judgeName })}>
      <thead><tr><th className="whitespace-nowrap pr-1 text-left font-normal text-slate-500">{t("calibration.judgeByHuman")}</th><th className={head}>{yes}</th><th className={head}>{no}</th></tr></thead>
      <tbody>
        <tr><th className="pr-1 text-left font-normal text-slate-500">{yes}</th><td className={`${cell} bg-emerald-50`}>{c.truePositive}</td><td className={`${cell} bg-rose-50`}>{c.falsePositive}</td></tr>
        <tr><th className="pr-1 text-left font-normal text-slate-500">{no}</th><td className={`${cell} bg-rose-50`}>{c.falseNegative}</td><td className={`${cell} bg-emerald-50`}>{c.trueNegative}</td></tr>
      </tbody>
    </table>
  );
}

export async function JudgeCalibrationTable({ rows, splitLabel, corrected }: Props) {
  const { t, locale } = await getT();
  const e = estimateText(t, locale);
  return (
    <div className="overflow-x-auto">
      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="judge-calibration">
        <thead className="bg-slate-100 text-left align-bottom">
          <tr>
            <th className="p-2">{t("calibration.judgePrompt")}</th>
            {splitLabel && <th className="p-2">{splitLabel}</th>}
            <th className="p-2">{t("calibration.pairs")}</th>
            <th className="p-2">{t("calibration.precision")}</th>
            <th className="p-2">{t("calibration.recall")}</th>
            <th className="p-2">F1</th>
            <th className="p-2">{t("calibration.kappa")}</th>
            <th className="p-2">{t("calibration.tprTnr")}</th>
            <th className="p-2">{t("calibration.certification")}</th>
            <th className="p-2">{t("calibration.confusion")}</th>
            <th className="p-2">{t("calibration.trusting")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {rows.map((row) => {
            const m = row.metrics;
            const kappa = m.kappa;
            return (
              <tr key={`${row.level}|${row.judgeName}|${row.promptVersion}|${row.split}`}>
                <td className="p-2"><span className="font-medium">{row.judgeName}</span><span className="block text-xs text-slate-500">{row.promptVersion ?? t("calibration.noPromptVersion")}</span></td>
                {splitLabel && <td className="p-2">{row.split}</td>}
                <td className="p-2 tabular-nums">{formatNumber(locale, m.pairs)}<span className="block text-xs text-slate-500">{t("calibration.ofJudged", { judged: row.judged })}</span></td>
                <td className="p-2"><Rate value={m.precision} e={e} /></td>
                <td className="p-2"><Rate value={m.recall} e={e} /></td>
                <td className="p-2"><Rate value={m.f1} e={e} /></td>
                <td className="p-2 tabular-nums">
                  {kappa ? <>{e.fixed(kappa.kappa, 2)}{kappa.low !== null && <span className="block whitespace-nowrap text-xs text-slate-500">{e.fixed(kappa.low, 2)}–{e.fixed(kappa.high!, 2)}</span>}</> : <span className="text-slate-400">—</span>}
                </td>
                <td className="p-2 text-xs">
                  <p className="whitespace-nowrap">{t("calibration.tpr")} <Rate value={row.certification.tpr} e={e} /></p>
                  <p className="mt-1 whitespace-nowrap">{t("calibration.tnr")} <Rate value={row.certification.tnr} e={e} /></p>
                </td>
                <td className="p-2 text-xs" data-testid="certification">
                  {row.certification.certified ? (
                    <span className="rounded bg-emerald-100 px-1.5 py-0.5 font-medium text-emerald-900">{t("calibration.certified")}</span>
                  ) : (
                    <span className="text-slate-700">{row.certification.labelsNeeded === null ? t("calibration.cannotCertify", { bound: e.fixed(row.bar.minLowerBound, 2) }) : t("calibration.labelsNeeded", { count: row.certification.labelsNeeded })}</span>
                  )}
                  <span className="mt-1 block text-slate-500">{t("calibration.bar", { bound: e.fixed(row.bar.minLowerBound, 2), pairs: row.bar.minPairs })}</span>
                </td>
                <td className="p-2"><Confusion row={row} t={t} /></td>
                <td className="p-2 text-xs text-slate-700">
                  <p>{t(row.level === "step" ? "calibration.itCallsSteps" : "calibration.itCalls", { rate: e.percent(row.judgeRate), judged: row.judged })}</p>
                  {(() => {
                    const { tpr, tnr } = row.certification;
                    const rg = tpr && tnr ? roganGladen(row.judgeRate, tpr.value, tnr.value) : null;
                    return rg ? <p>{t(rg.clipped ? "calibration.roganGladenClipped" : "calibration.roganGladen", { rate: e.percent(rg.rate) })}</p> : null;
                  })()}
                  {corrected && <p>{t("calibration.against", { label: corrected.label, rate: e.percent(corrected.rate), difference: e.signedPoints(row.judgeRate - corrected.rate) })}</p>}
                  {m.rateShift && <p>{t("calibration.onPairs", { difference: e.signedPoints(m.rateShift.difference), range: e.pointsRange(m.rateShift.low, m.rateShift.high) })}</p>}
                  {row.level === "trajectory" && <p>{row.flips ? t("calibration.flips", { flipped: row.flips.flipped, compared: row.flips.compared }) : t("calibration.noGroups")}</p>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
