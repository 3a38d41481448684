import { STATUS_COLORS } from "@/components/dashboard/palette";
import { REVIEW_STATUSES, type StatusCounts } from "@/lib/dashboard/review-progress";
import { ITEM_STATE_LABELS as LABELS } from "@/lib/domain/item-lifecycle";

// Plain HTML stacked bars: they need no measuring, so they render on the server as they are.
function StatusBar({ title, counts }: { title: string; counts: StatusCounts }) {
  const done = counts.counts.verified + counts.counts.rejected;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium">{title}</span>
        <span className="tabular-nums text-slate-600">
          {counts.total === 0 ? "none yet" : `${done.toLocaleString("en")} of ${counts.total.toLocaleString("en")} settled (${Math.round((done / counts.total) * 100)}%)`}
        </span>
      </div>
      <div className="flex h-4 w-full overflow-hidden rounded bg-slate-100" role="img" aria-label={`${title} by status`}>
        {counts.total > 0 &&
          REVIEW_STATUSES.map((s) =>
            counts.counts[s] > 0 ? (
              <div key={s} className={STATUS_COLORS[s]} style={{ width: `${(counts.counts[s] / counts.total) * 100}%` }} title={`${LABELS[s]}: ${counts.counts[s]}`} />
            ) : null,
          )}
      </div>
      <ul className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-600">
        {REVIEW_STATUSES.map((s) => (
          <li key={s} className="flex items-center gap-1">
            <span className={`inline-block h-2 w-2 rounded-sm ${STATUS_COLORS[s]}`} />
            {LABELS[s]} <span className="tabular-nums">{counts.counts[s]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function StatusBars({ samples, trajectories }: { samples: StatusCounts; trajectories: StatusCounts }) {
  return (
    <div className="space-y-4">
      <StatusBar title="Grounding samples" counts={samples} />
      <StatusBar title="Trajectories" counts={trajectories} />
    </div>
  );
}
