"use client";
// Konva draws an HTMLImageElement, not a URL. Loading one is a subscription to the browser
// (load/error events), hence the effect; the status for a URL other than the one that
// finished loading is derived during render, so a new sample never shows the old screenshot.
// A screenshot the review session decoded ahead (decoded-images.ts) is there on the first render
// that asks for it.
import { useEffect, useState } from "react";
import { decodedImage } from "@/components/editor/decoded-images";

export type ImageStatus =
  | { state: "missing" }
  | { state: "loading" }
  | { state: "error" }
  | { state: "loaded"; element: HTMLImageElement };

type Settled = { url: string; element: HTMLImageElement | null };

export function useHtmlImage(url: string | null): ImageStatus {
  const [settled, setSettled] = useState<Settled | null>(() => {
    const ahead = url === null || typeof window === "undefined" ? null : decodedImage(url);
    return ahead && url ? { url, element: ahead } : null;
  });

  useEffect(() => {
    if (url === null) return;
    const ahead = decodedImage(url);
    if (ahead) {
      setSettled((current) => (current?.url === url ? current : { url, element: ahead }));
      return;
    }
    const element = new window.Image();
    let isCurrent = true;
    element.onload = () => {
      if (isCurrent) setSettled({ url, element });
    };
    element.onerror = () => {
      if (isCurrent) setSettled({ url, element: null });
    };
    element.src = url;
    return () => {
      isCurrent = false;
      element.onload = null;
      element.onerror = null;
    };
  }, [url]);

  if (url === null) return { state: "missing" };
  // A kept editor (kept-box-editor.tsx) given a new screenshot read ahead draws it in this very render.
  if (settled === null || settled.url !== url) {
    const ahead = typeof window === "undefined" ? null : decodedImage(url);
    return ahead ? { state: "loaded", element: ahead } : { state: "loading" };
  }
  return settled.element === null ? { state: "error" } : { state: "loaded", element: settled.element };
}
