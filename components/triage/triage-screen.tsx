// The Triage screen: judge disagreements ranked by how much a decision would change, the
// triage queues made from them, and a form to make one.
import Link from "next/link";
import { CandidateTable } from "@/components/triage/candidate-table";
import { NewTriageQueueForm } from "@/components/triage/new-triage-queue-form";
import { TriageQueueList } from "@/components/triage/triage-queue-list";
import type { ListedCandidate } from "@/lib/triage/triage-candidates";
import type { TriageQueueRow } from "@/lib/triage/triage-queues";
import { getT } from "@/lib/i18n/server";
import type { VerdictChangeItem } from "@/lib/triage/verdict-changes";

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
  verdictChanges: { items: VerdictChangeItem[]; total: number };
};

export async function TriageScreen({ project, userId, candidates, decided, margin, queues, deciders, doneQueue, today, verdictChanges }: Props) {
  const open = candidates.filter((c) => !c.queued).length;
  const { t } = await getT();
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/projects/${project.slug}`} className="text-sm text-blue-700 hover:underline">← {project.name}</Link>
        <h1 className="mt-1 text-2xl font-semibold">{t("project.triage")}</h1>
        <p className="text-sm text-slate-600">
          {t("triage.intro", { margin })}
        </p>
        <p className="mt-1 text-sm">
          <Link href={`/projects/${project.slug}/models/disagreements`} className="text-blue-700 hover:underline">{t("disagreements.fromTriage")}</Link>
        </p>
      </div>
      {doneQueue && <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">{t("queues.doneNotice", { queue: doneQueue })}</p>}

      {verdictChanges.total > 0 && (
        <section className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3" aria-label={t("triage.verdictChanges", { count: verdictChanges.total })}>
          <h2 className="text-lg font-semibold">{t("triage.verdictChanges", { count: verdictChanges.total })}</h2>
          <p className="text-sm text-slate-700">{t("triage.verdictChangesHelp")}</p>
          <ul className="divide-y divide-amber-200 text-sm">
            {verdictChanges.items.map((item) => (
              <li key={item.id} className="flex gap-2 py-1">
                <span className="w-20 shrink-0 text-xs text-slate-500">{item.itemType === "sample" ? t("triage.kind.sample") : t("triage.kind.trajectory")}</span>
                <Link href={`/projects/${project.slug}/${item.itemType === "sample" ? "samples" : "trajectories"}/${item.id}`} className="truncate text-blue-800 hover:underline">{item.title}</Link>
              </li>
            ))}
          </ul>
          {verdictChanges.total > verdictChanges.items.length && (
            <p className="text-xs text-slate-600">
              <Link href={`/projects/${project.slug}/trajectories?verdictChanged=yes`} className="text-blue-800 hover:underline">{t("project.reviewTrajectories")}</Link>{" · "}
              <Link href={`/projects/${project.slug}/samples?verdictChanged=yes`} className="text-blue-800 hover:underline">{t("project.reviewSamples")}</Link>
            </p>
          )}
        </section>
      )}

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t("triage.queues")}</h2>
        <TriageQueueList projectId={project.id} queues={queues} />
      </section>

      <section className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{t("triage.candidates")}</h2>
          <p className="text-sm text-slate-600">
            {t("triage.counts", { doubt: candidates.length, open })}{decided > 0 && t("triage.settledEarlier", { decided })}
          </p>
        </div>
        {candidates.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
            {t("triage.none")}
          </p>
        ) : (
          <CandidateTable slug={project.slug} candidates={candidates.slice(0, SHOWN_CANDIDATES)} total={candidates.length} />
        )}
      </section>

      {candidates.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">{t("triage.new")}</h2>
          {open === 0 && <p className="text-sm text-slate-600">{t("triage.allQueued")}</p>}
          <NewTriageQueueForm projectId={project.id} userId={userId} open={open} defaultName={`Triage ${today}`} deciders={deciders} />
        </section>
      )}
    </div>
  );
}
