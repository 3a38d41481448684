// One page of a queue's items: what each is, where it stands, who submitted it and how it
// was settled; filtered by status, paged by a cursor.
import Link from "next/link";
import { getT } from "@/lib/i18n/server";
import type { PlainKey } from "@/lib/i18n/translate";
import { QUEUE_ITEM_STATUSES, type QueueItemRow, type QueueItemStatus } from "@/lib/queues/queue-detail";

const ITEM_STATUS_LABELS: Record<QueueItemStatus, PlainKey> = {
  open: "queueItems.status.open",
  full: "queueItems.status.full",
  adjudication: "queueItems.status.adjudication",
  verified: "queueItems.status.verified",
};

type Props = { slug: string; queueId: string; overlap: number; items: QueueItemRow[]; status: QueueItemStatus | undefined; nextAfter: string | null };

export async function QueueItemTable({ slug, queueId, overlap, items, status, nextAfter }: Props) {
  const base = `/projects/${slug}/queues/${queueId}`;
  const { t } = await getT();
  const label = (s: string) => (s in ITEM_STATUS_LABELS ? t(ITEM_STATUS_LABELS[s as QueueItemStatus]) : s);
  const href = (s: QueueItemStatus | undefined, after?: string) => {
    const q = new URLSearchParams();
    if (s) q.set("status", s);
    if (after) q.set("after", after);
    const text = q.toString();
    return text ? `${base}?${text}` : base;
  };
  return (
    <div className="space-y-2">
      <nav aria-label={t("queueItems.statusNav")} className="flex flex-wrap gap-2 text-sm">
        {[undefined, ...QUEUE_ITEM_STATUSES].map((s) => (
          <Link key={s ?? "all"} href={href(s)} aria-current={s === status ? "page" : undefined}
            className="rounded-full border border-slate-300 px-3 py-0.5 text-slate-700 hover:bg-slate-50 aria-[current=page]:border-blue-700 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-900">
            {s ? label(s) : t("queueItems.all")}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">{status ? t("queueItems.noneWithStatus", { status: label(status) }) : t("queueItems.none")}</p>
      ) : (
        <table className="w-full text-sm" aria-label={t("queueItems.title")}>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-3 py-1.5 font-medium">{t("queueItems.item")}</th>
              <th className="px-3 py-1.5 font-medium">{t("queueItems.status")}</th>
              <th className="px-3 py-1.5 text-right font-medium">{t("queueItems.submitted")}</th>
              <th className="px-3 py-1.5 font-medium">{t("queueItems.by")}</th>
              <th className="px-3 py-1.5 font-medium">{t("queueItems.settled")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => (
              <tr key={item.id}>
                <td className="max-w-md truncate px-3 py-1.5">
                  {item.target ? (
                    <Link href={`/projects/${slug}/${item.target.kind === "sample" ? "samples" : "trajectories"}/${item.target.id}`} className="text-blue-800 hover:underline" title={item.target.title}>
                      {item.target.title}
                    </Link>
                  ) : (
                    <span className="text-slate-500">{t("queueItems.disagreement")}</span>
                  )}
                  {item.isHoneypot && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">{t("standing.honeypot")}</span>}
                </td>
                <td className="px-3 py-1.5">{label(item.status)}{item.live > 0 && <span className="text-slate-500"> · {t("queueItems.inHand", { count: item.live })}</span>}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{item.submitted} / {overlap}</td>
                <td className="px-3 py-1.5 text-slate-700">{item.submitters.join(", ") || "—"}</td>
                <td className="px-3 py-1.5 text-slate-700">{item.resolution ? (item.resolvedBy ? t("queueItems.resolvedBy", { resolution: item.resolution, by: item.resolvedBy }) : item.resolution) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextAfter && <Link href={href(status, nextAfter)} className="inline-block text-sm font-medium text-blue-800 hover:underline">{t("queueItems.nextPage", { count: items.length })}</Link>}
    </div>
  );
}
