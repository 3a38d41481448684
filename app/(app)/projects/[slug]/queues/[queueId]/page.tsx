import Link from "next/link";
import { notFound } from "next/navigation";
import { HoneypotAccuracyList } from "@/components/queues/honeypot-accuracy-list";
import { QueueItemTable } from "@/components/queues/detail/queue-item-table";
import { QueueMemberTable } from "@/components/queues/detail/queue-member-table";
import { QueueStatusControls } from "@/components/queues/detail/queue-status-controls";
import { roleAtLeast } from "@/lib/auth/roles";
import { db } from "@/lib/db";
import { projectPageAccess } from "@/lib/projects/page-access";
import { formatDate } from "@/lib/i18n/format";
import { getT, titled } from "@/lib/i18n/server";
import type { PlainKey } from "@/lib/i18n/translate";
import { itemsText } from "@/components/queues/queue-list";
import { loadQueueDetail, QUEUE_ITEM_STATUSES, type QueueItemStatus } from "@/lib/queues/queue-detail";
import { isRowId } from "@/lib/ids/row-id-shape";

type Props = { params: Promise<{ slug: string; queueId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const generateMetadata = titled("queueMode.queue");

const STATUS_TEXT: Record<string, PlainKey> = {
  active: "queue.status.active",
  paused: "queues.status.paused",
  closed: "queue.status.closed",
  archived: "queues.status.archived",
};

// Reviewers and admins: the queue's items, their status and each member's progress.
// Annotators work a queue from the queues list and never see its items (a honeypot among them).
export default async function QueuePage({ params, searchParams }: Props) {
  const { slug, queueId } = await params;
  const { project, access } = await projectPageAccess(slug, "reviewer");
  if (!isRowId(queueId)) notFound();
  const query = await searchParams;
  const status = QUEUE_ITEM_STATUSES.find((s) => s === query.status) as QueueItemStatus | undefined;
  const after = isRowId(query.after) ? query.after : undefined;
  const isAdmin = access.role === "owner" || roleAtLeast(access.role, "admin");
  const detail = await loadQueueDetail(db(), project.id, queueId, { isAdmin, status, after });
  if (!detail) notFound();
  const { queue, counts } = detail;
  const { t, locale } = await getT();
  return (
    <div className="space-y-6">
      <Link href={`/projects/${project.slug}/queues`} className="text-sm text-blue-700 hover:underline">{t("queue.back", { project: project.name })}</Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{queue.name}</h1>
          <p className="text-sm text-slate-600">
            {itemsText(t, counts.items, queue.itemType)} · {t("queues.overlap", { overlap: queue.overlap })} · {t("queues.lease", { minutes: queue.leaseMinutes })} · {t("queue.madeBy", { by: queue.createdBy })}{" "}
            <time dateTime={queue.createdAt.toISOString()}>{formatDate(locale, queue.createdAt)}</time> ·{" "}
            <span data-testid="queue-status" className="font-medium text-slate-800">{STATUS_TEXT[queue.status] ? t(STATUS_TEXT[queue.status]!) : queue.status}</span>
          </p>
        </div>
        {isAdmin && <QueueStatusControls projectId={project.id} queueId={queue.id} status={queue.status} />}
      </header>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5" aria-label={t("queue.progress")}>
        {[
          [t("queue.items"), t("queue.count", { count: counts.items })],
          [t("queueItems.submitted"), t("queue.submittedOf", { done: counts.submitted, needed: counts.needed })],
          [t("state.verified"), t("queue.count", { count: counts.verified })],
          [t("state.awaiting_adjudication"), t("queue.count", { count: counts.awaitingAdjudication })],
          ...(isAdmin ? [[t("queue.honeypots"), t("queue.count", { count: counts.honeypots })] as const] : []),
        ].map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 bg-white p-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {counts.awaitingAdjudication > 0 && (
        <Link href={`/projects/${project.slug}/queues/${queue.id}/adjudicate`} className="inline-block font-medium text-amber-800 hover:underline">
          {t("queue.adjudicate", { count: counts.awaitingAdjudication })}
        </Link>
      )}
      <section aria-label={t("queue.members")} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold">{t("queue.members")}</h2>
        <QueueMemberTable members={detail.members} needed={counts.items} />
        {detail.honeypotAccuracy && (
          <p className="text-sm text-slate-700">
            <span className="text-slate-500">{t("honeypots.accuracyThisQueue")}</span>{" "}
            <HoneypotAccuracyList accuracy={detail.honeypotAccuracy} label={t("honeypots.accuracyIn", { queue: queue.name })} />
          </p>
        )}
      </section>
      <section aria-label={t("queue.items")} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold">{t("queue.items")}</h2>
        <QueueItemTable slug={project.slug} queueId={queue.id} overlap={queue.overlap} items={detail.items} status={status} nextAfter={detail.nextAfter} />
      </section>
    </div>
  );
}
