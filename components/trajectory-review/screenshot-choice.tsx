"use client";
// Which screenshot of a step is shown when the source kept two: the clean one (the default,
// what review and training use) or the copy with the agent's numbered set-of-marks labels
// drawn on it, which is what the agent saw and the only way to see where "[33]" was.
// Key m switches; the choice holds from step to step.
import { useT } from "@/components/i18n/i18n-provider";

type Props = { hasLabelled: boolean; isLabelledShown: boolean; onChange: (labelled: boolean) => void };

const button = (isActive: boolean) =>
  `px-2 py-0.5 ${isActive ? "bg-slate-800 text-white" : "bg-white text-slate-800 hover:bg-slate-50"}`;

export function ScreenshotChoice({ hasLabelled, isLabelledShown, onChange }: Props) {
  const t = useT();
  if (!hasLabelled) return null;
  return (
    <div className="flex items-center gap-2 text-sm" role="group" aria-label={t("trajectory.marks.group")}>
      <div className="inline-flex overflow-hidden rounded-md border border-slate-300">
        <button type="button" className={button(!isLabelledShown)} aria-pressed={!isLabelledShown} onClick={() => onChange(false)}>{t("trajectory.marks.clean")}</button>
        <button type="button" className={`border-l border-slate-300 ${button(isLabelledShown)}`} aria-pressed={isLabelledShown} onClick={() => onChange(true)}>{t("trajectory.marks.labelled")}</button>
      </div>
      <kbd className="font-mono text-xs text-slate-500">m</kbd>
    </div>
  );
}
