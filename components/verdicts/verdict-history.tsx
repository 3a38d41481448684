"use client";
// A verdict's revisions (what each import or run said, newest last) and its overrides, each
// with the revision it was made on and whether it is in force, withdrawn or rejected.
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { formatDateTime } from "@/lib/i18n/format";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";

type Props = { verdict: VerdictView; show: (value: VerdictView["value"]) => string };

export function VerdictRevisions({ verdict, show }: Props) {
  const t = useT();
  const locale = useLocale();
  if (verdict.revisions.length < 2) return null;
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs text-blue-800">{t("verdicts.revisions", { count: verdict.revisions.length })}</summary>
      <ol className="mt-1 space-y-0.5 border-l-2 border-slate-200 pl-2 text-xs text-slate-700" aria-label={t("verdicts.revisionsLabel")}>
        {verdict.revisions.map((r) => (
          <li key={r.revision} className={r.revision === verdict.revision ? "font-medium" : ""}>
            {t("verdicts.revision", { revision: r.revision })} · {formatDateTime(locale, r.createdAt)}: <b>{show(r.value)}</b>
            {r.rationale && <span className="text-slate-500"> — {r.rationale.length > 160 ? `${r.rationale.slice(0, 160)}…` : r.rationale}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}

export function OverrideHistory({ verdict, show }: Props) {
  const t = useT();
  const locale = useLocale();
  if (verdict.overrides.length === 0) return null;
  const isRevised = verdict.revisions.length > 1;
  return (
    <ol className="mt-1 space-y-0.5 border-l-2 border-slate-200 pl-2 text-xs text-slate-700" aria-label={t("trajectory.verdicts.history")}>
      {verdict.overrides.map((o) => {
        const isInForce = o.id === verdict.effectiveOverrideId;
        const status = o.status === "withdrawn" && o.withdrawn
          ? t("verdicts.overrideWithdrawn", { by: o.withdrawn.by, at: formatDateTime(locale, o.withdrawn.at) })
          : o.status === "rejected" ? t("trajectory.verdicts.status.rejected")
          : o.status === "accepted" && !isInForce ? t("verdicts.overrideSuperseded") : null;
        return (
          <li key={o.id} className={o.status === "accepted" ? "" : "text-slate-400 line-through"}>
            {formatDateTime(locale, o.createdAt)} {o.by}: <b>{show(o.value)}</b> — {o.reason}
            {isRevised && <span className="text-slate-500"> ({t("verdicts.madeOn", { revision: o.verdictRevision, value: show(o.baseValue) })})</span>}
            {status && <span> ({status})</span>}
          </li>
        );
      })}
    </ol>
  );
}
