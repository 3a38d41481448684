"use client";
// The 0-10 quality score: each judge's score with its overrides, the sample's stored effective
// score and the tier it routes the sample to (reviewers: annotators are not shown what rests on
// a final answer), a preview of the reviewer's own score where no judge scored, and (for
// reviewers) an override with a reason.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatDateTime, formatNumber } from "@/lib/i18n/format";
import type { PlainKey } from "@/lib/i18n/translate";
import { dismissRewriteAction, overrideVerdictAction } from "@/lib/actions/grounding";
import { qualityTier, type QualityTier, type TierSettings } from "@/lib/domain/tiers";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";
import { VerdictChangeNotice } from "@/components/verdicts/verdict-change-notice";
import { OverrideHistory, VerdictRevisions } from "@/components/verdicts/verdict-history";

// Suggestions only: the reason stored is whatever the reviewer typed, in their language.
const REASONS: PlainKey[] = ["quality.reason.ambiguous", "quality.reason.loose", "quality.reason.notVisible", "quality.reason.misread"];

type Props = {
  projectId: string;
  verdicts: VerdictView[];
  ownScore: number | null;
  onOwnScore: (score: number | null) => void;
  tiers: TierSettings;
  canOverride: boolean;
  // The sample's stored effective score (lib/domain/derive-sample.ts); null for annotators.
  stored: { qualityScore: number | null; qualityTier: QualityTier | null; qualitySource: string | null } | null;
  // Puts a teacher's proposed instruction into the person's answer as its rewrite; `edit`
  // also moves the focus there. The person still submits it; the original instruction stays.
  onUseRewrite: (text: string, edit: boolean) => void;
  currentRewrite: string | null;
  canDismiss: boolean;
};

function ProposedRewrite({ projectId, verdict, onUse, current, canDismiss }: { projectId: string; verdict: VerdictView; onUse: (text: string, edit: boolean) => void; current: string | null; canDismiss: boolean }) {
  const router = useRouter();
  const t = useT();
  const [message, setMessage] = useState<string | null>(null);
  const text = verdict.proposedRewrite!;
  const inAnswer = current === text;
  return (
    <div className="mt-2 rounded border border-amber-200 bg-amber-50 p-2 text-xs" data-testid="proposed-rewrite">
      <p className="font-medium text-amber-900">{t("quality.proposedRewrite")}</p>
      <p className="mt-0.5 text-sm text-slate-900">{text}</p>
      <div className="mt-1.5 flex flex-wrap gap-2">
        <button type="button" disabled={inAnswer} onClick={() => onUse(text, false)} className="rounded-md border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-50 disabled:opacity-50">
          {inAnswer ? t("quality.rewriteInAnswer") : t("quality.acceptRewrite")}
        </button>
        <button type="button" onClick={() => onUse(text, true)} className="rounded-md border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-50">{t("quality.editRewrite")}</button>
        {canDismiss && (
          <button
            type="button"
            className="rounded-md border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-50"
            onClick={async () => {
              const result = await dismissRewriteAction({ projectId, verdictId: verdict.id });
              setMessage(result.ok ? null : result.error);
              if (result.ok) router.refresh();
            }}
          >
            {t("quality.dismissRewrite")}
          </button>
        )}
      </div>
      {message && <p role="alert" className="mt-1 text-red-700">{message}</p>}
    </div>
  );
}

const SOURCE_TEXT: Record<string, PlainKey> = { judge: "quality.source.judge", override: "quality.source.override", review: "quality.source.review" };

