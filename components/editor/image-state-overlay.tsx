"use client";
// What the canvas shows instead of a screenshot: a loading note, or why there is none, with
// its size (boxes can still be drawn on the grey stand-in or typed). DOM text, not pixels,
// so it is readable and findable by tests.
import type { Size } from "@/lib/editor/size";
import type { ImageStatus } from "@/components/editor/use-html-image";
import { useT } from "@/components/i18n/i18n-provider";

const NO_IMAGE = { missing: "editor.image.missing", error: "editor.image.error" } as const;

export function ImageStateOverlay({ status, image }: { status: ImageStatus; image: Size }) {
  const t = useT();
  if (status.state === "loaded") return null;
  if (status.state === "loading") {
    return (
      <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
        <p className="animate-pulse rounded bg-white/90 px-3 py-1.5 text-sm text-slate-600">{t("editor.image.loading")}</p>
      </div>
    );
  }
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center px-3">
      <div role="status" className="max-w-md rounded-md border border-amber-300 bg-amber-50/95 px-3 py-2 text-center text-sm text-amber-900 shadow-sm">
        <p className="font-semibold">{t(NO_IMAGE[status.state])}</p>
        <p>{t("editor.image.size", { width: image.width, height: image.height })}</p>
      </div>
    </div>
  );
}
