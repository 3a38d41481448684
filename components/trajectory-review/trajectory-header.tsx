// What the trajectory is (goal, benchmark, app, model, run, GRPO group), what the machines
// said about it (automatic outcome, the agent's own finish claim) and the mismatch flags of
// the answer being edited, recomputed as labels change.
import Link from "next/link";
import type { ReactNode } from "react";
import { FLAG_TEXT } from "@/components/trajectory-review/live-flags";
import type { MismatchFlag } from "@/lib/domain/mismatch-flags";
import type { TrajectoryReview } from "@/lib/trajectories/trajectory-review";

type Props = { review: TrajectoryReview; slug: string; automaticOutcome: boolean | null; flags: MismatchFlag[]; navigation: ReactNode };

function Outcome({ value }: { value: boolean | null }) {
  const [text, style] = value === null ? ["unknown", "bg-slate-200 text-slate-800"] : value ? ["success", "bg-emerald-100 text-emerald-900"] : ["failure", "bg-red-100 text-red-900"];
  return <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${style}`}>{text}</span>;
}

export function TrajectoryHeader({ review, slug, automaticOutcome, flags, navigation }: Props) {
  const facts: [string, string | null][] = [
    ["benchmark", review.benchmark],
    ["app", review.app],
    ["model", review.model],
    ["run", review.run?.name ?? null],
    ["source", review.source],
  ];
  return (
    <header className="space-y-1.5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h1 className="min-w-0 flex-1 text-lg font-semibold break-words text-slate-900">{review.goal}</h1>
        {navigation}
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {facts.filter(([, v]) => v).map(([name, value]) => (
          <div key={name} className="flex gap-1">
            <dt className="text-slate-500">{name}</dt>
            <dd className="font-medium break-all text-slate-800">{value}</dd>
          </div>
        ))}
        {review.groupKey && (
          <div className="flex gap-1">
            <dt className="text-slate-500">GRPO group</dt>
            <dd>
              <Link href={`/projects/${slug}/groups/${encodeURIComponent(review.groupKey)}`} className="font-medium text-blue-800 hover:underline">
                {review.groupKey}
              </Link>{" "}
              <span className="text-slate-500">({review.groupSize} rollouts)</span>
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="flex items-center gap-1" title="Rule verifier, else the MLLM judge (effective values)">
          automatic outcome <Outcome value={automaticOutcome} />
        </span>
        <span className="flex items-center gap-1">
          agent claimed finish <b className="font-semibold">{review.agentClaimedFinish ? "yes" : "no"}</b>
        </span>
        <ul className="flex flex-wrap items-center gap-1" aria-label="Mismatch flags" data-testid="mismatch-flags">
          {flags.length === 0 && <li className="text-xs text-slate-500">no mismatch flags</li>}
          {flags.map((flag) => (
            <li key={flag} title={FLAG_TEXT[flag].why} className="rounded-full border border-orange-300 bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-900">
              ⚑ {FLAG_TEXT[flag].label}
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
