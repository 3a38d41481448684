"use client";
// What changed at the source under a verified item, side by side: the inputs the reviewer
// verified and the ones the re-import brought (instruction, screenshot and size; goal, step
// actions and screenshots). The item is out of pools until a reviewer verifies it again on the
// new inputs; verifying resolves this panel.
import { useLocale, useT } from "@/components/i18n/i18n-provider";
import { inputChangeText } from "@/components/imports/reimport-changes";
import { formatDateTime } from "@/lib/i18n/format";
import type { SourceChangeView } from "@/lib/annotations/source-changes";
import type { SampleVerifiedInputs, TrajectoryVerifiedInputs, VerifiedStep } from "@/lib/domain/verified-inputs";

function Shot({ mediaId, label }: { mediaId: string | null; label: string }) {
  const t = useT();
  if (!mediaId) return <span className="text-xs text-slate-500">{t("sourceChange.noScreenshot")}</span>;
  return (
    <a href={`/api/media/${mediaId}`} target="_blank" rel="noreferrer" title={label}>
      <img src={`/api/media/${mediaId}?variant=thumb`} alt={label} className="max-h-32 rounded border border-slate-200" />
    </a>
  );
}

function Side({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 flex-1 space-y-1 rounded border border-slate-200 bg-white p-2">
      <h3 className="text-xs font-semibold text-slate-600">{title}</h3>
      {children}
    </div>
  );
}

function SampleSides({ before, after }: { before: SampleVerifiedInputs; after: SampleVerifiedInputs }) {
  const t = useT();
  const side = (inputs: SampleVerifiedInputs, title: string, testId: string) => (
    <Side title={title}>
      <p className="text-sm" data-testid={testId}>{inputs.instruction}</p>
      <p className="text-xs text-slate-500">{inputs.width && inputs.height ? `${inputs.width} × ${inputs.height}` : t("sourceChange.noSize")}</p>
      <Shot mediaId={inputs.screenshot} label={title} />
    </Side>
  );
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {side(before, t("sourceChange.verified"), "source-change-before")}
      {side(after, t("sourceChange.now"), "source-change-after")}
    </div>
  );
}

const actionText = (step: VerifiedStep | undefined) => (step ? JSON.stringify(step.action) : "—");

function TrajectorySides({ before, after, fields }: { before: TrajectoryVerifiedInputs; after: TrajectoryVerifiedInputs; fields: SourceChangeView["fields"] }) {
  const t = useT();
  const changedSteps = [...new Set(fields.flatMap((f) => ("step" in f ? [f.step] : [])))].sort((a, b) => a - b);
  const was = new Map(before.steps.map((s) => [s.index, s]));
  const now = new Map(after.steps.map((s) => [s.index, s]));
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Side title={t("sourceChange.verified")}>
          <p className="text-sm" data-testid="source-change-before">{before.goal}</p>
          <p className="text-xs text-slate-500">{t("sourceChange.steps", { count: before.stepCount })}</p>
        </Side>
        <Side title={t("sourceChange.now")}>
          <p className="text-sm" data-testid="source-change-after">{after.goal}</p>
          <p className="text-xs text-slate-500">{t("sourceChange.steps", { count: after.stepCount })}</p>
        </Side>
      </div>
      {changedSteps.slice(0, 20).map((index) => (
        <div key={index} className="flex flex-col gap-2 sm:flex-row" aria-label={t("sourceChange.stepLabel", { step: index + 1 })}>
          {[was.get(index), now.get(index)].map((step, i) => (
            <Side key={i} title={`${t("sourceChange.stepLabel", { step: index + 1 })} · ${i === 0 ? t("sourceChange.verified") : t("sourceChange.now")}`}>
              <code className="block text-xs break-all">{actionText(step)}</code>
              {step && <Shot mediaId={step.screenshot} label={t("sourceChange.stepLabel", { step: index + 1 })} />}
            </Side>
          ))}
        </div>
      ))}
      {changedSteps.length > 20 && <p className="text-xs text-slate-500">{t("sourceChange.moreSteps", { count: changedSteps.length - 20 })}</p>}
    </div>
  );
}

export function SourceChangePanel({ change }: { change: SourceChangeView }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section role="region" aria-label={t("sourceChange.title")} className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="source-change">
      <p className="text-sm text-amber-950">
        <b>{t("sourceChange.title")}</b> · {formatDateTime(locale, change.createdAt)}: {change.fields.map((f) => inputChangeText(t, f)).join(", ")}. {t("sourceChange.explain")}
      </p>
      {change.before.kind === "sample" && change.after.kind === "sample" && <SampleSides before={change.before} after={change.after} />}
      {change.before.kind === "trajectory" && change.after.kind === "trajectory" && <TrajectorySides before={change.before} after={change.after} fields={change.fields} />}
    </section>
  );
}
