// A run's state as a badge and its items as a bar (done in green, failed in red), with the
// words passed in so that server and client components share it. Pure.
import { STATE_STYLE } from "@/components/model-runs/run-labels";

type Props = { status: string; stateText: string; done: number; failed: number; total: number; shareText: string; compact?: boolean };

export function RunState({ status, stateText, done, failed, total, shareText, compact = false }: Props) {
  const doneShare = total > 0 ? Math.min(1, done / total) : 0;
  const failedShare = total > 0 ? Math.min(1 - doneShare, failed / total) : 0;
  return (
    <div className={compact ? "min-w-28 space-y-1" : "space-y-1"}>
      <span data-testid="run-state" className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${STATE_STYLE[status] ?? STATE_STYLE.missing}`}>{stateText}</span>
      <div
        className={`flex overflow-hidden rounded-full bg-slate-200 ${compact ? "h-1.5" : "h-3"}`}
        role="progressbar"
        aria-label={shareText}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round((doneShare + failedShare) * 100)}
      >
        <div className="h-full bg-emerald-600" style={{ width: `${doneShare * 100}%` }} />
        <div className="h-full bg-red-600" style={{ width: `${failedShare * 100}%` }} />
      </div>
    </div>
  );
}
