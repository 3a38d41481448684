"use client";
// The import screen's flow: pick files (or a server-side path), upload them to a staging
// area, preview what would be imported (format, counts, the first items drawn on their
// screenshots, rejections), optionally correct the format or coordinate contract, then run
// the import as a job and follow it.
import { useState } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { DropZone } from "@/components/imports/drop-zone";
import type { PickedFile } from "@/components/imports/collect-dropped-files";
import { JobProgress } from "@/components/imports/job-progress";
import { PreviewPanel, type PreviewChoice } from "@/components/imports/preview-panel";
import type { ImportPreview } from "@/lib/imports/preview-types";
import type { Translate } from "@/lib/i18n/translate";

type Source = { kind: "staging"; stagingId: string } | { kind: "server"; path: string };
type Stage = "choose" | "uploading" | "previewing" | "preview" | "running";

async function call<T>(url: string, init: RequestInit, t: Translate): Promise<T> {
  const response = await fetch(url, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error?.message ?? t("imports.serverAnswered", { status: String(response.status) }));
  return body as T;
}

export function ImportWizard({ projectId, slug, serverImports }: { projectId: string; slug?: string; serverImports: boolean }) {
  const [stage, setStage] = useState<Stage>("choose");
  const t = useT();
  const [source, setSource] = useState<Source | null>(null);
  const [uploaded, setUploaded] = useState({ done: 0, total: 0 });
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [serverPath, setServerPath] = useState("");
  const base = `/api/projects/${projectId}/imports`;

  // "" is "every format found": the server detects them again.
  const requestOf = (next: Source, choice?: PreviewChoice) => ({
    source: next,
    format: choice?.format || undefined,
    contract: choice?.contract ?? undefined,
    model: choice?.model ?? undefined,
    onVerifiedChange: choice?.onVerifiedChange,
  });

  async function loadPreview(next: Source, choice?: PreviewChoice) {
    setStage("previewing");
    setError(null);
    try {
      const body = await call<{ preview: ImportPreview }>(`${base}/preview`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(requestOf(next, choice)),
      }, t);
      setPreview(body.preview);
      setStage("preview");
    } catch (e) {
      setError((e as Error).message);
      setStage("choose");
    }
  }

  async function upload(files: PickedFile[]) {
    if (files.length === 0) return;
    setError(null);
    setStage("uploading");
    setUploaded({ done: 0, total: files.length });
    try {
      const { stagingId } = await call<{ stagingId: string }>(`${base}/staging`, { method: "POST" }, t);
      let done = 0;
      const queue = [...files];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          await call(`${base}/staging/${stagingId}?path=${encodeURIComponent(next.path)}`, { method: "PUT", body: next.file }, t);
          done += 1;
          setUploaded({ done, total: files.length });
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      const next: Source = { kind: "staging", stagingId };
      setSource(next);
      await loadPreview(next);
    } catch (e) {
      setError(t("import.uploadFailed", { reason: (e as Error).message }));
      setStage("choose");
    }
  }

  async function commit(choice: PreviewChoice) {
    if (!source) return;
    try {
      const { jobId: id } = await call<{ jobId: string }>(base, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(requestOf(source, choice)),
      }, t);
      setJobId(id);
      setStage("running");
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <div className="space-y-6">
      {error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{error}</p>}
      {(stage === "choose" || stage === "uploading") && (
        <>
          <DropZone onFiles={upload} disabled={stage === "uploading"} />
          {stage === "uploading" && (
            <p className="text-sm text-slate-600" role="status">{t("import.uploading", { done: uploaded.done, total: uploaded.total })}</p>
          )}
          {serverImports && (
            <form
              className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
              aria-label={t("import.fromServer")}
              onSubmit={(e) => {
                e.preventDefault();
                const next: Source = { kind: "server", path: serverPath };
                setSource(next);
                loadPreview(next);
              }}
            >
              <label className="flex flex-1 flex-col text-sm font-medium text-slate-700">
                {t("import.serverPath")}
                <input value={serverPath} onChange={(e) => setServerPath(e.target.value)} required placeholder="/data/runs/androidlab-2026-11"
                  className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 font-mono text-sm font-normal" />
              </label>
              <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">{t("import.preview")}</button>
            </form>
          )}
        </>
      )}
      {stage === "previewing" && <p role="status" className="text-slate-600">{t("import.previewing")}</p>}
      {stage === "preview" && preview && source && (
        <PreviewPanel
          preview={preview}
          onChange={(choice) => loadPreview(source, choice)}
          onCommit={commit}
          onCancel={() => {
            setStage("choose");
            setPreview(null);
          }}
        />
      )}
      {stage === "running" && jobId && (
        <>
          <JobProgress projectId={projectId} jobId={jobId} slug={slug} />
          <button type="button" onClick={() => { setStage("choose"); setPreview(null); setJobId(null); }}
            className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">
            {t("import.more")}
          </button>
        </>
      )}
    </div>
  );
}
