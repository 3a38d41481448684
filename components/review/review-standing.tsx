// The strip above a review screen for reviewers and admins: the item's status, its final
// answer and whose it is, and (admins) making it a honeypot or taking that back.
import { ActionForm } from "@/components/ui/action-form";
import { describeGroundingAnswer } from "@/components/adjudication/format-answer";
import { makeHoneypotAction, removeHoneypotAction } from "@/lib/actions/honeypots";
import type { ReviewStanding as Standing } from "@/lib/queues/review-standing";

type Props = { projectId: string; item: { itemType: "sample" | "trajectory"; id: string }; standing: Standing; isAdmin: boolean };

const STATUS_TEXT: Record<string, string> = { pending: "Not reviewed yet", in_review: "In review", verified: "Verified", rejected: "Rejected" };

function finalText(final: NonNullable<Standing["final"]>): string {
  if (final.grounding) return describeGroundingAnswer(final.grounding);
  const t = final.trajectory!;
  return `${t.traceVerdict ?? "no verdict"}${t.firstWrongStep !== null ? `, first wrong step ${t.firstWrongStep + 1}` : ""}, ${t.steps.length} steps labeled`;
}

export function ReviewStanding({ projectId, item, standing, isAdmin }: Props) {
  const isVerified = standing.status === "verified";
  return (
    <section aria-label="Review standing" className={`flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border px-3 py-2 text-sm ${isVerified ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-white"}`}>
      <span className={`font-semibold ${isVerified ? "text-emerald-900" : "text-slate-800"}`} data-testid="review-status">
        {isVerified ? "✓ " : ""}{STATUS_TEXT[standing.status] ?? standing.status}
        {standing.verifiedAt && isVerified && <span className="font-normal text-emerald-900"> {standing.verifiedAt.slice(0, 16).replace("T", " ")} UTC</span>}
      </span>
      {standing.honeypot && <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">honeypot</span>}
      {standing.final && (
        <span className="text-slate-800">
          {isVerified ? "Final answer" : "Latest answer"}: <b className="font-mono font-semibold" data-testid="final-answer-summary">{finalText(standing.final)}</b>{" "}
          <span className="text-slate-600">
            ({standing.final.kind === "adjudication" ? "adjudication" : "review"} by {standing.final.by}{standing.final.note && <> — “{standing.final.note}”</>})
          </span>
        </span>
      )}
      {isAdmin && (isVerified || standing.honeypot) && (
        <div className="ml-auto">
          {standing.honeypot ? (
            <ActionForm action={removeHoneypotAction} label="Remove honeypot" submitLabel="Remove honeypot" variant="danger" className="flex flex-wrap items-center justify-end gap-2">
              <input type="hidden" name="projectId" value={projectId} />
              <input type="hidden" name="honeypotId" value={standing.honeypot.id} />
            </ActionForm>
          ) : (
            <ActionForm action={makeHoneypotAction} label="Use as honeypot" submitLabel="Use as honeypot" variant="plain" className="flex flex-wrap items-center justify-end gap-2">
              <input type="hidden" name="projectId" value={projectId} />
              <input type="hidden" name="itemType" value={item.itemType} />
              <input type="hidden" name="itemId" value={item.id} />
            </ActionForm>
          )}
        </div>
      )}
    </section>
  );
}
