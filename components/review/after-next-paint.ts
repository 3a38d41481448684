"use client";
// Work that must not hold a swapped screen off the glass. React runs a keypress render's effects
// before the frame, so anything an effect starts there (requests, image decodes, a layout read)
// is paid before the new item is painted; this runs it once the next frame is painted instead.

/** Runs `task` once the next frame is painted (a hidden tab paints none: soon, then); returns its cancel. */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (document.hidden) {
    timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
