"use client";
// The strip above a review screen for reviewers and admins: the item's lifecycle state, its
// pinned final answer (revision, source, who decided, whose answers), earlier revisions, open
// proposals to accept or dismiss, what an unsettled item waits for and who can settle it
// (waiting-for-line.tsx), reopening, and (admins) making it a honeypot or taking that back.
import { ActionForm } from "@/components/ui/action-form";
import { describeGroundingAnswer } from "@/components/adjudication/format-answer";
import { makeHoneypotAction, removeHoneypotAction } from "@/lib/actions/honeypots";
import { decideProposalAction, reopenItemAction } from "@/lib/actions/item-standing";
import { isSettled } from "@/lib/domain/item-lifecycle";
import { formatDateTime } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { itemStateLabel } from "@/lib/i18n/labels";
import type { PlainKey, Translate } from "@/lib/i18n/translate";
import type { ReviewStanding as Standing } from "@/lib/queues/review-standing";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";
import type { WaitingFor } from "@/lib/queues/waiting-for";
import { WaitingForLine } from "@/components/review/waiting-for-line";

type Props = { projectId: string; slug: string; item: { itemType: "sample" | "trajectory"; id: string }; standing: Standing; waiting: WaitingFor | null; isAdmin: boolean };
type Revision = NonNullable<Standing["final"]>;

const SOURCE_TEXT: Record<string, PlainKey> = {
  review: "standing.source.review",
  adjudication: "standing.source.adjudication",
  consensus: "standing.source.consensus",
  bulk: "standing.source.bulk",
  proposal: "standing.source.proposal",
  import: "standing.source.import",
};

function trajectoryText(t: Translate, p: TrajectoryPayload): string {
  const verdict = p.traceVerdict ?? t("standing.noVerdict");
  return p.firstWrongStep !== null
    ? t("standing.trajectoryAnswerWrongStep", { verdict, step: p.firstWrongStep + 1, labeled: p.steps.length })
    : t("standing.trajectoryAnswer", { verdict, labeled: p.steps.length });
}

function answerText(t: Translate, r: { grounding: Revision["grounding"]; trajectory: Revision["trajectory"] }): string {
  return r.grounding ? describeGroundingAnswer(r.grounding, t) : trajectoryText(t, r.trajectory!);
}

/** "consensus of Ann One, Ann Two" / "review by Rita" / "bulk pass by Owner". */
function credit(t: Translate, r: Revision): string {
  const decidedBy = r.decidedBy ?? t("standing.removedUser");
  if (r.source === "consensus") return t("standing.creditConsensus", { names: r.contributors.join(", ") });
  if (r.source === "proposal") return t("standing.creditProposal", { names: r.contributors.join(", "), decidedBy });
  return t("standing.creditBy", { source: SOURCE_TEXT[r.source] ? t(SOURCE_TEXT[r.source]!) : r.source, decidedBy });
}

function Hidden({ projectId, item }: Pick<Props, "projectId" | "item">) {
  return (
    <>
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="itemType" value={item.itemType} />
      <input type="hidden" name="itemId" value={item.id} />
    </>
  );
}

