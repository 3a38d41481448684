import Link from "next/link";
import { notFound } from "next/navigation";
import { AdjudicationSettled } from "@/components/adjudication/adjudication-settled";
import { GroundingAdjudication } from "@/components/adjudication/grounding-adjudication";
import { TrajectoryAdjudication } from "@/components/adjudication/trajectory-adjudication";
import { db } from "@/lib/db";
import { getT, titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { loadAdjudication } from "@/lib/queues/adjudication-view";
import { isRowId } from "@/lib/ids/row-id-shape";

type Props = { params: Promise<{ slug: string; queueId: string; queueItemId: string }> };

export const generateMetadata = titled("adjudication.adjudicate");

export default async function AdjudicatePage({ params }: Props) {
  const { slug, queueId, queueItemId } = await params;
  const { project } = await projectPageAccess(slug, "reviewer");
  if (!isRowId(queueId) || !isRowId(queueItemId)) notFound();
  const view = await loadAdjudication(db(), project.id, queueId, queueItemId);
  if (!view) notFound();
  const listHref = `/projects/${slug}/queues/${queueId}/adjudicate`;
  const { t } = await getT();
  return (
    <div className="space-y-4">
      <Link href={listHref} className="text-sm text-blue-700 hover:underline">← {t("adjudication.awaitingIn", { queue: view.queue.name })}</Link>
      {view.state.status !== "adjudication" ? (
        <AdjudicationSettled state={view.state} listHref={listHref} />
      ) : view.kind === "sample" ? (
        <GroundingAdjudication key={view.queueItemId} projectId={project.id} listHref={listHref} view={view} />
      ) : (
        <TrajectoryAdjudication key={view.queueItemId} projectId={project.id} listHref={listHref} view={view} />
      )}
    </div>
  );
}
