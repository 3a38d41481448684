"use client";
// "Target absent" must be unmistakable: a DOM badge (readable text, findable by tests) over
// a light tint of the whole canvas, while the boxes below it are dimmed.
import { useT } from "@/components/i18n/i18n-provider";

export function TargetAbsentBadge() {
  const t = useT();
  return (
    <div className="pointer-events-none absolute inset-0 z-10 flex items-start justify-center bg-slate-900/15 p-3">
      <p role="status" className="rounded-md bg-rose-700 px-3 py-1.5 text-sm font-semibold text-white shadow">
        {t("editor.badge.targetAbsent")}
      </p>
    </div>
  );
}
