// Judge and rule verdicts of the trajectory or of one step: the value, the effective value
// after overrides, the rationale and raw output, and who overrode it and why.
import { VerdictOverrideForm } from "@/components/trajectory-review/verdict-override-form";
import type { VerdictView } from "@/lib/verdicts/effective-verdicts";

type Props = { title: string; projectId: string; verdicts: VerdictView[]; canOverride: boolean; empty: string };

function show(value: VerdictView["value"]): string {
  if (value === null) return "—";
  if (typeof value === "boolean") return value ? "success" : "failure";
  return `${value}/10`;
}

function tone(value: VerdictView["value"]): string {
  if (value === true) return "bg-emerald-100 text-emerald-900";
  if (value === false) return "bg-red-100 text-red-900";
  return "bg-slate-100 text-slate-900";
}

export function VerdictList({ title, projectId, verdicts, canOverride, empty }: Props) {
  return (
    <section aria-label={title} className="space-y-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      {verdicts.length === 0 && <p className="text-sm text-slate-500">{empty}</p>}
      {verdicts.map((v) => (
        <article key={v.id} className="rounded-md border border-slate-200 bg-white p-2 text-sm" data-testid={`verdict-${v.judgeName}`}>
          <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="rounded bg-slate-800 px-1.5 text-xs font-medium text-white">{v.kind === "rule" ? "rule" : "judge"}</span>
            <span className="font-medium">{v.judgeName}</span>
            {v.promptVersion && <span className="text-xs text-slate-500">{v.promptVersion}</span>}
            <span className="text-xs text-slate-500">{v.metric.replace(/_/g, " ")}</span>
            <span className={`ml-auto rounded px-1.5 text-xs font-semibold ${tone(v.effective)}`} title="Effective value (latest accepted override, else the verdict)">
              {show(v.effective)}
            </span>
          </header>
          {v.effective !== v.value && <p className="text-xs text-slate-600">verdict was {show(v.value)}, overridden</p>}
          {v.rationale && <p className="mt-1 text-xs whitespace-pre-wrap text-slate-700">{v.rationale}</p>}
          {v.rawOutput && (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-blue-800">Judge output</summary>
              <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">{v.rawOutput}</pre>
            </details>
          )}
          {v.overrides.length > 0 && (
            <ol className="mt-1 space-y-0.5 border-l-2 border-slate-200 pl-2 text-xs text-slate-700" aria-label="Override history">
              {v.overrides.map((o) => (
                <li key={o.id} className={o.status === "accepted" ? "" : "text-slate-400 line-through"}>
                  {o.createdAt.slice(0, 16).replace("T", " ")} {o.by}: <b>{show(o.value)}</b> — {o.reason}{o.status !== "accepted" && ` (${o.status})`}
                </li>
              ))}
            </ol>
          )}
          {canOverride && (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs font-medium text-blue-800">Override…</summary>
              <VerdictOverrideForm projectId={projectId} verdict={v} />
            </details>
          )}
        </article>
      ))}
    </section>
  );
}
