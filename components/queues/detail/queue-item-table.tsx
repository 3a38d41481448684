// One page of a queue's items: what each is, where it stands, who submitted it and how it
// was settled; filtered by status, paged by a cursor.
import Link from "next/link";
import { QUEUE_ITEM_STATUSES, type QueueItemRow, type QueueItemStatus } from "@/lib/queues/queue-detail";

export const ITEM_STATUS_LABELS: Record<QueueItemStatus, string> = {
  open: "open",
  full: "all slots taken",
  adjudication: "awaiting adjudication",
  verified: "verified",
};

type Props = { slug: string; queueId: string; overlap: number; items: QueueItemRow[]; status: QueueItemStatus | undefined; nextAfter: string | null };

export function QueueItemTable({ slug, queueId, overlap, items, status, nextAfter }: Props) {
  const base = `/projects/${slug}/queues/${queueId}`;
  const href = (s: QueueItemStatus | undefined, after?: string) => {
    const q = new URLSearchParams();
    if (s) q.set("status", s);
    if (after) q.set("after", after);
    const text = q.toString();
    return text ? `${base}?${text}` : base;
  };
  return (
    <div className="space-y-2">
      <nav aria-label="Item status" className="flex flex-wrap gap-2 text-sm">
        {[undefined, ...QUEUE_ITEM_STATUSES].map((s) => (
          <Link key={s ?? "all"} href={href(s)} aria-current={s === status ? "page" : undefined}
            className="rounded-full border border-slate-300 px-3 py-0.5 text-slate-700 hover:bg-slate-50 aria-[current=page]:border-blue-700 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-900">
            {s ? ITEM_STATUS_LABELS[s] : "all"}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">No item {status ? `is ${ITEM_STATUS_LABELS[status]}` : "in this queue"}.</p>
      ) : (
        <table className="w-full text-sm" aria-label="Queue items">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-3 py-1.5 font-medium">Item</th>
              <th className="px-3 py-1.5 font-medium">Status</th>
              <th className="px-3 py-1.5 text-right font-medium">Submitted</th>
              <th className="px-3 py-1.5 font-medium">By</th>
              <th className="px-3 py-1.5 font-medium">Settled</th>
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
                    <span className="text-slate-500">a judge disagreement</span>
                  )}
                  {item.isHoneypot && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">honeypot</span>}
                </td>
                <td className="px-3 py-1.5">{ITEM_STATUS_LABELS[item.status as QueueItemStatus] ?? item.status}{item.live > 0 && <span className="text-slate-500"> · {item.live} in hand</span>}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{item.submitted} / {overlap}</td>
                <td className="px-3 py-1.5 text-slate-700">{item.submitters.join(", ") || "—"}</td>
                <td className="px-3 py-1.5 text-slate-700">{item.resolution ? `${item.resolution}${item.resolvedBy ? ` by ${item.resolvedBy}` : ""}` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextAfter && <Link href={href(status, nextAfter)} className="inline-block text-sm font-medium text-blue-800 hover:underline">Next {items.length} items →</Link>}
    </div>
  );
}
