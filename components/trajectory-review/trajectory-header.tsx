// What the trajectory is (goal, benchmark, app, model, run, GRPO group), what the machines
// said about it (the automatic outcome as reported, and after overrides; the agent's own finish
// claim), its stored mismatch flags (what lists, filters and exports see), and for reviewers
// its verified verdict, reward and advantage. Beside the stored flags, the flags the answer
// being edited would give once it is the final answer.
import Link from "next/link";
import type { ReactNode } from "react";
import { FLAG_TEXT } from "@/components/trajectory-review/live-flags";
import type { MismatchFlag } from "@/lib/domain/mismatch-flags";
import type { TrajectoryReview } from "@/lib/trajectories/trajectory-review";

type Props = { review: TrajectoryReview; slug: string; liveFlags: MismatchFlag[] | null; navigation: ReactNode };

function Outcome({ value, testId }: { value: boolean | null; testId?: string }) {
  const [text, style] = value === null ? ["unknown", "bg-slate-200 text-slate-800"] : value ? ["success", "bg-emerald-100 text-emerald-900"] : ["failure", "bg-red-100 text-red-900"];
  return <span data-testid={testId} className={`rounded px-1.5 py-0.5 text-xs font-semibold ${style}`}>{text}</span>;
}

const SOURCE_TEXT: Record<string, string> = { rule: "rule verifier", judge: "MLLM judge", source: "the source file" };

function Flags({ flags, label, testId }: { flags: MismatchFlag[]; label: string; testId: string }) {
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label={label} data-testid={testId}>
      <li className="text-xs text-slate-500">{label}:</li>
      {flags.length === 0 && <li className="text-xs text-slate-500">none</li>}
      {flags.map((flag) => (
        <li key={flag} title={FLAG_TEXT[flag].why} className="rounded-full border border-orange-300 bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-900">
          ⚑ {FLAG_TEXT[flag].label}
        </li>
      ))}
    </ul>
  );
}

const sameFlags = (a: MismatchFlag[], b: MismatchFlag[]) => a.join(",") === b.join(",");

export function TrajectoryHeader({ review, slug, liveFlags, navigation }: Props) {
  const facts: [string, string | null][] = [
    ["benchmark", review.benchmark],
    ["app", review.app],
    ["model", review.model],
    ["run", review.run?.name ?? null],
    ["source", review.source],
  ];
  const d = review.derived;
  const overridden = review.effectiveAutoOutcome !== review.autoOutcome;
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
              {d ? (
                <Link href={`/projects/${slug}/groups/${encodeURIComponent(review.groupKey)}`} className="font-medium text-blue-800 hover:underline">
                  {review.groupKey}
                </Link>
              ) : (
                <span className="font-medium text-slate-800">{review.groupKey}</span>
              )}{" "}
              <span className="text-slate-500">({review.groupSize} rollouts)</span>
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="flex items-center gap-1" title="As the checkers reported it: the rule verifier, else the MLLM judge, else the source file">
          automatic outcome <Outcome value={review.autoOutcome} testId="automatic-outcome" />
          {review.autoSource && <span className="text-xs text-slate-500">({SOURCE_TEXT[review.autoSource] ?? review.autoSource})</span>}
          {overridden && (
            <span className="text-xs text-slate-700" data-testid="automatic-overridden">
              overridden to <Outcome value={review.effectiveAutoOutcome} />
            </span>
          )}
        </span>
        <span className="flex items-center gap-1">
          agent claimed finish <b className="font-semibold">{review.agentClaimedFinish ? "yes" : "no"}</b>
        </span>
        {d && (
          <span className="flex items-center gap-1" data-testid="derived-outcome">
            verified verdict <b className="font-semibold">{d.humanVerdict ?? "none"}</b>
            {d.reward !== null && <span className="text-xs text-slate-600">· reward {d.reward.toFixed(3)}{d.advantage !== null && <> · advantage {d.advantage >= 0 ? "+" : ""}{d.advantage.toFixed(3)} (group of {d.groupSize})</>}</span>}
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Flags flags={review.storedFlags} label="flags" testId="mismatch-flags" />
        {liveFlags && !sameFlags(liveFlags, review.storedFlags) && <Flags flags={liveFlags} label="with your answer" testId="live-flags" />}
      </div>
    </header>
  );
}
