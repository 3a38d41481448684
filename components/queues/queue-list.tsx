// The queues a caller sees, with progress and a Start button for the ones they belong to.
// Start is a form POST to the queue's /next route: claiming is a state change, so no link
// (links are prefetched and followed freely). Reviewers also see what was verified and what
// awaits their adjudication; admins the queue's honeypots and each annotator's accuracy.
import Link from "next/link";
import { HoneypotAccuracyList } from "@/components/queues/honeypot-accuracy-list";
import type { HoneypotAccuracy } from "@/lib/queues/honeypot-accuracy";

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

const ITEM_NOUNS: Record<string, [string, string]> = { sample: ["sample", "samples"], trajectory: ["trajectory", "trajectories"], disagreement: ["disagreement", "disagreements"] };

function itemsText(count: number, itemType: string): string {
  const [one, many] = ITEM_NOUNS[itemType] ?? ["item", "items"];
  return `${count} ${count === 1 ? one : many}`;
}

function percent(done: number, total: number): number {
  return total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));
}

function ReviewCounts({ slug, queue }: { slug: string; queue: QueueProgress }) {
  if (!queue.review) return null;
  const { verified, awaitingAdjudication } = queue.review;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <span><span className="font-medium tabular-nums">{verified}</span> verified</span>
      {awaitingAdjudication > 0 ? (
        <Link href={`/projects/${slug}/queues/${queue.id}/adjudicate`} className="font-medium text-amber-800 hover:underline">
          {awaitingAdjudication} awaiting adjudication →
        </Link>
      ) : (
        <span className="text-slate-500">none awaiting adjudication</span>
      )}
    </p>
  );
}

const STATUS_NOTES: Record<string, string> = { paused: "being created", closed: "closed", archived: "archived" };

export function QueueList({ projectId, slug, queues, isAdmin, isReviewer = isAdmin }: Props) {
  if (queues.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        {isAdmin ? "No queues yet: create one below." : "You are not a member of any queue in this project yet."}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Queues">
      {queues.map((q) => {
        const target = q.items * q.overlap;
        return (
          <li key={q.id} className="flex flex-wrap items-center gap-4 p-4">
            <div className="min-w-0 flex-1">
              <h2 className="font-medium">
                {isReviewer ? <Link href={`/projects/${slug}/queues/${q.id}`} className="text-blue-800 hover:underline">{q.name}</Link> : q.name}
              </h2>
              <p className="text-sm text-slate-600">
                {itemsText(q.items, q.itemType)} · overlap {q.overlap} · lease {q.leaseMinutes} min · {q.memberCount} {q.memberCount === 1 ? "member" : "members"}
                {q.status !== "active" && <> · <span className="font-medium text-slate-800">{STATUS_NOTES[q.status] ?? q.status}</span></>}
              </p>
              <div className="mt-2 flex items-center gap-2">
                <div className="h-2 w-48 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                  <div className="h-full bg-emerald-600" style={{ width: `${percent(q.submitted, target)}%` }} />
                </div>
                <span className="text-sm tabular-nums text-slate-700">{q.submitted} / {target} submitted</span>
              </div>
              <ReviewCounts slug={slug} queue={q} />
              {q.honeypots && (
                <p className="mt-1 text-sm text-slate-700">
                  <span className="text-slate-500">{q.honeypots.items} {q.honeypots.items === 1 ? "honeypot" : "honeypots"} · accuracy:</span>{" "}
                  <HoneypotAccuracyList accuracy={q.honeypots.accuracy} label={`Honeypot accuracy in ${q.name}`} />
                </p>
              )}
            </div>
            {q.isMember && q.status === "active" ? (
              <form method="post" action={`/api/projects/${projectId}/queues/${q.id}/next`}>
                <button type="submit" aria-label={`Start ${q.name}`} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
                  Start
                </button>
              </form>
            ) : (
              <span className="text-sm text-slate-500">{q.isMember ? "Not open" : "Not a member"}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
