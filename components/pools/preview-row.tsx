"use client";
// One previewed row: its screenshot with the target drawn where the row's convention puts it
// (mapped back to the screenshot's pixels on the server, rounding included), the prompt and
// the answer exactly as written, and the row in the framework's own layout.
import { useT } from "@/components/i18n/i18n-provider";
import type { PreviewMark, PreviewRow } from "@/lib/pools/pool-preview";

function Mark({ mark, scale }: { mark: PreviewMark; scale: number }) {
  const stroke = Math.max(2, 3 * scale);
  if (mark.kind === "point") {
    return (
      <g>
        <circle cx={mark.x} cy={mark.y} r={9 * scale} fill="none" stroke="#dc2626" strokeWidth={stroke} />
        <circle cx={mark.x} cy={mark.y} r={2.5 * scale} fill="#dc2626" />
      </g>
    );
  }
  if (mark.kind === "box") return <rect x={mark.x1} y={mark.y1} width={mark.x2 - mark.x1} height={mark.y2 - mark.y1} fill="rgba(37,99,235,0.12)" stroke="#2563eb" strokeWidth={stroke} />;
  return <line x1={mark.x1} y1={mark.y1} x2={mark.x2} y2={mark.y2} stroke="#dc2626" strokeWidth={stroke} markerEnd="url(#arrow)" />;
}

function Turn({ role, content }: { role: string; content: string }) {
  const long = content.length > 400;
  return (
    <div className="rounded bg-white p-2">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{role}</p>
      {long ? (
        <details>
          <summary className="cursor-pointer whitespace-pre-wrap break-words text-sm text-slate-800">{content.slice(0, 240)}…</summary>
          <pre className="mt-1 max-h-72 overflow-auto whitespace-pre-wrap break-words text-xs text-slate-800">{content}</pre>
        </details>
      ) : (
        <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{content}</p>
      )}
    </div>
  );
}

export function PreviewRowCard({ row }: { row: PreviewRow }) {
  const t = useT();
  const image = row.images.at(-1);
  const scale = image ? Math.max(image.width, image.height) / 800 : 1;
  return (
    <article className="space-y-2 rounded-md border border-slate-200 bg-slate-100 p-3" aria-label={t("pools.row", { key: row.key })}>
      <p className="flex justify-between gap-2 font-mono text-xs text-slate-600">
        <span className="truncate">{row.key}</span>
        <span>{row.file}</span>
      </p>
      {image && (
        <div className="relative mx-auto max-h-96 w-fit overflow-hidden rounded border border-slate-300 bg-white">
          {/* eslint-disable-next-line @next/next/no-img-element -- a media-route screenshot at its own size */}
          <img src={`/api/media/${image.mediaId}`} alt={t("pools.rowScreenshot", { key: row.key })} className="block max-h-96 w-auto" />
          <svg viewBox={`0 0 ${image.width} ${image.height}`} preserveAspectRatio="none" className="pointer-events-none absolute inset-0 h-full w-full" aria-hidden="true">
            <defs>
              <marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill="#dc2626" />
              </marker>
            </defs>
            {row.marks.map((mark, i) => <Mark key={i} mark={mark} scale={scale} />)}
          </svg>
          {row.refusal && <p className="absolute left-2 top-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t("pools.targetAbsent")}</p>}
        </div>
      )}
      {row.images.length > 1 && <p className="text-xs text-slate-600">{t("pools.screenshots", { count: row.images.length })}</p>}
      <div className="space-y-1">
        {row.turns.map((t, i) => <Turn key={i} role={t.role} content={t.content} />)}
        {row.rejected !== null && <Turn role="rejected" content={row.rejected} />}
      </div>
      {row.truth && (
        <p className="break-all font-mono text-xs text-slate-700">
          <span className="font-sans font-semibold text-slate-600">{t("pools.rewardTruth")} </span>
          {row.truth}
        </p>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer text-slate-700">{t("pools.rowAsRead")}</summary>
        <pre className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap break-all rounded bg-white p-2 text-slate-800">{row.shaped}</pre>
      </details>
    </article>
  );
}
