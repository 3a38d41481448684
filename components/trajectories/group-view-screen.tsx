import Link from "next/link";
import { FLAG_TEXT } from "@/components/trajectory-review/live-flags";
import { AutomaticOutcome } from "@/components/trajectories/automatic-outcome";
import type { RewardSettings } from "@/lib/domain/rewards";
import type { GroupView } from "@/lib/trajectories/group-view";

const fmt = (v: number | null) => (v === null ? "—" : v.toFixed(3));
const outcome = (v: boolean | null) => (v === null ? "unknown" : v ? "success" : "failure");

export const POLICY_TEXT: Record<RewardSettings["advantagePolicy"], string> = {
  verified_only: "Only verified rollouts (verdict success or failure) count: the others have no reward and are left out of the group's mean and std.",
  automatic_fallback: "Unverified rollouts count with their automatic outcome (after overrides); rollouts with no outcome at all are left out.",
};

export function GroupViewScreen({ project, group, settings }: { project: { slug: string; name: string }; group: GroupView; settings: RewardSettings }) {
  const left = group.rollouts.length - group.countedCount;
  return (
    <div className="space-y-5">
      <div>
        <Link href={`/projects/${project.slug}/trajectories?group=${encodeURIComponent(group.groupKey)}`} className="text-sm text-blue-700 hover:underline">← Trajectories of this group</Link>
        <h1 className="mt-1 text-2xl font-semibold">GRPO group {group.groupKey}</h1>
        <p className="text-slate-700">{group.goal}</p>
        <p className="text-sm text-slate-600">
          {group.rollouts.length} rollouts, {group.verifiedCount} verified, {group.countedCount} counted in the advantages. R = η^(T−1)·R_comp + R_p with η = {settings.eta},
          R_p = {settings.invalidActionPenalty} per invalid action; A_i = (R_i − mean R) / (std R + 1e−6), a group of one gets R / (1 + 1e−6) as verl computes it.
        </p>
        <p className="mt-1 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700" data-testid="advantage-policy">
          <b>Advantage policy:</b> {POLICY_TEXT[settings.advantagePolicy]}
          {left > 0 && <> Here {left} rollout{left === 1 ? " is" : "s are"} left out.</>} (Project settings; exports write it into their manifest.)
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Rollouts">
        {group.rollouts.map((r) => (
          <li key={r.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
            <div className="flex h-56 items-center justify-center bg-slate-900">
              {r.firstMedia ? <img src={`/api/media/${r.firstMedia.id}?variant=thumb`} alt="first screenshot" className="max-h-56" /> : <span className="text-xs text-slate-400">no image</span>}
            </div>
            <dl className="grid grid-cols-2 gap-x-2 gap-y-1 p-3 text-sm">
              <dt className="text-slate-500">Steps</dt><dd className="tabular-nums">{r.stepCount} ({r.invalidActionCount} invalid)</dd>
              <dt className="text-slate-500">Automatic</dt>
              <dd><AutomaticOutcome reported={r.autoOutcome} effective={r.effectiveAutoOutcome} /></dd>
              <dt className="text-slate-500">Verified</dt><dd>{r.isVerified ? r.humanVerdict : <span className="text-slate-400">not yet</span>}</dd>
              <dt className="text-slate-500">Counts as</dt><dd data-testid="counted-outcome">{r.outcome === null ? <span className="text-slate-400">left out</span> : `${outcome(r.outcome)} (${r.outcomeSource})`}</dd>
              <dt className="text-slate-500">Reward</dt><dd className="tabular-nums" data-testid="reward">{fmt(r.reward)} <span className="text-xs text-slate-500">(came with {fmt(r.sourceReward)})</span></dd>
              <dt className="text-slate-500">Advantage</dt><dd className="tabular-nums" data-testid="advantage">{fmt(r.advantage)} <span className="text-xs text-slate-500">(came with {fmt(r.sourceAdvantage)})</span></dd>
            </dl>
            <div className="border-t border-slate-100 p-3 text-sm">
              {r.flags.length > 0 && <p className="mb-1 text-xs text-amber-800">{r.flags.map((f) => FLAG_TEXT[f].label).join(", ")}</p>}
              <Link href={`/projects/${project.slug}/trajectories/${r.id}`} className="text-blue-700 hover:underline">Review this rollout →</Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
