// The Triage screen: judge disagreements ranked by how much a decision would change, the
// triage queues made from them, and a form to make one.
import Link from "next/link";
import { CandidateTable } from "@/components/triage/candidate-table";
import { NewTriageQueueForm } from "@/components/triage/new-triage-queue-form";
import { TriageQueueList } from "@/components/triage/triage-queue-list";
import type { ListedCandidate } from "@/lib/triage/triage-candidates";
import type { TriageQueueRow } from "@/lib/triage/triage-queues";

export const SHOWN_CANDIDATES = 200;

type Props = {
  project: { id: string; slug: string; name: string };
  userId: string;
  candidates: ListedCandidate[];
  decided: number;
  margin: number;
  queues: TriageQueueRow[];
  deciders: { id: string; name: string; email: string; role: string }[];
  doneQueue: string | null;
  today: string;
};

export function TriageScreen({ project, userId, candidates, decided, margin, queues, deciders, doneQueue, today }: Props) {
  const open = candidates.filter((c) => !c.queued).length;
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">Triage</h1>
        <p className="text-sm text-slate-600">
          Judge verdicts in doubt: the rule verifier or a human says otherwise, or a quality score sits within {margin} of a tier threshold.
          Ranked by impact: for a trajectory, how much its GRPO group&apos;s advantages move if its outcome flipped; for a sample, how many tiers a decision moves it.
        </p>
      </div>
      {doneQueue && <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">Nothing left for you in {doneQueue}.</p>}

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Triage queues</h2>
        <TriageQueueList projectId={project.id} queues={queues} />
      </section>

      <section className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">Ranked candidates</h2>
          <p className="text-sm text-slate-600">
            {candidates.length.toLocaleString("en")} in doubt, {open.toLocaleString("en")} not queued yet{decided > 0 && `; ${decided} settled by earlier triage decisions`}
          </p>
        </div>
        {candidates.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
            Nothing to triage: no judge verdict disagrees with a rule verifier or a human, and no quality score sits at a tier threshold. Import verdicts or review items, and disagreements show up here.
          </p>
        ) : (
          <CandidateTable slug={project.slug} candidates={candidates.slice(0, SHOWN_CANDIDATES)} total={candidates.length} />
        )}
      </section>

      {candidates.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">New triage queue</h2>
          {open === 0 && <p className="text-sm text-slate-600">Every candidate is in a triage queue already; new disagreements can be queued as they appear.</p>}
          <NewTriageQueueForm projectId={project.id} userId={userId} open={open} defaultName={`Triage ${today}`} deciders={deciders} />
        </section>
      )}
    </div>
  );
}
