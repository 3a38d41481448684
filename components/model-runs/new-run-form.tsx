"use client";
// The launch form of a model run: a connection, a template of the tasks that run over these
// items (one whose coordinate grid is not the connection's is shown but cannot be picked, with
// the reason), k, temperature, max tokens and the output name. The list's filter travels as a
// hidden field. A refusal keeps what was typed and shows each field's error under it; a run
// that started opens its page.
import { useRouter } from "next/navigation";
import { startTransition, useActionState, useState, type FormEvent, type ReactNode } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { startModelRunAction, type StartModelRunResult } from "@/lib/actions/model-runs";

export type ConnectionChoice = { id: string; name: string; model: string; convention: string; conventionText: string };
export type TemplateChoice = { id: string; version: number; name: string; task: string; source: string; convention: string | null; conventionText: string | null };

type Props = {
  projectId: string;
  slug: string;
  items: "samples" | "trajectories";
  filterQuery: string;
  connections: ConnectionChoice[];
  templates: TemplateChoice[];
  canStart: boolean;
};

const input = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-base font-normal text-slate-900 aria-[invalid=true]:border-red-500";

function FieldBox({ id, label, help, error, children }: { id: string; label: string; help?: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">{label}</label>
      {children}
      {help && <p id={`${id}-help`} className="mt-1 text-xs text-slate-600">{help}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

export function NewRunForm({ projectId, slug, items, filterQuery, connections, templates, canStart }: Props) {
  const t = useT();
  const router = useRouter();
  const [connectionId, setConnectionId] = useState(connections[0]?.id ?? "");
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [result, formAction, pending] = useActionState(async (previous: StartModelRunResult | null, data: FormData) => {
    const next = await startModelRunAction(previous, data);
    if (next.ok) router.push(`/projects/${slug}/models/runs/${next.runId}`);
    return next;
  }, null);

  const connection = connections.find((c) => c.id === connectionId) ?? connections[0];
  const usable = (p: TemplateChoice) => p.convention === null || p.convention === connection?.convention;
  // The template picked, while this connection can use it; else the first one it can.
  const chosen = templates.find((p) => p.id === templateId && usable(p)) ?? templates.find(usable);
  // The name startModelRun gives a run without one: a grounding run's carries the template (a
  // prediction is known by sample and model alone); a judge is its connection.
  const defaultName = connection && chosen ? (chosen.task === "grounding" ? `${connection.name} · ${chosen.id}@v${chosen.version}` : connection.name) : undefined;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const describedBy = (id: string, help: boolean) => [help && `${id}-help`, errors[id] && `${id}-error`].filter(Boolean).join(" ") || undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  };

  return (
    <form onSubmit={submit} aria-label={t("modelRuns.new.label")} className="space-y-5 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="items" value={items} />
      <input type="hidden" name="filter" value={filterQuery} />

      <FieldBox id="connectionId" label={t("modelRuns.new.connection")} help={connection ? t("modelRuns.new.connectionConvention", { convention: connection.conventionText }) : undefined} error={errors.connectionId}>
        <select id="connectionId" name="connectionId" value={connection?.id ?? ""} onChange={(e) => setConnectionId(e.target.value)}
          aria-invalid={errors.connectionId ? true : undefined} aria-describedby={describedBy("connectionId", Boolean(connection))} className={`${input} bg-white`}>
          {connections.map((c) => <option key={c.id} value={c.id}>{t("modelRuns.new.connectionOption", { name: c.name, model: c.model })}</option>)}
        </select>
      </FieldBox>

      <fieldset aria-describedby={errors.templateId ? "templateId-error" : undefined} aria-invalid={errors.templateId ? true : undefined}>
        <legend className="text-sm font-medium text-slate-700">{t("modelRuns.new.template")}</legend>
        <ul className="mt-1 space-y-2">
          {templates.map((p) => {
            const canUse = usable(p);
            const reasonId = `template-${p.id}-reason`;
            return (
              <li key={p.id}>
                <label className={`flex gap-3 rounded-md border p-3 text-sm ${canUse ? "cursor-pointer border-slate-200 hover:border-blue-400 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50" : "border-dashed border-slate-300 bg-slate-50 text-slate-500"}`}>
                  <input type="radio" name="templateId" value={p.id} checked={chosen?.id === p.id} disabled={!canUse} onChange={() => setTemplateId(p.id)}
                    aria-describedby={canUse ? undefined : reasonId} className="mt-1" />
                  <span className="min-w-0 space-y-0.5">
                    <span className="block font-medium text-slate-900">{p.name}</span>
                    <span className="block font-mono text-xs">{t("modelRuns.new.templateFacts", { id: p.id, version: p.version })}</span>
                    <span className="block text-xs">{p.conventionText ? t("modelRuns.new.templateConvention", { convention: p.conventionText }) : t("modelRuns.new.templateNoConvention")}</span>
                    <span className="block text-xs break-words text-slate-600">{t("modelRuns.new.templateSource", { source: p.source })}</span>
                    {!canUse && connection && (
                      <span id={reasonId} className="block text-xs font-medium text-amber-900">
                        {t("modelRuns.new.templateUnusable", { connection: connection.name, template: p.conventionText ?? "", connectionConvention: connection.conventionText })}
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {!chosen && <p className="mt-1 text-sm text-amber-900">{t("modelRuns.new.noTemplate")}</p>}
        {errors.templateId && <p id="templateId-error" className="mt-1 text-sm text-red-700">{errors.templateId}</p>}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FieldBox id="k" label={t("modelRuns.new.k")} help={t("modelRuns.new.kHelp")} error={errors.k}>
          <input id="k" name="k" type="number" min={1} max={16} step={1} defaultValue={1} required aria-invalid={errors.k ? true : undefined} aria-describedby={describedBy("k", true)} className={input} />
        </FieldBox>
        <FieldBox id="temperature" label={t("modelRuns.new.temperature")} help={t("modelRuns.new.temperatureHelp")} error={errors.temperature}>
          <input id="temperature" name="temperature" type="number" min={0} max={2} step="any" defaultValue={0} required aria-invalid={errors.temperature ? true : undefined} aria-describedby={describedBy("temperature", true)} className={input} />
        </FieldBox>
        <FieldBox id="maxTokens" label={t("modelRuns.new.maxTokens")} help={t("modelRuns.new.maxTokensHelp")} error={errors.maxTokens}>
          <input id="maxTokens" name="maxTokens" type="number" min={1} max={32768} step={1} aria-invalid={errors.maxTokens ? true : undefined} aria-describedby={describedBy("maxTokens", true)} className={input} />
        </FieldBox>
        <FieldBox id="outputName" label={t("modelRuns.new.outputName")} help={t("modelRuns.new.outputNameHelp")} error={errors.outputName}>
          <input id="outputName" name="outputName" type="text" maxLength={200} placeholder={defaultName}
            aria-invalid={errors.outputName ? true : undefined} aria-describedby={describedBy("outputName", true)} className={input} />
        </FieldBox>
      </div>
      {errors.scope && <p className="text-sm text-red-700">{errors.scope}</p>}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={pending || !canStart || !chosen || !connection}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60">
          {pending ? t("modelRuns.new.starting") : t("modelRuns.new.start")}
        </button>
        {result && !result.ok && <p role="alert" className="basis-full text-sm text-red-700">{result.error}</p>}
        {result?.ok && <p role="status" className="text-sm text-emerald-800">{result.message}</p>}
      </div>
    </form>
  );
}
