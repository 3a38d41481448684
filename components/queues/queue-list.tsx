// The queues a caller sees, with progress and a Start link for the ones they belong to.
// "Start" is a plain <a>, never next/link: Link prefetches, and following the route claims.

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
};

type Props = { projectId: string; queues: QueueProgress[]; isAdmin: boolean };

function percent(done: number, total: number): number {
  return total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));
}

export function QueueList({ projectId, queues, isAdmin }: Props) {
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
              <h2 className="font-medium">{q.name}</h2>
              <p className="text-sm text-slate-600">
                {q.items} {q.itemType === "sample" ? "samples" : "trajectories"} · overlap {q.overlap} · lease {q.leaseMinutes} min · {q.memberCount} {q.memberCount === 1 ? "member" : "members"}
                {q.status !== "active" && <> · {q.status}</>}
              </p>
              <div className="mt-2 flex items-center gap-2">
                <div className="h-2 w-48 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                  <div className="h-full bg-emerald-600" style={{ width: `${percent(q.submitted, target)}%` }} />
                </div>
                <span className="text-sm tabular-nums text-slate-700">{q.submitted} / {target} submitted</span>
              </div>
            </div>
            {q.isMember && q.status === "active" ? (
              <a href={`/api/projects/${projectId}/queues/${q.id}/next`} aria-label={`Start ${q.name}`}
                className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
                Start
              </a>
            ) : (
              <span className="text-sm text-slate-500">{q.isMember ? "Not open" : "Not a member"}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
