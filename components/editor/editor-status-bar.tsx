"use client";
// Where the pointer is, in the screenshot's own pixels (what gets saved), and the zoom.
import type { Point } from "@/lib/domain/geometry";
import type { Size } from "@/lib/editor/size";
import { stageToImage, type Viewport } from "@/lib/editor/viewport";
import { useT } from "@/components/i18n/i18n-provider";

// `isOneLine`: a workspace editor, whose canvas takes the height the bar leaves; a hint that
// wrapped to a second line as the selection changes would refit the canvas under the pointer.
type Props = { pointer: Point | null; viewport: Viewport; image: Size; hint: string; isOneLine?: boolean };

export function EditorStatusBar({ pointer, viewport, image, hint, isOneLine = false }: Props) {
  const t = useT();
  const at = pointer === null ? null : stageToImage(pointer, viewport);
  // Below 4x a fraction of a pixel is not something the eye can place.
  const digits = viewport.scale >= 4 ? 1 : 0;
  const isInside = at !== null && at[0] >= 0 && at[1] >= 0 && at[0] <= image.width && at[1] <= image.height;
  return (
    <div className={`flex items-center gap-x-4 gap-y-1 ${isOneLine ? "shrink-0 flex-nowrap whitespace-nowrap" : "flex-wrap"} border-t border-slate-200 bg-white px-3 py-1.5 font-mono text-xs text-slate-700`}>
      <span data-testid="cursor-position" className={`min-w-44 tabular-nums ${isInside ? "" : "text-slate-400"}`}>
        {at === null ? t("editor.status.noPointer") : t("editor.status.pointer", { x: at[0].toFixed(digits), y: at[1].toFixed(digits) })}
      </span>
      <span className="tabular-nums">{t("editor.status.zoom", { percent: Math.round(viewport.scale * 100) })}</span>
      <span className="tabular-nums">{t("editor.status.image", { width: image.width, height: image.height })}</span>
      <span className={`grow text-right font-sans text-slate-500 ${isOneLine ? "min-w-0 truncate" : ""}`} title={isOneLine ? hint : undefined}>{hint}</span>
    </div>
  );
}
