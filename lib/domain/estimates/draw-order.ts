// The order in which a verification sample draws a run's episodes, from a seed: sorted by
// sha256(seed, task key), then sha256(seed, episode id). The first n of a stratum in this
// order are a uniform random sample of it (a hash of a fresh seed is as good as a shuffle and
// knows nothing of the outcomes), anyone can redo the draw from the recorded seed, and drawing
// more just takes the next ones, so a sample grown in rounds is still one uniform sample.
// Keying on the task first means two runs over the same tasks sampled with the same seed draw
// the same tasks, which a paired comparison of the runs can use.
import { createHash } from "node:crypto";

export type DrawUnit = { id: string; taskKey: string; sourceId: string };

const hash = (seed: string, kind: string, value: string) => createHash("sha256").update(`${seed}\u0000${kind}\u0000${value}`).digest("hex");

export function drawOrder<T extends DrawUnit>(seed: string, units: readonly T[]): T[] {
  if (!seed) throw new RangeError("a draw needs a seed");
  const keyed = units.map((unit) => ({ unit, task: hash(seed, "task", unit.taskKey), episode: hash(seed, "episode", unit.sourceId) }));
  keyed.sort((a, b) => (a.task < b.task ? -1 : a.task > b.task ? 1 : a.episode < b.episode ? -1 : a.episode > b.episode ? 1 : a.unit.id < b.unit.id ? -1 : a.unit.id > b.unit.id ? 1 : 0));
  return keyed.map((k) => k.unit);
}
