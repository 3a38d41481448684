import "server-only";
// Everything in a project worth triaging, ranked by impact (lib/domain/triage-impact.ts).
// A verdict that already has a triage decision is settled and leaves the list (to revisit
// it, override it on its review screen); one waiting in an open triage queue stays, marked
// with its queue, so nobody queues it twice.
import type { Db } from "@/lib/db";
import { ProjectSettingsSchema } from "@/lib/domain/project-settings";
import { rankCandidates } from "@/lib/domain/triage-impact";
import type { TriageCandidate } from "@/lib/triage/candidate-types";
import { sampleCandidates } from "@/lib/triage/sample-candidates";
import { stepCandidates } from "@/lib/triage/step-candidates";
import { trajectoryCandidates } from "@/lib/triage/trajectory-candidates";

export type ListedCandidate = TriageCandidate & { queued: { queueId: string; queueName: string; queueItemId: string } | null };

const CHUNK = 500;

async function queueStates(db: Db, projectId: string, verdictIds: string[]) {
  const decided = new Set<string>();
  const queued = new Map<string, NonNullable<ListedCandidate["queued"]>>();
  for (let i = 0; i < verdictIds.length; i += CHUNK) {
    const items = await db.queueItem.findMany({
      where: { verdictId: { in: verdictIds.slice(i, i + CHUNK) }, queue: { projectId, itemType: "disagreement" } },
      select: { id: true, verdictId: true, status: true, resolution: true, queue: { select: { id: true, name: true, status: true } } },
    });
    for (const item of items) {
      if (item.resolution === "triage") decided.add(item.verdictId!);
      else if (item.status !== "verified" && item.queue.status !== "closed") {
        queued.set(item.verdictId!, { queueId: item.queue.id, queueName: item.queue.name, queueItemId: item.id });
      }
    }
  }
  return { decided, queued };
}

export async function listTriageCandidates(db: Db, project: { id: string; settings: unknown }): Promise<{ candidates: ListedCandidate[]; decided: number }> {
  const settings = ProjectSettingsSchema.parse(project.settings ?? {});
  const [trajectories, steps, samples] = await Promise.all([
    trajectoryCandidates(db, project.id, settings.rewards),
    stepCandidates(db, project.id),
    sampleCandidates(db, project.id, settings.tiers, settings.triageMargin),
  ]);
  const all: TriageCandidate[] = [...trajectories, ...steps, ...samples];
  const { decided, queued } = await queueStates(db, project.id, all.map((c) => c.verdictId));
  const open = all.filter((c) => !decided.has(c.verdictId)).map((c) => ({ ...c, queued: queued.get(c.verdictId) ?? null }));
  return { candidates: rankCandidates(open), decided: all.length - open.length };
}
