"use client";
// Queue mode's strip above a review screen: which queue, how long the lease still runs, and
// Skip (the item goes back to the others and never comes back to you; the queue's next item
// opens). A lapsed lease is said plainly: submitting still works unless someone took the item.
import { useEffect, useState } from "react";
import { useSearchParams } from "next/navigation";
import { useT } from "@/components/i18n/i18n-provider";
import { openNextQueueItem } from "@/components/queues/open-next-item";
import { skipClaimAction } from "@/lib/actions/queues";
import type { QueueClaimView } from "@/lib/queues/queue-claim-view";
import { statusWord } from "@/lib/i18n/status-word";
import { UNSUBMITTED_PARAM, parseUnsubmittedReason, unsubmittedMessage } from "@/lib/queues/unsubmitted-reason";

function remaining(leaseUntil: string, now: number): string | null {
  const seconds = Math.floor((Date.parse(leaseUntil) - now) / 1000);
  if (seconds <= 0) return null;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mmss = `${String(m).padStart(h ? 2 : 1, "0")}:${String(s).padStart(2, "0")}`;
  return h ? `${h}:${mmss}` : mmss;
}

export function QueueModeBar({ projectId, claim }: { projectId: string; claim: QueueClaimView }) {
  // null until mounted: the server's clock would render a different countdown than the browser's.
  const [now, setNow] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSkipping, setSkipping] = useState(false);
  const t = useT();
  // The previous item's claim, closed on the way here, did not count (the /next route says why).
  const unsubmitted = parseUnsubmittedReason(useSearchParams()?.get(UNSUBMITTED_PARAM) ?? null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  async function skip() {
    setSkipping(true);
    const result = await skipClaimAction({ projectId, claimId: claim.claimId });
    if (!result.ok) {
      setError(result.error);
      setSkipping(false);
      return;
    }
    openNextQueueItem(projectId, claim.queueId);
  }

  const left = now === null ? "…" : remaining(claim.leaseUntil, now);
  const isActive = claim.status === "active";
  return (
    <section aria-label={t("queueMode.title")} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-950">
      <span>{t("queueMode.queue")} <b className="font-semibold">{claim.queueName}</b></span>
      {isActive ? (
        <span data-testid="lease-left" className={left === null ? "font-medium text-amber-800" : ""}>
          {left === null ? t("queueMode.leaseOut") : <>{t("queueMode.leaseEndsIn")} <b className="font-semibold tabular-nums">{left}</b></>}
        </span>
      ) : (
        <span>{t("queueMode.claimIs", { status: statusWord(claim.status) })}</span>
      )}
      {error && <span role="alert" className="text-red-700">{error}</span>}
      {isActive && (
        <button type="button" onClick={() => void skip()} disabled={isSkipping}
          className="ml-auto rounded-md border border-blue-300 bg-white px-3 py-1 text-sm font-medium text-blue-900 hover:bg-blue-100 disabled:opacity-50">
          {isSkipping ? t("queueMode.skipping") : t("queueMode.skip")}
        </button>
      )}
      {/* Last, on a line of its own under the lease and Skip. */}
      {unsubmitted && <span role="alert" className="basis-full font-medium text-amber-900">{t(unsubmittedMessage(unsubmitted))}</span>}
    </section>
  );
}
