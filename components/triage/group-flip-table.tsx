// A GRPO group before and after this rollout's outcome flips: every rollout's reward and
// advantage, so the reviewer sees what the decision moves (the impact is the sum of |change|).
import Link from "next/link";
import type { GroupFlip } from "@/lib/triage/candidate-types";

const fmt = (v: number) => (Math.abs(v) < 5e-7 ? "0.000" : `${v < 0 ? "−" : ""}${Math.abs(v).toFixed(3)}`);
const signed = (v: number) => (Math.abs(v) < 5e-7 ? "0.000" : `${v > 0 ? "+" : "−"}${Math.abs(v).toFixed(3)}`);

export function GroupFlipTable({ slug, group, trajectoryId, impact }: { slug: string; group: GroupFlip; trajectoryId: string; impact: number }) {
  return (
    <section aria-label="GRPO group before and after a flip" className="rounded-lg border border-slate-200 bg-white p-3">
      <h2 className="text-sm font-semibold">
        GRPO group <Link href={`/projects/${slug}/groups/${encodeURIComponent(group.groupKey)}`} className="text-blue-700 hover:underline">{group.groupKey}</Link>: if this outcome flipped
      </h2>
      <p className="mb-2 text-xs text-slate-600">Σ |ΔA| over the {group.rollouts.length} rollouts = <b className="tabular-nums">{impact.toFixed(3)}</b></p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm tabular-nums">
          <thead className="text-left text-xs text-slate-600">
            <tr>
              <th className="p-1">Rollout</th>
              <th className="p-1">Counts as</th>
              <th className="p-1 text-right">Reward</th>
              <th className="p-1 text-right">Advantage now</th>
              <th className="p-1 text-right">After flip</th>
              <th className="p-1 text-right">ΔA</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {group.rollouts.map((r, i) => {
              const isThis = r.id === trajectoryId;
              return (
                <tr key={r.id} className={isThis ? "bg-amber-50 font-medium" : ""} data-testid={isThis ? "flipped-rollout" : undefined}>
                  <td className="p-1">
                    <Link href={`/projects/${slug}/trajectories/${r.id}`} className="text-blue-700 hover:underline">#{i + 1}</Link>
                    {isThis && <span className="ml-1 text-xs text-amber-800">this one</span>}
                  </td>
                  <td className="p-1">{r.success ? "success" : "failure"}{isThis && ` → ${r.success ? "failure" : "success"}`}</td>
                  <td className="p-1 text-right">{fmt(r.rewardBefore)}{r.rewardAfter !== r.rewardBefore && ` → ${fmt(r.rewardAfter)}`}</td>
                  <td className="p-1 text-right">{fmt(r.advantageBefore)}</td>
                  <td className="p-1 text-right">{fmt(r.advantageAfter)}</td>
                  <td className="p-1 text-right">{signed(r.advantageAfter - r.advantageBefore)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
