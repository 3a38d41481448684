// Counts in words with the noun agreeing with the number ("1 member", "3 members"; Chinese has
// one form), for the project cards, the project home and the trajectory header. One helper so
// no screen prints "1 members" or "0 image missing" again.
import type { Translate } from "@/lib/i18n/translate";

/** "1 sample · 0 trajectories · 1 member" / "1 个样本 · 0 条轨迹 · 1 名成员". */
export function projectCountsText(t: Translate, c: { samples: number; trajectories: number; members: number }): string {
  return [
    c.samples === 1 ? t("projects.count.sampleOne") : t("projects.count.sampleMany", { count: c.samples }),
    c.trajectories === 1 ? t("projects.count.trajectoryOne") : t("projects.count.trajectoryMany", { count: c.trajectories }),
    c.members === 1 ? t("projects.count.memberOne") : t("projects.count.memberMany", { count: c.members }),
  ].join(" · ");
}

/** "2 images missing", or nothing when none is. */
export function imagesMissingText(t: Translate, n: number): string | null {
  if (n === 0) return null;
  return n === 1 ? t("project.imageMissingOne") : t("project.imagesMissingMany", { count: n });
}

/** What a run on the project home holds: its episodes, or for a grounding run the samples its model answered. */
export function runContentsText(t: Translate, run: { episodes: number; answers: number }): string {
  if (run.episodes === 0 && run.answers > 0) return run.answers === 1 ? t("project.answerOne") : t("project.answerMany", { count: run.answers });
  return run.episodes === 1 ? t("project.episodeOne") : t("project.episodeMany", { count: run.episodes });
}

/** "(1 rollout)", "(8 rollouts)". */
export function rolloutsText(t: Translate, n: number): string {
  return n === 1 ? t("trajectory.header.rolloutOne") : t("trajectory.header.rolloutMany", { count: n });
}
