"use client";

import { useT } from "@/components/i18n/i18n-provider";
import { useState } from "react";
import { PreviewFigure } from "@/components/imports/preview-figure";
import { countsText } from "@/components/imports/count-text";
import type { ContractChoice, ImportPreview } from "@/lib/imports/preview-types";

export type PreviewChoice = { format: string; contract: ContractChoice | null; model: string | null; onVerifiedChange: "reopen" | "keep" };

type Props = {
  preview: ImportPreview;
  onChange: (choice: PreviewChoice) => void;
  onCommit: (choice: PreviewChoice) => void;
  onCancel: () => void;
};

const UNITS: ContractChoice["unit"][] = ["px", "0-1", "0-100", "0-999", "0-1000"];
export function PreviewPanel({ preview, onChange, onCommit, onCancel }: Props) {
  const t = useT();
  const [contract, setContract] = useState<ContractChoice | null>(preview.contract);
  const [model, setModel] = useState(preview.model.value ?? preview.model.suggested ?? "");
  // Results files that name no model: the field asks for it, the file's name proposed.
  const unnamed = preview.model.unnamedFiles;
  const isModelAsked = unnamed.length > 0;
  const [onVerifiedChange, setOnVerifiedChange] = useState<PreviewChoice["onVerifiedChange"]>("reopen");
  const choice = (format: string): PreviewChoice => ({ format, contract, model: model.trim() || null, onVerifiedChange });
  const isSeveral = preview.found.length > 1;
  // A detected format is detected again by the job ("" asks for that): the import then also
  // reports the files no format matched, as the preview found them.
  const current = preview.detected ? "" : preview.format.id;
  const counts = Object.entries(preview.counts).filter(([, n]) => n > 0);
  // Steps belong to their trajectories: they are not records of their own, and the button names
  // what it imports ("Import 3 trajectories, 1 evaluation run"), never a sum of unlike things.
  const records = counts.filter(([kind]) => kind !== "steps");
  const total = records.reduce((sum, [, n]) => sum + n, 0);

  return (
    <section className="space-y-5" aria-label={t("imports.preview.label")}>
      <div className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <label className="flex flex-col text-sm font-medium text-slate-700">
          {preview.detected ? t("imports.preview.formatDetected") : t("imports.preview.formatChosen")}
          <select value={preview.format.id} onChange={(e) => onChange({ ...choice(e.target.value), contract: null })} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal">
            {isSeveral && <option value="">{t("imports.preview.everyFormat", { count: preview.found.length })}</option>}
            {preview.formats.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
          </select>
        </label>
        {preview.model.isNeeded && (
          <label className="flex flex-col text-sm font-medium text-slate-700">
            {t("imports.preview.model")}
            <input value={model} onChange={(e) => setModel(e.target.value)} placeholder={t("imports.preview.modelExample")} maxLength={200}
              aria-describedby={isModelAsked ? "import-model-asked" : undefined} aria-invalid={isModelAsked && !model.trim() ? true : undefined}
              className={`mt-1 rounded-md border px-2 py-1.5 font-normal ${isModelAsked ? "border-amber-500 bg-amber-50 ring-2 ring-amber-300" : "border-slate-300"}`} />
          </label>
        )}
        {contract && (
          <>
            <label className="flex flex-col text-sm font-medium text-slate-700">
              {t("imports.preview.boxFormat")}
              <select value={contract.format} onChange={(e) => setContract({ ...contract, format: e.target.value as ContractChoice["format"] })} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal">
                <option value="xyxy">{t("imports.preview.boxXyxy")}</option>
                <option value="xywh">{t("imports.preview.boxXywh")}</option>
              </select>
            </label>
            <label className="flex flex-col text-sm font-medium text-slate-700">
              {t("imports.preview.unit")}
              <select value={contract.unit} onChange={(e) => setContract({ ...contract, unit: e.target.value as ContractChoice["unit"] })} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal">
                {UNITS.map((u) => <option key={u} value={u}>{u === "px" ? t("imports.preview.pixels") : u}</option>)}
              </select>
            </label>
            <button type="button" onClick={() => onChange(choice(current))} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
              {t("imports.preview.redraw")}
            </button>
          </>
        )}
        {preview.model.isNeeded && (
          <button type="button" onClick={() => onChange(choice(current))} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">
            {t("imports.preview.readAgain")}
          </button>
        )}
        {isModelAsked && (
          <p id="import-model-asked" className="basis-full rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {preview.model.suggested
              ? t("imports.preview.modelProposed", { files: unnamed.join(", ") })
              : t("imports.preview.modelNeeded", { files: unnamed.join(", ") })}
          </p>
        )}
      </div>

      {isSeveral && (
        <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm" aria-label={t("imports.preview.foundLabel")}>
          <p className="font-medium text-slate-700">{t("imports.preview.found", { count: preview.found.length })}</p>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {preview.found.map((f) => (
              <li key={f.id}>{f.label}: <span className="font-mono text-xs">{f.sources.slice(0, 4).join(", ")}{f.sources.length > 4 ? `, … (${f.sources.length})` : ""}</span></li>
            ))}
          </ul>
        </div>
      )}

      <p className="text-sm text-slate-700" data-testid="import-counts">
        {total === 0 ? t("imports.preview.nothing") : preview.countComplete ? countsText(t, counts) : t("imports.preview.atLeast", { counts: countsText(t, counts) })}
        {preview.rejectedCount > 0 && <span className="text-red-700"> · {t(preview.rejectedCount === 1 ? "imports.preview.wouldRejectOne" : "imports.preview.wouldReject", { count: preview.rejectedCount })}</span>}
      </p>

      {preview.items.length > 0 && (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {preview.items.map((item, i) => <PreviewFigure key={i} item={item} />)}
        </div>
      )}

      {preview.rejected.length > 0 && (
        <details className="rounded-md border border-red-200 bg-white" open>
          <summary className="cursor-pointer p-3 text-sm font-medium text-red-800">{t("imports.preview.firstRejections")}</summary>
          <ul className="max-h-56 divide-y divide-slate-100 overflow-auto text-sm">
            {preview.rejected.map((r, i) => (
              <li key={i} className="px-3 py-1.5"><span className="font-mono text-xs text-slate-600">{r.file}{r.line ? `:${r.line}` : ""}</span> <span lang="en">{r.reason}</span></li>
            ))}
          </ul>
        </details>
      )}

      {/* A re-import over reviewed work: what happens to an item whose verified inputs changed. */}
      <label className="flex max-w-xl flex-col text-sm font-medium text-slate-700">
        {t("imports.preview.onVerifiedChange")}
        <select value={onVerifiedChange} onChange={(e) => setOnVerifiedChange(e.target.value as PreviewChoice["onVerifiedChange"])}
          className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal">
          <option value="reopen">{t("imports.preview.onVerifiedChange.reopen")}</option>
          <option value="keep">{t("imports.preview.onVerifiedChange.keep")}</option>
        </select>
      </label>

      <div className="flex gap-3">
        <button type="button" disabled={total === 0} onClick={() => onCommit(choice(current))}
          className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-50">
          {total > 0 ? t("imports.preview.importWhat", { what: countsText(t, records) }) : t("imports.preview.import")}
        </button>
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">{t("imports.preview.startOver")}</button>
      </div>
    </section>
  );
}
