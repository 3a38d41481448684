// Which task an episode is, so that two runs over the same tasks can be compared episode by
// episode and sampled alike. Importers name an episode by its run and its task (AndroidLab:
// "<run>/<task folder>"); the task is the id without the run's own name in front. Matching
// by goal text is the other choice a comparison offers, for sources whose ids differ per run.
export const TASK_MATCHES = ["id", "goal"] as const;
export type TaskMatch = (typeof TASK_MATCHES)[number];

export function taskKeyOf(episode: { sourceId: string; goal: string }, runName: string, match: TaskMatch = "id"): string {
  if (match === "goal") return episode.goal.trim().replace(/\s+/g, " ").toLowerCase();
  const prefix = `${runName}/`;
  return episode.sourceId.startsWith(prefix) && episode.sourceId.length > prefix.length ? episode.sourceId.slice(prefix.length) : episode.sourceId;
}
