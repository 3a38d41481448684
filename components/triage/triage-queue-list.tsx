"use client";
// The project's triage queues with how many items are decided, and Start for members: it
// claims the caller's next item (highest impact first) and opens its decision view.
import { useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { startTriageAction } from "@/lib/actions/triage";
import type { TriageQueueRow } from "@/lib/triage/triage-queues";

export function TriageQueueList({ projectId, queues }: { projectId: string; queues: TriageQueueRow[] }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const t = useT();
  if (queues.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{t("triage.noQueue")}</p>;
  }
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label={t("triage.queues")}>
        {queues.map((q) => {
          const done = q.items === 0 ? 100 : Math.round((q.decided / q.items) * 100);
          return (
            <li key={q.id} className="flex flex-wrap items-center gap-4 p-3">
              <div className="min-w-0 flex-1">
                <h3 className="font-medium">{q.name}</h3>
                <div className="mt-1 flex items-center gap-2">
                  <div className="h-2 w-48 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                    <div className="h-full bg-emerald-600" style={{ width: `${done}%` }} />
                  </div>
                  <span className="text-sm tabular-nums text-slate-700">{t("triage.decided", { decided: q.decided, items: q.items })}</span>
                  {q.status !== "active" && <span className="text-xs text-slate-500">· {q.status}</span>}
                </div>
              </div>
              {q.isMember && q.status === "active" && q.decided < q.items ? (
                <button type="button" aria-label={t("queues.startNamed", { queue: q.name })} disabled={pending !== null}
                  className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60"
                  onClick={async () => {
                    setPending(q.id);
                    setError(null);
                    const result = await startTriageAction({ projectId, queueId: q.id });
                    if (result.ok) window.location.assign(result.location);
                    else {
                      setError(result.error);
                      setPending(null);
                    }
                  }}>
                  {pending === q.id ? t("triage.claiming") : t("queues.start")}
                </button>
              ) : (
                <span className="text-sm text-slate-500">{!q.isMember ? t("queues.notMember") : q.decided >= q.items ? t("triage.allDecided") : t("queues.notOpen")}</span>
              )}
            </li>
          );
        })}
      </ul>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
