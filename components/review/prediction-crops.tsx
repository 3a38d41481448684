// Every model's prediction on one sample side by side: for each, the neighbourhood of the
// target box and its point, cut from the full screenshot, with hit or miss (as the derived
// correctness says, against the box the page judges with). While the answer being edited
// differs from that box, the edited box is drawn too (dashed) and each crop also says hit or
// miss against it (live-correctness.ts). Shown when two or more models predicted.
import type { LiveCorrectness } from "@/components/review/live-correctness";
import { judgementWord } from "@/components/review/prediction-list";
import { regionOf, windowAround, type Region } from "@/lib/samples/crop-window";
import type { SampleReview } from "@/lib/samples/sample-review";
import type { Box } from "@/lib/domain/geometry";
import { useT } from "@/components/i18n/i18n-provider";
import type { PlainKey } from "@/lib/i18n/translate";

type Props = {
  mediaId: string;
  image: { width: number; height: number };
  box: Box | null;
  predictions: SampleReview["predictions"];
  /** The box being edited and each prediction against it, while it differs from `box`. */
  edited?: { box: Box | null; live: LiveCorrectness } | null;
};

const TONE: Record<string, { text: PlainKey; color: string; badge: string }> = {
  correct: { text: "predictions.hit", color: "#059669", badge: "bg-emerald-100 text-emerald-900" },
  wrong: { text: "predictions.miss", color: "#e11d48", badge: "bg-rose-100 text-rose-900" },
  wrong_format: { text: "predictions.wrongFormat", color: "#475569", badge: "bg-slate-200 text-slate-800" },
};
const EDITED_COLOR = "#c026d3";

const regionOfBox = (box: Box | null): Region | null => (box ? { x1: box[0], y1: box[1], x2: box[2], y2: box[3] } : null);

// The smallest region holding both regions (either may be missing).
function union(a: Region | null, b: Region | null): Region | null {
  if (!a || !b) return a ?? b;
  return { x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1), x2: Math.max(a.x2, b.x2), y2: Math.max(a.y2, b.y2) };
}

export function PredictionCrops({ mediaId, image, box, predictions, edited = null }: Props) {
  const t = useT();
  const models = predictions.filter((p) => p.kind === "point" && p.x !== null && p.y !== null);
  if (models.length < 2) return null;
  const target = regionOfBox(box);
  const editedBox = regionOfBox(edited?.box ?? null);
  return (
    <section aria-label={t("editor.predictionCrops")} className="space-y-2">
      <h2 className="text-sm font-semibold">{t("editor.predictionCrops")}</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {models.map((p) => {
          const view = windowAround(union(regionOf(target, { x: p.x!, y: p.y! }), editedBox)!, image);
          const tone = TONE[p.correctness ?? ""] ?? { text: "editor.notJudged" as const, color: "#2563eb", badge: "bg-slate-100 text-slate-700" };
          const live = edited?.live.get(p.id) ?? null;
          const r = Math.max(view.width, view.height) / 60;
          return (
            <li key={p.id} className="overflow-hidden rounded-md border border-slate-200 bg-white" data-testid={`crop-${p.model}`}>
              <svg viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`} className="block aspect-[4/3] w-full bg-slate-900" role="img" aria-label={`${p.model}: ${t(tone.text)}`}>
                <image href={`/api/media/${mediaId}`} width={image.width} height={image.height} />
                {target && <rect x={target.x1} y={target.y1} width={target.x2 - target.x1} height={target.y2 - target.y1} fill="rgba(250,204,21,0.15)" stroke="#facc15" strokeWidth={r / 3} />}
                {editedBox && <rect x={editedBox.x1} y={editedBox.y1} width={editedBox.x2 - editedBox.x1} height={editedBox.y2 - editedBox.y1} fill="none" stroke={EDITED_COLOR} strokeWidth={r / 3} strokeDasharray={`${r} ${r / 2}`} />}
                <circle cx={p.x!} cy={p.y!} r={r} fill="none" stroke="#ffffff" strokeWidth={r / 2} />
                <circle cx={p.x!} cy={p.y!} r={r} fill="none" stroke={tone.color} strokeWidth={r / 3} />
              </svg>
              <div className="flex flex-wrap items-center justify-between gap-1 px-2 py-1 text-xs">
                <span className="truncate font-medium" title={p.model}>{p.model}</span>
                <span className="flex flex-wrap gap-1">
                  <span className={`rounded px-1.5 py-0.5 ${tone.badge}`}>{t(tone.text)}</span>
                  {live && (
                    <span className={`rounded border border-dashed border-fuchsia-600 px-1.5 py-0.5 ${TONE[live]!.badge}`} data-testid={`crop-live-${p.model}`}>
                      {t("predictions.againstYourBox", { verdict: judgementWord(t, live) })}
                    </span>
                  )}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
