// The queues a caller sees, with progress and a Start button for the ones they belong to.
// Start is a form POST to the queue's /next route: claiming is a state change, so no link
// (links are prefetched and followed freely). Reviewers also see what was verified and what
// awaits their adjudication; admins the queue's honeypots and each annotator's accuracy.
import Link from "next/link";
import { HoneypotAccuracyList } from "@/components/queues/honeypot-accuracy-list";
import type { HoneypotAccuracy } from "@/lib/queues/honeypot-accuracy";
import { getT } from "@/lib/i18n/server";
import type { PlainKey, Translate } from "@/lib/i18n/translate";

/** One queue as the list shows it; read by the queues page (queue-progress.ts). */
export type QueueProgress = {
  id: string;
  name: string;
  itemType: string;
  status: string;
  overlap: number;
  leaseMinutes: number;
  items: number;
  submitted: number;
  memberCount: number;
  isMember: boolean;
  review: { verified: number; awaitingAdjudication: number } | null;
  honeypots: { items: number; accuracy: HoneypotAccuracy[] } | null;
};

type Props = { projectId: string; slug: string; queues: QueueProgress[]; isAdmin: boolean; isReviewer?: boolean };

type Nouns = { one: "queues.items.sampleOne" | "queues.items.trajectoryOne" | "queues.items.disagreementOne" | "queues.items.itemOne"; many: "queues.items.sampleMany" | "queues.items.trajectoryMany" | "queues.items.disagreementMany" | "queues.items.itemMany" };
const ITEM_NOUNS: Record<string, Nouns> = {
  sample: { one: "queues.items.sampleOne", many: "queues.items.sampleMany" },
  trajectory: { one: "queues.items.trajectoryOne", many: "queues.items.trajectoryMany" },
  disagreement: { one: "queues.items.disagreementOne", many: "queues.items.disagreementMany" },
};

export function itemsText(t: Translate, count: number, itemType: string): string {
  const nouns = ITEM_NOUNS[itemType] ?? { one: "queues.items.itemOne", many: "queues.items.itemMany" };
  return count === 1 ? t(nouns.one) : t(nouns.many, { count });
}

function percent(done: number, total: number): number {
  return total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));
}

function ReviewCounts({ t, slug, queue }: { t: Translate; slug: string; queue: QueueProgress }) {
  if (!queue.review) return null;
  const { verified, awaitingAdjudication } = queue.review;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <span>{t("queues.verifiedCount", { count: verified })}</span>
      {awaitingAdjudication > 0 ? (
        <Link href={`/projects/${slug}/queues/${queue.id}/adjudicate`} className="font-medium text-amber-800 hover:underline">
          {t("queues.awaitingAdjudication", { count: awaitingAdjudication })}
        </Link>
      ) : (
        <span className="text-slate-500">{t("queues.noneAwaiting")}</span>
      )}
    </p>
  );
}

const STATUS_NOTES: Record<string, PlainKey> = { paused: "queues.status.paused", closed: "queues.status.closed", archived: "queues.status.archived" };

export async function QueueList({ projectId, slug, queues, isAdmin, isReviewer = isAdmin }: Props) {
  const { t } = await getT();
  if (queues.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        {isAdmin ? t("queues.noneAdmin") : t("queues.noneMember")}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label={t("queues.title")}>
      {queues.map((q) => {
        const target = q.items * q.overlap;
        return (
          <li key={q.id} className="flex flex-wrap items-center gap-4 p-4">
            <div className="min-w-0 flex-1">
              <h2 className="font-medium">
                {isReviewer ? <Link href={`/projects/${slug}/queues/${q.id}`} className="text-blue-800 hover:underline">{q.name}</Link> : q.name}
              </h2>
              <p className="text-sm text-slate-600">
                {itemsText(t, q.items, q.itemType)} · {t("queues.overlap", { overlap: q.overlap })} · {t("queues.lease", { minutes: q.leaseMinutes })} · {q.memberCount === 1 ? t("queues.memberOne") : t("queues.memberMany", { count: q.memberCount })}
                {q.status !== "active" && <> · <span className="font-medium text-slate-800">{STATUS_NOTES[q.status] ? t(STATUS_NOTES[q.status]!) : q.status}</span></>}
              </p>
              <div className="mt-2 flex items-center gap-2">
                <div className="h-2 w-48 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                  <div className="h-full bg-emerald-600" style={{ width: `${percent(q.submitted, target)}%` }} />
                </div>
                <span className="text-sm tabular-nums text-slate-700">{t("queues.submittedOf", { done: q.submitted, target })}</span>
              </div>
              <ReviewCounts t={t} slug={slug} queue={q} />
              {q.honeypots && (
                <p className="mt-1 text-sm text-slate-700">
                  <span className="text-slate-500">{t(q.honeypots.items === 1 ? "queues.honeypotOne" : "queues.honeypotMany", { count: q.honeypots.items })}</span>{" "}
                  <HoneypotAccuracyList accuracy={q.honeypots.accuracy} label={t("honeypots.accuracyIn", { queue: q.name })} />
                </p>
              )}
            </div>
            {q.isMember && q.status === "active" ? (
              <form method="post" action={`/api/projects/${projectId}/queues/${q.id}/next`}>
                <button type="submit" aria-label={t("queues.startNamed", { queue: q.name })} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
                  {t("queues.start")}
                </button>
              </form>
            ) : (
              <span className="text-sm text-slate-500">{q.isMember ? t("queues.notOpen") : t("queues.notMember")}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
