// Each annotator's honeypot accuracy as "name correct/total (percent)", for admins.
import type { HoneypotAccuracy } from "@/lib/queues/honeypot-accuracy";

export function HoneypotAccuracyList({ accuracy, label }: { accuracy: HoneypotAccuracy[]; label: string }) {
  if (accuracy.length === 0) return <span className="text-slate-500">no honeypot answered yet</span>;
  return (
    <ul className="inline-flex flex-wrap gap-x-3 gap-y-1" aria-label={label}>
      {accuracy.map((a) => {
        const share = a.correct / a.total;
        const tone = share >= 0.8 ? "text-emerald-800" : share >= 0.5 ? "text-amber-800" : "text-red-800";
        return (
          <li key={a.userId}>
            {a.name} <span className={`font-medium tabular-nums ${tone}`}>{a.correct}/{a.total} ({Math.round(share * 100)}%)</span>
          </li>
        );
      })}
    </ul>
  );
}
