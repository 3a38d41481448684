// The strip above a review screen for reviewers and admins: the item's lifecycle state, its
// pinned final answer (revision, source, who decided, whose answers), earlier revisions, open
// proposals to accept or dismiss, reopening, and (admins) making it a honeypot or taking that back.
import { ActionForm } from "@/components/ui/action-form";
import { describeGroundingAnswer } from "@/components/adjudication/format-answer";
import { makeHoneypotAction, removeHoneypotAction } from "@/lib/actions/honeypots";
import { decideProposalAction, reopenItemAction } from "@/lib/actions/item-standing";
import { ITEM_STATE_LABELS, isSettled, type ItemState } from "@/lib/domain/item-lifecycle";
import type { ReviewStanding as Standing } from "@/lib/queues/review-standing";
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";

type Props = { projectId: string; item: { itemType: "sample" | "trajectory"; id: string }; standing: Standing; isAdmin: boolean };
type Revision = NonNullable<Standing["final"]>;

const SOURCE_TEXT: Record<string, string> = {
  review: "review",
  adjudication: "adjudication",
  consensus: "consensus",
  bulk: "bulk pass",
  proposal: "accepted proposal",
  import: "import",
};

function trajectoryText(t: TrajectoryPayload): string {
  return `${t.traceVerdict ?? "no verdict"}${t.firstWrongStep !== null ? `, first wrong step ${t.firstWrongStep + 1}` : ""}, ${t.steps.length} steps labeled`;
}

function answerText(r: { grounding: Revision["grounding"]; trajectory: Revision["trajectory"] }): string {
  return r.grounding ? describeGroundingAnswer(r.grounding) : trajectoryText(r.trajectory!);
}

/** "consensus of Ann One, Ann Two" / "review by Rita" / "bulk pass by Owner". */
function credit(r: Revision): string {
  if (r.source === "consensus") return `consensus of ${r.contributors.join(", ")}`;
  if (r.source === "proposal") return `proposal by ${r.contributors.join(", ")}, accepted by ${r.decidedBy ?? "a removed user"}`;
  return `${SOURCE_TEXT[r.source] ?? r.source} by ${r.decidedBy ?? "a removed user"}`;
}

const when = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function Hidden({ projectId, item }: Pick<Props, "projectId" | "item">) {
  return (
    <>
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="itemType" value={item.itemType} />
      <input type="hidden" name="itemId" value={item.id} />
    </>
  );
}

export function ReviewStanding({ projectId, item, standing, isAdmin }: Props) {
  const settled = isSettled(standing.status);
  const verified = standing.status === "verified";
  const tone = verified ? "border-emerald-200 bg-emerald-50" : standing.status === "rejected" ? "border-rose-200 bg-rose-50" : "border-slate-200 bg-white";
  return (
    <section aria-label="Review standing" className={`space-y-2 rounded-lg border px-3 py-2 text-sm ${tone}`}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="font-semibold text-slate-900" data-testid="review-status">
          {verified ? "✓ " : ""}{ITEM_STATE_LABELS[standing.status as ItemState] ?? standing.status}
          {standing.verifiedAt && settled && <span className="font-normal"> {when(standing.verifiedAt)}</span>}
        </span>
        {standing.honeypot && <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">honeypot</span>}
        {standing.final && (
          <span className="text-slate-800">
            Final answer (revision {standing.final.revision}): <b className="font-mono font-semibold" data-testid="final-answer-summary">{standing.final.decision === "reject" ? "rejected" : answerText(standing.final)}</b>{" "}
            <span className="text-slate-600" data-testid="final-answer-credit">
              ({credit(standing.final)}{standing.final.note && <> — “{standing.final.note}”</>})
            </span>
          </span>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {settled && !standing.honeypot && (
            <details className="relative">
              <summary className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">Reopen…</summary>
              <ActionForm action={reopenItemAction} label="Reopen item" submitLabel="Reopen" variant="danger" className="absolute right-0 z-10 mt-1 flex w-80 flex-wrap gap-2 rounded-md border border-slate-200 bg-white p-3 shadow">
                <Hidden projectId={projectId} item={item} />
                <label className="basis-full text-xs text-slate-700">
                  Why? The final answer is kept in the history.
                  <input name="reason" required minLength={3} className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm" />
                </label>
              </ActionForm>
            </details>
          )}
          {isAdmin && (verified || standing.honeypot) && (
            standing.honeypot ? (
              <ActionForm action={removeHoneypotAction} label="Remove honeypot" submitLabel="Remove honeypot" variant="danger" className="flex flex-wrap items-center justify-end gap-2">
                <input type="hidden" name="projectId" value={projectId} />
                <input type="hidden" name="honeypotId" value={standing.honeypot.id} />
              </ActionForm>
            ) : (
              <ActionForm action={makeHoneypotAction} label="Use as honeypot" submitLabel="Use as honeypot" variant="plain" className="flex flex-wrap items-center justify-end gap-2">
                <Hidden projectId={projectId} item={item} />
              </ActionForm>
            )
          )}
        </div>
      </div>
      {standing.proposals.length > 0 && (
        <ul aria-label="Proposals" className="space-y-1 border-t border-slate-200 pt-2">
          {standing.proposals.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2">
              <span>
                Proposal by <b>{p.by}</b>{p.submittedAt && <> ({when(p.submittedAt)})</>}: <span className="font-mono">{answerText(p)}</span>
              </span>
              {(["accept", "dismiss"] as const).map((decision) => (
                <ActionForm key={decision} action={decideProposalAction} label={`${decision} proposal by ${p.by}`} submitLabel={decision === "accept" ? "Accept as final" : "Dismiss"} variant={decision === "accept" ? "primary" : "plain"} className="flex items-center gap-2">
                  <input type="hidden" name="projectId" value={projectId} />
                  <input type="hidden" name="annotationId" value={p.id} />
                  <input type="hidden" name="decision" value={decision} />
                </ActionForm>
              ))}
            </li>
          ))}
        </ul>
      )}
      {standing.history.length > 0 && (
        <details className="border-t border-slate-200 pt-2">
          <summary className="cursor-pointer text-slate-700">Earlier revisions ({standing.history.length})</summary>
          <ol className="mt-1 space-y-1 text-slate-700" aria-label="Revision history">
            {standing.history.map((r) => (
              <li key={r.id}>
                Revision {r.revision}, {when(r.createdAt)}: <span className="font-mono">{r.decision === "reject" ? "rejected" : answerText(r)}</span> ({credit(r)}
                {r.note && <> — “{r.note}”</>}){r.supersededAt && <span className="text-slate-500"> · superseded {when(r.supersededAt)}{r.supersededReason && <>: {r.supersededReason}</>}</span>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
