import { execFor } from "@/lib/db/sql-exec";
import "server-only";
// What the adjudication screen shows for one queue item (reviewers only): the item (a sample's
// screenshot and instruction, or a trajectory's steps), every annotator's submitted answer in
// submission order with how far the boxes overlap, and how the item stands (awaiting
// adjudication, or already settled by whom and when).
import type { Db } from "@/lib/db";
import { payloadOf } from "@/lib/annotations/save-annotation";
import { ActionSchema, describeAction } from "@/lib/domain/actions";
import { iou } from "@/lib/domain/geometry";
import { itemAnswers } from "@/lib/queues/item-answers";
import { trajectoryPayloadOf } from "@/lib/trajectories/save-trajectory-annotation";

async function settledBy(db: Db, item: { status: string; resolution: string | null; resolvedById: string | null; resolvedAt: Date | null }) {
  const resolver = item.resolvedById ? await db.user.findUnique({ where: { id: item.resolvedById }, select: { name: true } }) : null;
  return { status: item.status, resolution: item.resolution, resolvedBy: resolver?.name ?? null, resolvedAt: item.resolvedAt?.toISOString() ?? null };
}

/** Which stored answer the page shows, sent back with the pick (lib/queues/adjudicate-item.ts). */
const shownVersion = (a: { annotation: { id: string; version: number } | null }) => ({ annotationId: a.annotation?.id ?? null, version: a.annotation?.version ?? null });

export async function loadAdjudication(db: Db, projectId: string, queueId: string, queueItemId: string) {
  const item = await db.queueItem.findFirst({
    where: { id: queueItemId, queueId, isHoneypot: false, queue: { projectId } },
    include: { queue: { select: { id: true, name: true } } },
  });
  if (!item || (!item.sampleId && !item.trajectoryId)) return null;
  const answers = await itemAnswers(execFor(db), item);
  const state = await settledBy(db, item);
  const common = { queueItemId: item.id, queue: item.queue, state };

  if (item.sampleId) {
    const sample = await db.groundingSample.findFirstOrThrow({
      where: { id: item.sampleId, projectId },
      include: { media: { select: { id: true, width: true, height: true } } },
    });
    const width = sample.media?.width ?? sample.imageWidth ?? null;
    const height = sample.media?.height ?? sample.imageHeight ?? null;
    const payloads = answers.map((a) => (a.annotation ? payloadOf(a.annotation) : null));
    return {
      ...common,
      kind: "sample" as const,
      sample: {
        id: sample.id,
        instruction: sample.instruction,
        meta: [sample.language, sample.platform, sample.app, sample.uiType, `${sample.sourceDataset} / ${sample.sourceId}`].filter(Boolean).join(" · "),
        image: width && height ? { width, height } : null,
        mediaId: sample.imageMissing ? null : (sample.media?.id ?? null),
      },
      answers: answers.map((a, i) => {
        const mine = payloads[i] ?? null;
        // IoU to each other answer's box, in answer order (null where either has no box).
        const overlaps = payloads.map((other, j) => (j === i || !mine?.box || !other?.box ? null : iou(mine.box, other.box)));
        return { userId: a.userId, name: a.name, payload: mine, overlaps, ...shownVersion(a) };
      }),
    };
  }

  const trajectory = await db.trajectory.findFirstOrThrow({
    where: { id: item.trajectoryId!, projectId },
    include: { steps: { orderBy: { index: "asc" }, select: { index: true, action: true, mediaId: true, imageMissing: true, thought: true } } },
  });
  return {
    ...common,
    kind: "trajectory" as const,
    trajectory: {
      id: trajectory.id,
      goal: trajectory.goal,
      meta: [trajectory.benchmark, trajectory.app, trajectory.model, `${trajectory.sourceDataset} / ${trajectory.sourceId}`].filter(Boolean).join(" · "),
      steps: trajectory.steps.map((s) => {
        const action = s.action === null ? null : ActionSchema.safeParse(s.action);
        return { index: s.index, action: action?.success ? describeAction(action.data) : "unparsed action", mediaId: s.imageMissing ? null : s.mediaId, thought: s.thought };
      }),
    },
    answers: answers.map((a) => ({ userId: a.userId, name: a.name, payload: a.annotation ? trajectoryPayloadOf(a.annotation) : null, ...shownVersion(a) })),
  };
}

export type AdjudicationView = NonNullable<Awaited<ReturnType<typeof loadAdjudication>>>;
export type SampleAdjudication = Extract<AdjudicationView, { kind: "sample" }>;
export type TrajectoryAdjudication = Extract<AdjudicationView, { kind: "trajectory" }>;
