import Link from "next/link";
import { NewQueueForm } from "@/components/queues/new-queue-form";
import { HoneypotAccuracyList } from "@/components/queues/honeypot-accuracy-list";
import { QueueList } from "@/components/queues/queue-list";
import { roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { projectPageAccess } from "@/lib/projects/page-access";
import { getT, titled } from "@/lib/i18n/server";
import { honeypotAccuracy } from "@/lib/queues/honeypot-accuracy";
import { parseSelectedIds } from "@/lib/queues/selected-ids";
import { parseSampleFilter } from "@/lib/samples/sample-filters";
import { parseTrajectoryFilter } from "@/lib/trajectories/trajectory-filters";
import { newQueueData } from "./new-queue-data";
import { countArchivedQueues, listQueueProgress } from "./queue-progress";
import { UNSUBMITTED_PARAM, parseUnsubmittedReason, unsubmittedMessage } from "@/lib/queues/unsubmitted-reason";
import { isRowId } from "@/lib/ids/row-id-shape";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("queues.title");

export default async function QueuesPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const { project, access } = await projectPageAccess(slug, "annotator");
  const query = await searchParams;
  const isAdmin = access.role === "owner" || roleAtLeast(access.role, "admin");
  const isReviewer = access.role === "owner" || roleAtLeast(access.role, "reviewer");
  const showArchived = isReviewer && query.archived === "1";
  const queues = await listQueueProgress(db(), project.id, { userId: access.user.id, isAdmin, isReviewer }, showArchived);
  const archivedCount = isReviewer ? await countArchivedQueues(db(), project.id) : 0;
  const done = queues.find((q) => q.id === query.done);
  const closed = isRowId(query.closed) ? await db().queue.findFirst({ where: { id: query.closed, projectId: project.id }, select: { name: true } }) : null;
  const unsubmitted = parseUnsubmittedReason(query[UNSUBMITTED_PARAM]);
  const { t } = await getT();
  const initial = { itemType: query.itemType === "trajectory" ? "trajectory" : "sample", sample: parseSampleFilter(query), trajectory: parseTrajectoryFilter(query), selected: parseSelectedIds(query.ids) } as const;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t(showArchived ? "queues.archivedOf" : "queues.of", { project: project.name })}</h1>
        {showArchived ? (
          <Link href={`/projects/${project.slug}/queues`} className="text-sm font-medium text-blue-800 hover:underline">{t("queues.current")}</Link>
        ) : (
          archivedCount > 0 && <Link href={`/projects/${project.slug}/queues?archived=1`} className="text-sm font-medium text-blue-800 hover:underline">{t("queues.archivedLink", { count: archivedCount })}</Link>
        )}
      </div>
      {closed && <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900">{t("queues.closedNotice", { queue: closed.name })}</p>}
      {unsubmitted && <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 font-medium text-amber-900">{t(unsubmittedMessage(unsubmitted))}</p>}
      {done && <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">{t("queues.doneNotice", { queue: done.name })}</p>}
      <QueueList projectId={project.id} slug={project.slug} queues={queues} isAdmin={isAdmin} isReviewer={isReviewer} />
      {isAdmin && (
        <section aria-label={t("honeypots.accuracy")} className="space-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">{t("honeypots.accuracyAll")}</h2>
            <Link href={`/projects/${project.slug}/honeypots`} className="font-medium text-blue-800 hover:underline">{t("honeypots.of", { project: project.name })}</Link>
          </div>
          <HoneypotAccuracyList accuracy={await honeypotAccuracy(db(), project.id)} label={t("honeypots.accuracyAll")} />
        </section>
      )}
      {isAdmin && !showArchived && (
        <section id="new-queue" className="space-y-2">
          <h2 className="text-lg font-semibold">{t("queues.new")}</h2>
          <NewQueueForm projectId={project.id} initial={initial} defaultHoneypotPercent={Math.round(ProjectSettingsSchema.parse(project.settings).honeypotRate * 100)} {...await newQueueData(db(), project.id)} />
        </section>
      )}
    </div>
  );
}
