import "server-only";
// What WebJudge is told about each trajectory of a run, read from what it holds now: the goal
// (its {task}), every step's screenshot in step order (one relevance question each), and the
// action history.
// The action history lists each step's canonical action as Verity stores it (Step.action), as
// one line of JSON with sorted keys (canonicalJson, so SQLite and PostgreSQL send the same
// text). That is the most faithful readable form Verity has of what the agent did: the same for
// every source, exact (typed text whole, element labels and boxes, a select's option), where the
// short label of lists (describeAction) cuts typed text at 40 characters, and the step's raw
// output is the agent's whole reply (its thoughts too, in each source's own syntax), which
// WebJudge's history (Online-Mind2Web's one line per action) does not hold. A step with no
// action Verity could read adds no line, as an agent turn that did nothing adds none to
// WebJudge's; a trajectory with no action at all cannot be asked (the history would be blank)
// and is a per-item failure with the reason, as is one deleted since the run was asked for.
import type { Db } from "@/lib/db";
import { canonicalJson } from "@/lib/domain/canonical-json";
import { MEDIA, type MediaRef, type RunItemRef } from "@/lib/models/runs/item-inputs";

export type StepScreenshot = { step: number; media: NonNullable<MediaRef> };
export type WebJudgeInput =
  | { ok: true; item: RunItemRef; goal: string; actions: string[]; screenshots: StepScreenshot[] }
  | { ok: false; item: RunItemRef; kind: "no_input"; message: string };

export async function loadWebJudgeInputs(db: Db, items: RunItemRef[]): Promise<WebJudgeInput[]> {
  const ids = items.flatMap((i) => (i.trajectoryId ? [i.trajectoryId] : []));
  const [trajectories, steps] = await Promise.all([
    db.trajectory.findMany({ where: { id: { in: ids } }, select: { id: true, goal: true } }),
    db.step.findMany({ where: { trajectoryId: { in: ids } }, orderBy: [{ trajectoryId: "asc" }, { index: "asc" }], select: { trajectoryId: true, index: true, action: true, media: MEDIA } }),
  ]);
  const goalOf = new Map(trajectories.map((t) => [t.id, t.goal]));
  const stepsOf = new Map<string, typeof steps>();
  for (const step of steps) {
    const own = stepsOf.get(step.trajectoryId);
    if (own) own.push(step);
    else stepsOf.set(step.trajectoryId, [step]);
  }
  return items.map((item): WebJudgeInput => {
    const goal = goalOf.get(item.trajectoryId ?? "");
    if (goal === undefined) return { ok: false, item, kind: "no_input", message: "the trajectory no longer exists" };
    const own = stepsOf.get(item.trajectoryId!) ?? [];
    const actions = own.flatMap((s) => (s.action === null ? [] : [canonicalJson(s.action)]));
    if (actions.length === 0) return { ok: false, item, kind: "no_input", message: "the trajectory records no action Verity could read, so WebJudge's action history would be blank" };
    const screenshots = own.flatMap((s) => (s.media ? [{ step: s.index, media: s.media }] : []));
    return { ok: true, item, goal, actions, screenshots };
  });
}
