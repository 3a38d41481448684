// Every model's prediction on one sample side by side: for each, the neighbourhood of the
// target box and its point, cut from the full screenshot, with hit or miss (as the derived
// correctness says, against the box the page judges with). Shown when two or more models predicted.
import { regionOf, windowAround } from "@/lib/samples/crop-window";
import type { SampleReview } from "@/lib/samples/sample-review";
import type { Box } from "@/lib/domain/geometry";
import { useT } from "@/components/i18n/i18n-provider";
import type { PlainKey } from "@/lib/i18n/translate";

type Props = { mediaId: string; image: { width: number; height: number }; box: Box | null; predictions: SampleReview["predictions"] };

const TONE: Record<string, { text: PlainKey; color: string; badge: string }> = {
  correct: { text: "predictions.hit", color: "#059669", badge: "bg-emerald-100 text-emerald-900" },
  wrong: { text: "predictions.miss", color: "#e11d48", badge: "bg-rose-100 text-rose-900" },
  wrong_format: { text: "predictions.wrongFormat", color: "#475569", badge: "bg-slate-200 text-slate-800" },
};

export function PredictionCrops({ mediaId, image, box, predictions }: Props) {
  const t = useT();
  const models = predictions.filter((p) => p.kind === "point" && p.x !== null && p.y !== null);
  if (models.length < 2) return null;
  const target = box ? { x1: box[0], y1: box[1], x2: box[2], y2: box[3] } : null;
  return (
    <section aria-label={t("editor.predictionCrops")} className="space-y-2">
      <h2 className="text-sm font-semibold">{t("editor.predictionCrops")}</h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {models.map((p) => {
          const view = windowAround(regionOf(target, { x: p.x!, y: p.y! })!, image);
          const tone = TONE[p.correctness ?? ""] ?? { text: "editor.notJudged" as const, color: "#2563eb", badge: "bg-slate-100 text-slate-700" };
          const r = Math.max(view.width, view.height) / 60;
          return (
            <li key={p.id} className="overflow-hidden rounded-md border border-slate-200 bg-white" data-testid={`crop-${p.model}`}>
              <svg viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`} className="block aspect-[4/3] w-full bg-slate-900" role="img" aria-label={`${p.model}: ${t(tone.text)}`}>
                <image href={`/api/media/${mediaId}`} width={image.width} height={image.height} />
                {target && <rect x={target.x1} y={target.y1} width={target.x2 - target.x1} height={target.y2 - target.y1} fill="rgba(250,204,21,0.15)" stroke="#facc15" strokeWidth={r / 3} />}
                <circle cx={p.x!} cy={p.y!} r={r} fill="none" stroke="#ffffff" strokeWidth={r / 2} />
                <circle cx={p.x!} cy={p.y!} r={r} fill="none" stroke={tone.color} strokeWidth={r / 3} />
              </svg>
              <div className="flex items-center justify-between gap-2 px-2 py-1 text-xs">
                <span className="truncate font-medium" title={p.model}>{p.model}</span>
                <span className={`rounded px-1.5 py-0.5 ${tone.badge}`}>{t(tone.text)}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
