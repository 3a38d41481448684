"use client";
// The steps as a strip of thumbnails: the label colour around each one, the current one
// raised, the first wrong step marked. Keeping the current thumbnail in view is a DOM side
// effect of navigation, so it lives in an effect on the index (scrolling only the strip).
import { useEffect, useRef } from "react";
import type { StepLabelValue } from "@/lib/domain/labels";
import type { TrajectoryReview } from "@/lib/trajectories/trajectory-review";

const LABEL_STYLE: Record<StepLabelValue | "none", { border: string; text: string; glyph: string }> = {
  correct: { border: "border-emerald-500", text: "bg-emerald-600 text-white", glyph: "✓ correct" },
  incorrect: { border: "border-red-500", text: "bg-red-600 text-white", glyph: "✗ incorrect" },
  unsure: { border: "border-amber-400", text: "bg-amber-400 text-amber-950", glyph: "? unsure" },
  none: { border: "border-slate-300", text: "bg-slate-200 text-slate-700", glyph: "unlabeled" },
};

type Props = {
  steps: TrajectoryReview["steps"];
  current: number;
  labels: Map<number, StepLabelValue>;
  firstWrongStep: number | null;
  onSelect: (index: number) => void;
};

export function Filmstrip({ steps, current, labels, firstWrongStep, onSelect }: Props) {
  const strip = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = strip.current;
    const item = list?.children[current] as HTMLElement | undefined;
    if (!list || !item) return;
    const left = item.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + item.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: left - list.clientWidth / 2 + item.offsetWidth / 2, behavior: "smooth" });
    }
  }, [current]);

  return (
    <ol ref={strip} className="flex gap-2 overflow-x-auto p-1 pb-2" aria-label="Steps">
      {steps.map((step, i) => {
        const style = LABEL_STYLE[labels.get(i) ?? "none"];
        const isCurrent = i === current;
        return (
          <li key={step.id} className="shrink-0">
            <button type="button" onClick={() => onSelect(i)} aria-current={isCurrent ? "step" : undefined} aria-label={`Step ${i + 1}: ${style.glyph}`}
              className={`relative block overflow-hidden rounded-md border-4 bg-white ${style.border} ${isCurrent ? "ring-2 ring-blue-600 ring-offset-2" : "opacity-80 hover:opacity-100"}`}>
              {step.media ? (
                <img src={`/api/media/${step.media.id}?variant=thumb`} alt="" loading="lazy" className="block h-16 w-auto max-w-32 object-contain"
                  width={Math.round((64 * step.media.width) / step.media.height)} height={64} />
              ) : (
                <span className="flex h-16 w-12 items-center justify-center p-1 text-center text-[0.65rem] text-slate-500">image missing</span>
              )}
              {i === firstWrongStep && <span className="absolute top-0 right-0 rounded-bl bg-red-700 px-1 text-[0.6rem] font-semibold text-white">1st wrong</span>}
              <span className={`block px-1 text-[0.65rem] font-medium whitespace-nowrap ${style.text}`}>{i + 1} · {style.glyph}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
