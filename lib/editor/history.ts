// Undo/redo over immutable snapshots, where ONE GESTURE = ONE STEP (Excalidraw's model).
// Steps are recognised by identity: a reducer returns the same object for a no-op, and
// commit records nothing then, so a click that moved nothing leaves no empty undo step.
//
// A drag (move, resize, draw, or a label typed until blur) works like this:
//   1. on start, remember  base = history.present;
//   2. on each mousemove,  history = replacePresent(history, reduce(base, actionSoFar)),
//      computing from `base` with the TOTAL displacement since the start (not the last
//      delta), so clamping at an image edge never drifts and a flip stays consistent;
//   3. on dragend,         history = commitGesture(history, base, history.present):
//      past gains exactly `base`, present is the final state, future is cleared;
//      on cancel (Escape), history = replacePresent(history, base).
// The snapshots shown during the drag are never in past, so undo jumps from the final
// state straight back to `base`. Loading server data uses reset: it is not undoable.
export type History<T> = { past: T[]; present: T; future: T[] };

// Enough for a long session on one sample; snapshots share unchanged boxes, so 200 is cheap.
export const HISTORY_LIMIT = 200;

function pushCapped<T>(past: T[], item: T): T[] {
  const next = [...past, item];
  return next.length > HISTORY_LIMIT ? next.slice(next.length - HISTORY_LIMIT) : next;
}

export function createHistory<T>(state: T): History<T> {
  return { past: [], present: state, future: [] };
}

export function commit<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  return { past: pushCapped(history.past, history.present), present: next, future: [] };
}

// A transient update inside a gesture: not a step, past and future untouched.
export function replacePresent<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  return { ...history, present: next };
}

// Ends a gesture that started from `base`. A gesture that ended where it began (final ===
// base) records nothing and puts `base` back as present.
export function commitGesture<T>(history: History<T>, base: T, final: T): History<T> {
  if (final === base) return replacePresent(history, base);
  return { past: pushCapped(history.past, base), present: final, future: [] };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.past.length > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  // Checked by length, not by `undefined`, so a History<T> whose T includes undefined works.
  const previous = history.past[history.past.length - 1] as T;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...rest] = history.future;
  return { past: pushCapped(history.past, history.present), present: next as T, future: rest };
}

// Server data replaces everything and forgets both directions: undoing into the previous
// sample, or into a version the server has since superseded, would save the wrong thing.
export function reset<T>(_history: History<T>, state: T): History<T> {
  return createHistory(state);
}
