"use client";
// The fields of a model connection, empty for a new one or holding a saved one's settings. The
// key is never sent to the browser: an edit shows its hint as a placeholder, and a blank key
// field keeps the stored key (ConnectionInputSchema) unless "remove" is ticked. The server
// checks everything again and names the field that is wrong.
import { useId } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { conventionLabel } from "@/components/pools/pool-labels";
import { Field } from "@/components/ui/field";
import { CONVENTIONS } from "@/lib/exports/conventions/coordinate-conventions";
import type { ConnectionView } from "@/lib/models/connections/connections";

type Props = { saved?: ConnectionView };

const orEmpty = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

export function ConnectionFields({ saved }: Props) {
  const t = useT();
  const pixelsHelp = useId();
  const keyPlaceholder = !saved ? t("models.field.apiKeyOptional") : saved.apiKeyHint ? t("models.field.keyUnchanged", { hint: saved.apiKeyHint }) : t("models.field.noKeyStored");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t("models.field.name")} name="name" required maxLength={100} defaultValue={saved?.name ?? ""} placeholder={t("models.field.nameExample")} className="w-64" />
        <Field label={t("models.field.baseUrl")} name="baseUrl" required maxLength={2000} defaultValue={saved?.baseUrl ?? ""} placeholder="http://gpu-01:8000/v1" className="min-w-72 flex-1" />
        <Field label={t("models.field.model")} name="model" required maxLength={200} defaultValue={saved?.model ?? ""} placeholder={t("models.field.modelExample")} className="w-64" />
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t("models.field.apiKey")} name="apiKey" type="password" autoComplete="new-password" spellCheck={false} maxLength={4000} placeholder={keyPlaceholder} className="w-64" />
        {saved?.apiKeyHint && (
          <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
            <input type="checkbox" name="clearApiKey" /> {t("models.field.clearKey")}
          </label>
        )}
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {t("models.field.convention")}
          <select name="convention" required defaultValue={saved?.convention ?? "rel1000"} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-base font-normal text-slate-900">
            {CONVENTIONS.map((c) => <option key={c} value={c}>{conventionLabel(t, c)}</option>)}
          </select>
        </label>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t("models.field.maxConcurrent")} name="maxConcurrent" type="number" required min={1} max={256} defaultValue={saved?.maxConcurrent ?? 4} className="w-40" />
        <Field label={t("models.field.requestsPerMinute")} name="requestsPerMinute" type="number" min={1} max={1_000_000} defaultValue={orEmpty(saved?.requestsPerMinute)} className="w-56" />
        <Field label={t("models.field.timeoutSeconds")} name="timeoutSeconds" type="number" required min={1} max={3600} defaultValue={saved?.timeoutSeconds ?? 120} className="w-40" />
        <Field label={t("models.field.minPixels")} name="minPixels" type="number" min={1} max={1_000_000_000} defaultValue={orEmpty(saved?.minPixels)} aria-describedby={pixelsHelp} className="w-40" />
        <Field label={t("models.field.maxPixels")} name="maxPixels" type="number" min={1} max={1_000_000_000} defaultValue={orEmpty(saved?.maxPixels)} aria-describedby={pixelsHelp} className="w-40" />
      </div>
      <p id={pixelsHelp} className="text-xs text-slate-600">{t("models.field.pixelsHelp")}</p>
    </div>
  );
}
