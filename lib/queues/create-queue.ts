import "server-only";
// A queue is a frozen selection: one QueueItem per sample (or trajectory) that matched the
// filter when the queue was made; the filter is stored with it to say how. The rest (members,
// filling while paused, honeypots, opening) is lib/queues/new-queue.ts.
import { z } from "zod";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { fillNewQueue, QueueSettingsShape } from "@/lib/queues/new-queue";
import { sampleWhere } from "@/lib/samples/list-samples";
import { databaseUrlOf, providerOf } from "@/lib/db";
import { SampleFilterSchema } from "@/lib/samples/sample-filters";
import { trajectoryWhere } from "@/lib/trajectories/list-trajectories";
import { TrajectoryFilterSchema } from "@/lib/trajectories/trajectory-filters";

const BATCH = 1_000;

export const CreateQueueInputSchema = z.discriminatedUnion("itemType", [
  z.object({ ...QueueSettingsShape, itemType: z.literal("sample"), filter: SampleFilterSchema }),
  z.object({ ...QueueSettingsShape, itemType: z.literal("trajectory"), filter: TrajectoryFilterSchema }),
]);
export type CreateQueueInput = z.input<typeof CreateQueueInputSchema>;

export async function createQueue(db: Db, access: ProjectAccess, input: CreateQueueInput) {
  const parsed = CreateQueueInputSchema.parse(input);
  // The list's paging cursor is not part of a selection.
  const filter = { ...parsed.filter, after: undefined };
  const { filter: _given, ...settings } = parsed;
  void _given;
  return fillNewQueue(db, access, { ...settings, selection: JSON.parse(JSON.stringify(filter)) }, pages(selection(db, access.projectId, parsed)));
}

type Page = (after: { id?: { gt: string } }) => Promise<{ id: string }[]>;

function selection(db: Db, projectId: string, parsed: z.infer<typeof CreateQueueInputSchema>): Page {
  const select = { id: true } as const;
  if (parsed.itemType === "sample") {
    const where = sampleWhere(projectId, { ...parsed.filter, after: undefined }, undefined, { insensitive: providerOf(databaseUrlOf(db)) === "postgres" });
    return (after) => db.groundingSample.findMany({ where: { ...where, ...after }, orderBy: { id: "asc" }, take: BATCH, select });
  }
  const where = trajectoryWhere(projectId, { ...parsed.filter, after: undefined });
  return (after) => db.trajectory.findMany({ where: { ...where, ...after }, orderBy: { id: "asc" }, take: BATCH, select });
}

// Keyset pages of matching ids, so a large selection never sits in memory at once.
async function* pages(page: Page): AsyncGenerator<string[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await page(after ? { id: { gt: after } } : {});
    if (rows.length === 0) return;
    yield rows.map((r) => r.id);
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}