function OverrideForm({ projectId, verdict }: { projectId: string; verdict: VerdictView }) {
  const router = useRouter();
  const t = useT();
  const [value, setValue] = useState(String(verdict.effective ?? ""));
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      aria-label={t("quality.overrideOf", { judge: verdict.judgeName })}
      onSubmit={async (e) => {
        e.preventDefault();
        const result = await overrideVerdictAction({ projectId, verdictId: verdict.id, verdictRevision: verdict.revision, value: Number(value), reason });
        setMessage(result.ok ? null : result.error);
        if (result.ok) {
          setReason("");
          router.refresh();
        }
      }}
    >
      <label className="flex flex-col text-xs text-slate-600">
        {t("quality.newScore")}
        <input type="number" min={0} max={10} step={0.5} required value={value} onChange={(e) => setValue(e.target.value)} className="mt-0.5 w-20 rounded border border-slate-300 px-2 py-1 text-sm" />
      </label>
      <label className="flex min-w-40 flex-1 flex-col text-xs text-slate-600">
        {t("quality.reason")}
        <input list="override-reasons" required minLength={3} value={reason} onChange={(e) => setReason(e.target.value)} className="mt-0.5 rounded border border-slate-300 px-2 py-1 text-sm" />
      </label>
      <datalist id="override-reasons">{REASONS.map((r) => <option key={r} value={t(r)} />)}</datalist>
      <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50">{t("quality.override")}</button>
      {message && <p role="alert" className="basis-full text-xs text-red-700">{message}</p>}
    </form>
  );
}

export function QualityPanel({ projectId, verdicts, ownScore, onOwnScore, tiers, canOverride, stored, onUseRewrite, currentRewrite, canDismiss }: Props) {
  const t = useT();
  const locale = useLocale();
  const n = (v: unknown) => (typeof v === "number" ? formatNumber(locale, v) : String(v));
  const scores = verdicts.filter((v) => v.metric === "quality_score");
  // Only where no judge scored does the person's own score decide; the tier it would give is
  // the same qualityTier the derivation stores.
  const preview = scores.length === 0 && ownScore !== null && ownScore !== stored?.qualityScore ? ownScore : null;
  return (
    <section aria-label={t("quality.title")} className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{t("quality.title")}</h2>
        {stored && (
          <span className="text-sm" data-testid="tier">
            {stored.qualityScore === null ? t("quality.unscored") : <>{t("quality.effective")} <b>{n(stored.qualityScore)}</b> → <b>{stored.qualityTier}</b> <span className="text-slate-500">({SOURCE_TEXT[stored.qualitySource ?? ""] ? t(SOURCE_TEXT[stored.qualitySource ?? ""]!) : stored.qualitySource})</span></>}
          </span>
        )}
      </div>
      {preview !== null && (
        <p className="text-xs text-slate-600" data-testid="tier-preview">{t("quality.preview", { score: preview, tier: qualityTier(preview, tiers) })}</p>
      )}
      {scores.map((v) => (
        <div key={v.id} className="rounded-md border border-slate-200 p-2 text-sm">
          <p>
            <span className="font-medium">{v.judgeName}</span> {v.promptVersion && <span className="text-xs text-slate-500">({v.promptVersion})</span>} {t("quality.scored")} <b>{n(v.value)}</b>
            {v.effective !== v.value && <> · {t("quality.effective")} <b>{n(v.effective)}</b></>}
          </p>
          {v.rationale && <p className="text-xs text-slate-600">{v.rationale}</p>}
          {v.proposedRewrite && <ProposedRewrite projectId={projectId} verdict={v} onUse={onUseRewrite} current={currentRewrite} canDismiss={canDismiss} />}
          <VerdictChangeNotice projectId={projectId} verdict={v} canDecide={canOverride} show={n} />
          <VerdictRevisions verdict={v} show={n} />
          <OverrideHistory verdict={v} show={n} />
          {canOverride && <OverrideForm projectId={projectId} verdict={v} />}
        </div>
      ))}
      {scores.length === 0 && (
        <label className="flex items-center gap-2 text-sm">
          {t("quality.yourScore")}
          <input type="number" min={0} max={10} step={0.5} value={ownScore ?? ""} onChange={(e) => onOwnScore(e.target.value === "" ? null : Number(e.target.value))}
            className="w-20 rounded border border-slate-300 px-2 py-1" />
        </label>
      )}
    </section>
  );
}
