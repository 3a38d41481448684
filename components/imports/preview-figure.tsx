"use client";
// One preview item: the screenshot with its marks in the image's own pixel space (an SVG
// viewBox of the image size), so what is drawn is exactly what would be stored.
import { useT } from "@/components/i18n/i18n-provider";
import { countText } from "@/components/imports/count-text";
import type { Translate } from "@/lib/i18n/translate";
import type { PreviewItem } from "@/lib/imports/preview-types";
import { sayIn } from "@/lib/i18n/said";

const COLORS = { box: "#facc15", hit: "#22c55e", miss: "#ef4444", neutral: "#38bdf8", arrow: "#f97316" };

/** "target absent (refusal) · web · app" or "12 steps · androidlab · model · outcome success". */
function subtitleOf(t: Translate, item: PreviewItem): string {
  const outcome = (o: boolean | null) =>
    t("imports.preview.outcome", { outcome: t(o === null ? "imports.preview.outcomeUnknown" : o ? "imports.preview.outcomeSuccess" : "imports.preview.outcomeFailure") });
  const parts = item.trajectory
    ? [countText(t, "steps", item.trajectory.steps), item.subtitle, outcome(item.trajectory.outcome)]
    : [item.targetAbsent ? t("imports.preview.targetAbsent") : "", item.subtitle];
  return parts.filter(Boolean).join(" · ");
}

export function PreviewFigure({ item }: { item: PreviewItem }) {
  const t = useT();
  const { image } = item;
  const stroke = image ? Math.max(image.width, image.height) / 250 : 2;
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      {image ? (
        <svg viewBox={`0 0 ${image.width} ${image.height}`} className="block max-h-72 w-full bg-slate-900" role="img" aria-label={item.title}>
          <image href={image.url} width={image.width} height={image.height} />
          {item.marks.map((mark, i) => {
            if (mark.kind === "box") {
              const [x1, y1, x2, y2] = mark.box;
              return <rect key={i} x={x1} y={y1} width={x2 - x1} height={y2 - y1} fill="rgba(250,204,21,0.15)" stroke={COLORS.box} strokeWidth={stroke} />;
            }
            if (mark.kind === "point") {
              const color = mark.hit === null ? COLORS.neutral : mark.hit ? COLORS.hit : COLORS.miss;
              return <circle key={i} cx={mark.x} cy={mark.y} r={stroke * 3} fill={color} stroke="#fff" strokeWidth={stroke / 2} />;
            }
            return <line key={i} x1={mark.from.x} y1={mark.from.y} x2={mark.to.x} y2={mark.to.y} stroke={COLORS.arrow} strokeWidth={stroke} />;
          })}
        </svg>
      ) : (
        <div className="flex h-40 items-center justify-center bg-slate-100 p-3 text-center text-xs text-slate-600">{item.imageProblem ? sayIn(t, item.imageProblem) : t("imports.preview.noImage")}</div>
      )}
      <figcaption className="space-y-0.5 p-2 text-sm">
        <p className="font-medium">{item.title}</p>
        <p className="text-slate-600">{subtitleOf(t, item)}</p>
        {item.marks.map((m) => m.label).filter((label) => label !== null).map((label, i) => (
          <p key={i} className="font-mono text-xs text-slate-600">{sayIn(t, label)}</p>
        ))}
        {item.problem && <p className="text-xs text-red-700">{item.problem}</p>}
        <p className="text-xs text-slate-500">{item.where}</p>
      </figcaption>
    </figure>
  );
}
