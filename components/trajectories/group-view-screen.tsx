import Link from "next/link";
import type { RewardSettings } from "@/lib/domain/rewards";
import type { GroupView } from "@/lib/trajectories/group-view";

const fmt = (v: number | null) => (v === null ? "—" : v.toFixed(3));
const outcome = (v: boolean | null) => (v === null ? "unknown" : v ? "success" : "failure");

export function GroupViewScreen({ project, group, settings }: { project: { slug: string; name: string }; group: GroupView; settings: RewardSettings }) {
  return (
    <div className="space-y-5">
      <div>
        <Link href={`/projects/${project.slug}/trajectories?group=${encodeURIComponent(group.groupKey)}`} className="text-sm text-blue-700 hover:underline">← Trajectories of this group</Link>
        <h1 className="mt-1 text-2xl font-semibold">GRPO group {group.groupKey}</h1>
        <p className="text-slate-700">{group.goal}</p>
        <p className="text-sm text-slate-600">
          {group.rollouts.length} rollouts, {group.verifiedCount} verified. R = η^(T−1)·R_comp + R_p with η = {settings.eta}, R_p = {settings.invalidActionPenalty} per invalid action;
          A_i = (R_i − mean R) / (std R + 1e−6). Unverified rollouts count with their automatic outcome.
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
              <dt className="text-slate-500">Automatic</dt><dd>{outcome(r.automatic)}</dd>
              <dt className="text-slate-500">Verified</dt><dd>{r.isVerified ? r.humanVerdict : <span className="text-slate-400">not yet</span>}</dd>
              <dt className="text-slate-500">Reward</dt><dd className="tabular-nums" data-testid="reward">{fmt(r.reward)} <span className="text-xs text-slate-500">(came with {fmt(r.sourceReward)})</span></dd>
              <dt className="text-slate-500">Advantage</dt><dd className="tabular-nums" data-testid="advantage">{fmt(r.advantage)} <span className="text-xs text-slate-500">(came with {fmt(r.sourceAdvantage)})</span></dd>
            </dl>
            <div className="border-t border-slate-100 p-3 text-sm">
              {r.mismatchFlags && <p className="mb-1 text-xs text-amber-800">{r.mismatchFlags.replaceAll(",", ", ")}</p>}
              <Link href={`/projects/${project.slug}/trajectories/${r.id}`} className="text-blue-700 hover:underline">Review this rollout →</Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
