"use client";
// Screenshots fetched and decoded ahead of being shown (the review session reads the next
// items' ahead, use-review-session.ts), kept as the decoded <img> elements themselves: the box
// editor draws from the same element (use-html-image.ts), so a swap to a read-ahead item has
// its image on the first render and the canvas draws it without decoding it again on the
// main thread.
const KEPT = 12;
const decoded = new Map<string, HTMLImageElement>();
const pending = new Map<string, HTMLImageElement>();

/** Fetches and decodes `src` once; a later decodedImage(src) returns it. */
export function decodeAhead(src: string): void {
  if (decoded.has(src) || pending.has(src)) return;
  const image = new Image();
  image.src = src;
  pending.set(src, image);
  image
    .decode()
    .then(() => {
      decoded.delete(src);
      decoded.set(src, image);
      while (decoded.size > KEPT) decoded.delete(decoded.keys().next().value as string);
    })
    .catch(() => undefined)
    .finally(() => pending.delete(src));
}

/** The decoded element for `src`, or null when it was not read ahead (or failed). */
export function decodedImage(src: string): HTMLImageElement | null {
  const image = decoded.get(src);
  return image && image.complete && image.naturalWidth > 0 ? image : null;
}

// Fetched ahead only: in the browser's memory cache, not kept decoded here, so a trajectory's
// neighbouring steps never push the next item's decoded screenshot out of `decoded`.
const fetched = new Map<string, HTMLImageElement>();

/** Fetches `src` into the browser's cache once (the last few kept referenced so they stay there). */
export function fetchAhead(src: string): void {
  if (decoded.has(src) || fetched.has(src)) return;
  const image = new Image();
  image.src = src;
  fetched.set(src, image);
  while (fetched.size > KEPT) fetched.delete(fetched.keys().next().value as string);
}
