import type { JudgeAgreement } from "@/lib/dashboard/judge-vs-human";

const OUTCOMES = ["success", "failure"] as const;

// Kappa reads as chance-corrected agreement; below 2 pairs it is not defined.
function kappaText(kappa: number | null): string {
  return kappa === null ? "n/a (fewer than 2 pairs)" : kappa.toFixed(2);
}

function JudgeTable({ judge }: { judge: JudgeAgreement }) {
  return (
    <table className="text-sm" aria-label={`Confusion of ${judge.judgeName} against human verdicts`}>
      <caption className="mb-1 text-left">
        <span className="font-medium">{judge.judgeName}</span>
        <span className="ml-2 text-slate-600">
          κ = <span className="tabular-nums">{kappaText(judge.kappa)}</span> · {judge.pairs} pairs
        </span>
      </caption>
      <thead>
        <tr>
          <th className="p-1.5" />
          <th colSpan={2} className="p-1.5 text-center font-normal text-slate-600">Human verified</th>
        </tr>
        <tr>
          <th className="p-1.5 text-left font-normal text-slate-600">Judge</th>
          {OUTCOMES.map((o) => <th key={o} className="w-20 p-1.5 text-center font-medium">{o}</th>)}
        </tr>
      </thead>
      <tbody>
        {OUTCOMES.map((judgeSays, r) => (
          <tr key={judgeSays}>
            <th className="p-1.5 text-left font-medium">{judgeSays}</th>
            {OUTCOMES.map((humanSays, c) => (
              <td key={humanSays} className={`border border-slate-200 p-1.5 text-center tabular-nums ${r === c ? "bg-emerald-50" : "bg-rose-50"}`}>
                {judge.matrix[r]?.[c] ?? 0}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function JudgeConfusionTable({ judges }: { judges: JudgeAgreement[] }) {
  return (
    <div className="flex flex-wrap gap-8">
      {judges.map((j) => <JudgeTable key={j.judgeName} judge={j} />)}
    </div>
  );
}
