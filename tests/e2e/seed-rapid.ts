// The rapid pass (tests/e2e/rapid-pass.spec.ts): "Submit and next" twenty times in a row on each
// review screen, in projects of their own so nothing another spec counts moves.
//  - "rapid": 21 grounding samples (each with an imported box, so a submit needs no drawing)
//    and 21 two-step trajectories, walked in list order by a reviewer;
//  - "rapidq": the same again, in a sample queue and a trajectory queue of one annotator;
//  - "rapidc": three samples, where a submit on a swapped screen meets another tab's save.
// Every item names itself in its instruction or goal, and the screenshots cycle through three
// different images, so the spec can tell that each screen showed its own item.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { ingestImage } from "@/lib/media/ingest";
import type { MediaStore } from "@/lib/media/store";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import type { E2eSeed } from "./seed-file";
import { RAPID_CONFLICT_SLUG, RAPID_ITEMS, RAPID_QUEUE_SLUG, RAPID_SEED_FILE, RAPID_SLUG, type RapidItem, type RapidSeed } from "./seed-rapid-file";
import { renderScreen } from "../support/import-fixtures/screens";

const pad = (n: number) => String(n).padStart(2, "0");

async function fill(db: Db, store: MediaStore, slug: string, name: string, users: E2eSeed["users"], count = RAPID_ITEMS) {
  const project = await createProject(db, { slug, name });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const media = [];
  for (const seed of [91, 92, 93]) media.push(await ingestImage(db, store, project.id, await renderScreen(1280, 720, seed), `rapid-${seed}.png`));
  const samples: RapidItem[] = [];
  const trajectories: RapidItem[] = [];
  for (let i = 0; i < count; i++) {
    const m = media[i % 3]!;
    const text = `Tap rapid target ${pad(i)}`;
    const sample = await db.groundingSample.create({
      data: { projectId: project.id, mediaId: m.id, imageRef: m.id, instruction: text, sourceDataset: "e2e-rapid", sourceId: `g${pad(i)}`, contentHash: `${slug}-g${pad(i)}`, boxX1: 100 + i * 10, boxY1: 200, boxX2: 180 + i * 10, boxY2: 260 },
    });
    samples.push({ id: sample.id, text, mediaId: m.id });
    const goal = `Finish rapid task ${pad(i)}`;
    const first = media[(i + 1) % 3]!;
    const trajectory = await db.trajectory.create({
      data: {
        projectId: project.id, goal, app: "rapid", benchmark: "e2e", model: "agent-7b", sourceDataset: "e2e-rapid", sourceId: `t${pad(i)}`, contentHash: `${slug}-t${pad(i)}`, stepCount: 2,
        steps: {
          create: [
            { index: 0, mediaId: first.id, imageRef: "s0.png", actionType: "click", action: { type: "click", x: 300, y: 300 } },
            { index: 1, mediaId: m.id, imageRef: "s1.png", actionType: "click", action: { type: "click", x: 600, y: 400 } },
          ],
        },
      },
    });
    trajectories.push({ id: trajectory.id, text: goal, mediaId: first.id });
  }
  return { project, samples, trajectories };
}

export async function seedRapid(db: Db, store: MediaStore, dataDir: string, users: E2eSeed["users"]): Promise<void> {
  const walked = await fill(db, store, RAPID_SLUG, "Rapid pass", users);
  const queued = await fill(db, store, RAPID_QUEUE_SLUG, "Rapid pass in queues", users);
  const conflicted = await fill(db, store, RAPID_CONFLICT_SLUG, "Rapid pass, a conflict", users, 3);
  const admin = await db.user.findUniqueOrThrow({ where: { email: users.admin!.email } });
  const annotator = await db.user.findUniqueOrThrow({ where: { email: users.annotator!.email } });
  // Queue items in the items' order: a queue hands them out by its own order, which the spec
  // does not assume (it checks the item each screen names against the claim it came with).
  const queue = (name: string, itemType: "sample" | "trajectory", items: { sampleId?: string; trajectoryId?: string }[]) =>
    db.queue.create({
      data: { projectId: queued.project.id, name, itemType, filter: {}, overlap: 1, createdById: admin.id, members: { create: [{ userId: annotator.id }] }, items: { create: items } },
      select: { id: true, name: true },
    });
  const sampleQueue = await queue("Rapid samples", "sample", queued.samples.map((s) => ({ sampleId: s.id })));
  const trajectoryQueue = await queue("Rapid trajectories", "trajectory", queued.trajectories.map((t) => ({ trajectoryId: t.id })));
  const seed: RapidSeed = {
    samples: walked.samples,
    trajectories: walked.trajectories,
    queue: { projectId: queued.project.id, sampleQueue, trajectoryQueue, samples: queued.samples, trajectories: queued.trajectories },
    conflict: { samples: conflicted.samples },
  };
  writeFileSync(path.join(dataDir, RAPID_SEED_FILE), JSON.stringify(seed, null, 2));
}
