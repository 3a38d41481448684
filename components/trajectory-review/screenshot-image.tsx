"use client";
// The trajectory screen's screenshot as an <img>. When the review session decoded it ahead
// (decoded-images.ts), that very element is put in place: it is complete and decoded, so the
// swap to a read-ahead trajectory paints it on its first frame; a new <img> for the same URL
// came from the cache a frame later (issue 38: Chromium, 1M-item bench, ~11 ms a swap). The
// element can stand in one place only: when it already does (the same screenshot shown twice),
// or when nothing was decoded ahead, a plain <img> loads it. Keyed by its URL by the caller.
import { useCallback, useState } from "react";
import { decodedImage } from "@/components/editor/decoded-images";

type Props = { src: string; alt: string; width: number; height: number; className: string };

export function ScreenshotImage({ src, alt, width, height, className }: Props) {
  // Decided once per mount: never on the server, nor while hydrating (nothing is decoded yet).
  const [ahead] = useState(() => {
    const decoded = typeof window === "undefined" ? null : decodedImage(src);
    return decoded && !decoded.isConnected ? decoded : null;
  });
  // Stable while its inputs are: a new callback on every render (each pan or zoom of the stage)
  // would take the element out and put it back each time.
  const place = useCallback(
    (holder: HTMLSpanElement | null) => {
      if (!holder || !ahead) return;
      Object.assign(ahead, { alt, width, height, draggable: false, className });
      holder.replaceChildren(ahead);
      return () => ahead.remove();
    },
    [ahead, alt, width, height, className],
  );
  if (!ahead) return <img src={src} alt={alt} width={width} height={height} draggable={false} className={className} />;
  return <span className="contents" ref={place} />;
}
