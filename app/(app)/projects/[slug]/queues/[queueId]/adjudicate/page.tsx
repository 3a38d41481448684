import Link from "next/link";
import { notFound } from "next/navigation";
import { AdjudicationList } from "@/components/adjudication/adjudication-list";
import { db } from "@/lib/db";
import { getT, titled } from "@/lib/i18n/server";
import { projectPageAccess } from "@/lib/projects/page-access";
import { listAwaitingAdjudication } from "@/lib/queues/adjudication-list";
import { isRowId } from "@/lib/ids/row-id-shape";

type Props = { params: Promise<{ slug: string; queueId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("adjudication.title");

export default async function AdjudicationListPage({ params, searchParams }: Props) {
  const { slug, queueId } = await params;
  const { project } = await projectPageAccess(slug, "reviewer");
  const queue = isRowId(queueId) ? await db().queue.findFirst({ where: { id: queueId, projectId: project.id }, select: { id: true, name: true } }) : null;
  if (!queue) notFound();
  const items = await listAwaitingAdjudication(db(), project.id, queue.id);
  const { t } = await getT();
  const isDone = (await searchParams).done !== undefined && items.length === 0;
  return (
    <div className="space-y-4">
      <Link href={`/projects/${slug}/queues`} className="text-sm text-blue-700 hover:underline">{t("queue.back", { project: project.name })}</Link>
      <h1 className="text-2xl font-semibold">{t("adjudication.awaitingIn", { queue: queue.name })}</h1>
      {isDone && <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">{t("adjudication.allDone")}</p>}
      <AdjudicationList base={`/projects/${slug}/queues/${queue.id}/adjudicate`} items={items} />
    </div>
  );
}