// A client component: the review screens swap items on the client (use-review-session.ts).
export function ReviewStanding({ projectId, slug, item, standing, waiting, isAdmin }: Props) {
  const t = useT();
  const locale = useLocale();
  const when = (iso: string) => formatDateTime(locale as Locale, iso);
  const settled = isSettled(standing.status);
  const verified = standing.status === "verified";
  const tone = verified ? "border-emerald-200 bg-emerald-50" : standing.status === "rejected" ? "border-rose-200 bg-rose-50" : "border-slate-200 bg-white";
  return (
    <section aria-label={t("standing.title")} className={`space-y-2 rounded-lg border px-3 py-2 text-sm ${tone}`}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="font-semibold text-slate-900" data-testid="review-status">
          {verified ? "✓ " : ""}{itemStateLabel(t, standing.status)}
          {standing.verifiedAt && settled && <span className="font-normal"> {when(standing.verifiedAt)}</span>}
        </span>
        {standing.honeypot && <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">{t("standing.honeypot")}</span>}
        {standing.final && (
          <span className="text-slate-800">
            {t("standing.finalAnswer", { revision: standing.final.revision })} <b className="font-mono font-semibold" data-testid="final-answer-summary">{standing.final.decision === "reject" ? t("standing.rejected") : answerText(t, standing.final)}</b>{" "}
            <span className="text-slate-600" data-testid="final-answer-credit">
              ({credit(t, standing.final)}{standing.final.note && <> — “{standing.final.note}”</>})
            </span>
          </span>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {settled && !standing.honeypot && (
            <details className="relative">
              <summary className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">{t("standing.reopenMenu")}</summary>
              <ActionForm action={reopenItemAction} label={t("standing.reopenItem")} submitLabel={t("standing.reopen")} variant="danger" className="absolute right-0 z-10 mt-1 flex w-80 flex-wrap gap-2 rounded-md border border-slate-200 bg-white p-3 shadow">
                <Hidden projectId={projectId} item={item} />
                <label className="basis-full text-xs text-slate-700">
                  {t("standing.reopenWhy")}
                  <input name="reason" required minLength={3} className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm" />
                </label>
              </ActionForm>
            </details>
          )}
          {isAdmin && (verified || standing.honeypot) && (
            standing.honeypot ? (
              <ActionForm action={removeHoneypotAction} label={t("standing.removeHoneypot")} submitLabel={t("standing.removeHoneypot")} variant="danger" className="flex flex-wrap items-center justify-end gap-2">
                <input type="hidden" name="projectId" value={projectId} />
                <input type="hidden" name="honeypotId" value={standing.honeypot.id} />
              </ActionForm>
            ) : (
              <ActionForm action={makeHoneypotAction} label={t("standing.useAsHoneypot")} submitLabel={t("standing.useAsHoneypot")} variant="plain" className="flex flex-wrap items-center justify-end gap-2">
                <Hidden projectId={projectId} item={item} />
              </ActionForm>
            )
          )}
        </div>
      </div>
      {waiting && <WaitingForLine t={t} slug={slug} item={item} waiting={waiting} />}
      {standing.proposals.length > 0 && (
        <ul aria-label={t("standing.proposals")} className="space-y-1 border-t border-slate-200 pt-2">
          {standing.proposals.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2">
              <span>
                {t("standing.proposalBy")} <b>{p.by}</b>{p.submittedAt && <> ({when(p.submittedAt)})</>}: <span className="font-mono">{answerText(t, p)}</span>
              </span>
              {(["accept", "dismiss"] as const).map((decision) => (
                <ActionForm key={decision} action={decideProposalAction} label={t(decision === "accept" ? "standing.acceptProposalOf" : "standing.dismissProposalOf", { by: p.by })} submitLabel={decision === "accept" ? t("standing.acceptAsFinal") : t("standing.dismiss")} variant={decision === "accept" ? "primary" : "plain"} className="flex items-center gap-2">
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
          <summary className="cursor-pointer text-slate-700">{t("standing.earlierRevisions", { count: standing.history.length })}</summary>
          <ol className="mt-1 space-y-1 text-slate-700" aria-label={t("standing.revisionHistory")}>
            {standing.history.map((r) => (
              <li key={r.id}>
                {t("standing.revisionAt", { revision: r.revision, at: when(r.createdAt) })} <span className="font-mono">{r.decision === "reject" ? t("standing.rejected") : answerText(t, r)}</span> ({credit(t, r)}
                {r.note && <> — “{r.note}”</>}){r.supersededAt && <span className="text-slate-500"> · {t("standing.supersededAt", { at: when(r.supersededAt) })}{r.supersededReason && <>: {r.supersededReason}</>}</span>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
