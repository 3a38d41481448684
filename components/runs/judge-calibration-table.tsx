// Judge calibration rows (lib/runs/calibration/judge-calibration.ts): per judge and prompt
// version (and benchmark or app when split), precision first, then recall, F1 and kappa with
// their 95% intervals, the confusion matrix, and what trusting the judge would change: the
// success rate (its own over what it judged, against the humans' on the same episodes, and
// against the run's sampled estimate when there is one) and GRPO advantages flipping sign.
import type { JudgeCalibration } from "@/lib/runs/calibration/judge-calibration";
import type { RateWithInterval } from "@/lib/domain/estimates/judge-metrics";
import { percent, pointsRange, signedPoints } from "@/lib/domain/estimates/format";

type Props = { rows: JudgeCalibration[]; splitLabel?: string; corrected?: { rate: number; label: string } | null };

function Rate({ value }: { value: RateWithInterval }) {
  if (!value) return <span className="text-slate-400">—</span>;
  return (
    <span className="tabular-nums">
      {value.value.toFixed(2)} <span className="block whitespace-nowrap text-xs text-slate-500">{value.low.toFixed(2)}–{value.high.toFixed(2)}</span>
    </span>
  );
}

function Confusion({ row }: { row: JudgeCalibration }) {
  const c = row.metrics.confusion;
  const cell = "px-1.5 py-0.5 text-right tabular-nums";
  return (
    <table className="text-xs" aria-label={`Confusion of ${row.judgeName}`}>
      <thead><tr><th className="whitespace-nowrap pr-1 text-left font-normal text-slate-500">judge \ human</th><th className="px-1.5 font-normal text-slate-500">success</th><th className="px-1.5 font-normal text-slate-500">failure</th></tr></thead>
      <tbody>
        <tr><th className="pr-1 text-left font-normal text-slate-500">success</th><td className={`${cell} bg-emerald-50`}>{c.truePositive}</td><td className={`${cell} bg-rose-50`}>{c.falsePositive}</td></tr>
        <tr><th className="pr-1 text-left font-normal text-slate-500">failure</th><td className={`${cell} bg-rose-50`}>{c.falseNegative}</td><td className={`${cell} bg-emerald-50`}>{c.trueNegative}</td></tr>
      </tbody>
    </table>
  );
}

export function JudgeCalibrationTable({ rows, splitLabel, corrected }: Props) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="judge-calibration">
        <thead className="bg-slate-100 text-left align-bottom">
          <tr>
            <th className="p-2">Judge · prompt</th>
            {splitLabel && <th className="p-2">{splitLabel}</th>}
            <th className="p-2">Verified pairs</th>
            <th className="p-2">Precision</th>
            <th className="p-2">Recall</th>
            <th className="p-2">F1</th>
            <th className="p-2">Cohen&apos;s κ</th>
            <th className="p-2">Confusion</th>
            <th className="p-2">Trusting it</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {rows.map((row) => {
            const m = row.metrics;
            const kappa = m.kappa;
            return (
              <tr key={`${row.judgeName}|${row.promptVersion}|${row.split}`}>
                <td className="p-2"><span className="font-medium">{row.judgeName}</span><span className="block text-xs text-slate-500">{row.promptVersion ?? "no prompt version"}</span></td>
                {splitLabel && <td className="p-2">{row.split}</td>}
                <td className="p-2 tabular-nums">{m.pairs}<span className="block text-xs text-slate-500">of {row.judged} judged</span></td>
                <td className="p-2"><Rate value={m.precision} /></td>
                <td className="p-2"><Rate value={m.recall} /></td>
                <td className="p-2"><Rate value={m.f1} /></td>
                <td className="p-2 tabular-nums">
                  {kappa ? <>{kappa.kappa.toFixed(2)}{kappa.low !== null && <span className="block whitespace-nowrap text-xs text-slate-500">{kappa.low.toFixed(2)}–{kappa.high!.toFixed(2)}</span>}</> : <span className="text-slate-400">—</span>}
                </td>
                <td className="p-2"><Confusion row={row} /></td>
                <td className="p-2 text-xs text-slate-700">
                  <p>It calls {percent(row.judgeRate)} of its {row.judged} a success.</p>
                  {corrected && <p>{corrected.label} {percent(corrected.rate)}: {signedPoints(row.judgeRate - corrected.rate)}.</p>}
                  {m.rateShift && <p>On the verified pairs: {signedPoints(m.rateShift.difference)} <span className="text-slate-500">({pointsRange(m.rateShift.low, m.rateShift.high)})</span> against the humans.</p>}
                  <p>{row.flips ? `${row.flips.flipped} of ${row.flips.compared} GRPO advantages would flip sign.` : "No GRPO groups among these episodes."}</p>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
