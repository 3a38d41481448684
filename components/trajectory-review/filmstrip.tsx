"use client";
// The steps as a strip of thumbnails: the label colour around each one, the current one
// raised, the first wrong step marked, and, when the source kept it, the final screen after
// the last action as the last frame (no label: there is no action on it). A row under the
// header on narrow windows; a column beside the screenshot on wide ones, so the screenshot
// keeps the window's height. Keeping the current thumbnail in view is a DOM side effect of
// navigation, so it lives in an effect on the index (scrolling only the strip).
import { useEffect, useRef } from "react";
import { useT } from "@/components/i18n/i18n-provider";
import { afterNextPaint } from "@/components/review/after-next-paint";
import type { StepLabelValue } from "@/lib/domain/labels";
import type { MessageKey } from "@/lib/i18n/translate";
import type { TrajectoryReview } from "@/lib/trajectories/trajectory-review";

const LABEL_STYLE: Record<StepLabelValue | "none", { border: string; text: string; glyph: string; key: MessageKey & `trajectory.label.${string}` }> = {
  correct: { border: "border-emerald-500", text: "bg-emerald-600 text-white", glyph: "✓", key: "trajectory.label.correct" },
  incorrect: { border: "border-red-500", text: "bg-red-600 text-white", glyph: "✗", key: "trajectory.label.incorrect" },
  unsure: { border: "border-amber-400", text: "bg-amber-400 text-amber-950", glyph: "?", key: "trajectory.label.unsure" },
  none: { border: "border-slate-300", text: "bg-slate-200 text-slate-700", glyph: "", key: "trajectory.label.none" },
};

type Props = {
  steps: TrajectoryReview["steps"];
  endScreen: TrajectoryReview["endScreen"];
  current: number;
  labels: Map<number, StepLabelValue>;
  firstWrongStep: number | null;
  onSelect: (index: number) => void;
};

const thumb = "block h-12 w-auto max-w-24 object-contain lg:h-auto lg:max-h-24 lg:w-full";

export function Filmstrip({ steps, endScreen, current, labels, firstWrongStep, onSelect }: Props) {
  const t = useT();
  const strip = useRef<HTMLOListElement>(null);
  // After the frame: the check reads the strip's layout, which in the effect itself would force
  // the whole new screen's style and layout before React had finished (about a third of a queue
  // swap's time in Chromium's profile); once painted, the layout is there to read.
  useEffect(() => afterNextPaint(() => {
    const list = strip.current;
    const item = list?.children[current] as HTMLElement | undefined;
    if (!list || !item) return;
    const isColumn = list.scrollHeight > list.clientHeight + 1 && list.scrollWidth <= list.clientWidth + 1;
    if (isColumn) {
      const top = item.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTo({ top: top - list.clientHeight / 2 + item.offsetHeight / 2, behavior: "smooth" });
      }
      return;
    }
    const left = item.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + item.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: left - list.clientWidth / 2 + item.offsetWidth / 2, behavior: "smooth" });
    }
  }), [current]);

  const frame = (isCurrent: boolean, border: string) =>
    `relative block w-full overflow-hidden rounded-md border-4 bg-white ${border} ${isCurrent ? "ring-2 ring-blue-600 ring-offset-2" : "opacity-80 hover:opacity-100"}`;

  return (
    <ol ref={strip} className="flex shrink-0 gap-2 overflow-x-auto p-1 pb-2 lg:h-full lg:w-28 lg:flex-col lg:overflow-x-hidden lg:overflow-y-auto lg:pr-2" aria-label={t("trajectory.filmstrip")}>
      {steps.map((step, i) => {
        const style = LABEL_STYLE[labels.get(i) ?? "none"];
        const isCurrent = i === current;
        const word = t(style.key);
        return (
          <li key={step.id} className="shrink-0">
            <button type="button" onClick={() => onSelect(i)} aria-current={isCurrent ? "step" : undefined} aria-label={t("trajectory.filmstrip.step", { step: i + 1, label: word })}
              className={frame(isCurrent, style.border)}>
              {step.media ? (
                <img src={`/api/media/${step.media.id}?variant=thumb`} alt="" loading="lazy" className={thumb}
                  width={Math.round((64 * step.media.width) / step.media.height)} height={64} />
              ) : (
                <span className="flex h-12 w-12 items-center justify-center p-1 text-center text-[0.65rem] text-slate-500 lg:w-full">{t("trajectory.screenshot.missing")}</span>
              )}
              {i === firstWrongStep && <span className="absolute top-0 right-0 rounded-bl bg-red-700 px-1 text-[0.6rem] font-semibold text-white">{t("trajectory.filmstrip.firstWrong")}</span>}
              {step.noVisibleEffect && <span className="absolute top-0 left-0 rounded-br bg-amber-500 px-1 text-[0.6rem] font-semibold text-amber-950" title={t("flag.no_visible_effect")}>=</span>}
              <span className={`block truncate px-1 text-[0.65rem] font-medium whitespace-nowrap ${style.text}`}>{i + 1}{style.glyph ? ` · ${style.glyph}` : ""} {word}</span>
            </button>
          </li>
        );
      })}
      {endScreen && (
        <li key="final" className="shrink-0">
          <button type="button" onClick={() => onSelect(steps.length)} aria-current={current === steps.length ? "step" : undefined} aria-label={t("trajectory.final.title")}
            data-testid="final-frame" className={frame(current === steps.length, "border-slate-700")}>
            {endScreen.media ? (
              <img src={`/api/media/${endScreen.media.id}?variant=thumb`} alt="" loading="lazy" className={thumb}
                width={Math.round((64 * endScreen.media.width) / endScreen.media.height)} height={64} />
            ) : (
              <span className="flex h-12 w-12 items-center justify-center p-1 text-center text-[0.65rem] text-slate-500 lg:w-full">{t("trajectory.screenshot.missing")}</span>
            )}
            <span className="block truncate bg-slate-800 px-1 text-[0.65rem] font-medium whitespace-nowrap text-white">■ {t("trajectory.final.short")}</span>
          </button>
        </li>
      )}
    </ol>
  );
}
