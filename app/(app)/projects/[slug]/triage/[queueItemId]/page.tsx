import { notFound } from "next/navigation";
import { TriageDecisionScreen } from "@/components/triage/triage-decision-screen";
import { db } from "@/lib/db";
import { titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { loadTriageItem } from "@/lib/triage/triage-item-view";
import { isRowId } from "@/lib/ids/row-id-shape";

type Props = { params: Promise<{ slug: string; queueItemId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("triageDecision.title");

const idParam = (value: string | string[] | undefined) => (isRowId(value) ? value : null);

// Queue mode (?claim=&queue=, from Start or the previous decision) moves on to the queue's next
// item after a decision; without it the decision returns to the triage list.
export default async function TriageDecisionPage({ params, searchParams }: Props) {
  const { slug, queueItemId } = await params;
  const { project, access } = await projectPageAccess(slug, "reviewer");
  if (!isRowId(queueItemId)) notFound();
  const query = await searchParams;
  const claimId = idParam(query.claim);
  const view = await loadTriageItem(db(), project, queueItemId, claimId, access.user.id);
  if (!view) notFound();
  const queueId = idParam(query.queue);
  const queueMode = queueId === view.queue.id ? { queueId, claimId: view.claim?.status === "active" ? view.claim.id : null } : null;
  return <TriageDecisionScreen key={view.item.id} project={{ id: project.id, slug: project.slug }} view={view} queueMode={queueMode} />;
}
