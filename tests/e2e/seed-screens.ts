// The review screens at a person's window sizes (issue 36, items 20, 22, 23, 26, 33), in a
// project of their own ("screens") so nothing another spec counts moves:
//  - a WebVoyager-sized trajectory (1024x768 screenshots, landscape) whose steps click and
//    long-press small elements, with a thought and raw output under each;
//  - grounding samples on a 2560x1440 screenshot whose target is a 22x25 icon, with three
//    models' points (two inside the icon, one outside): labels at fit zoom, live hit/miss;
//  - a sample with one imported box for keyboard-only editing;
//  - an overlap-3 queue whose three annotators boxed the icon a little differently, awaiting
//    adjudication.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { ProjectAccess } from "@/lib/auth/session";
import { generatePassword } from "@/lib/auth/password";
import { saveAnswer } from "@/lib/annotations/save-answer";
import type { Db } from "@/lib/db";
import { ingestImage } from "@/lib/media/ingest";
import type { MediaStore } from "@/lib/media/store";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { markClaimSubmitted } from "@/lib/queues/mark-claim-submitted";
import { createUser } from "@/lib/users/users";
import type { E2eSeed } from "./seed-file";
import { rederiveStale } from "./seed-derived";
import { SCREENS_SEED_FILE, SCREENS_SLUG, type ScreensSeed } from "./seed-screens-file";
import { renderScreen } from "../support/import-fixtures/screens";

type Box = [number, number, number, number];
const SOURCE = "e2e-screens";
const ICON: Box = [1800, 620, 1822, 645];

export async function seedScreens(db: Db, store: MediaStore, dataDir: string, users: E2eSeed["users"]): Promise<void> {
  const project = await createProject(db, { slug: SCREENS_SLUG, name: "Review screens" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const user = (email: string) => db.user.findUniqueOrThrow({ where: { email } });
  const access = (u: Awaited<ReturnType<typeof user>>, role: ProjectAccess["role"]): ProjectAccess => ({ user: { id: u.id, email: u.email, name: u.name, isOwner: false }, projectId: project.id, role });

  // ---- a landscape trajectory: small targets drawn where the actions point
  const target = (x: number, y: number, w: number, h: number, fill: string) => ({ x, y, w, h, fill });
  const frames = await Promise.all([
    renderScreen(1024, 768, 81, [target(504, 302, 32, 28, "#111827")]),
    renderScreen(1024, 768, 82, [target(180, 480, 40, 40, "#7c2d12")]),
    renderScreen(1024, 768, 83),
  ]);
  const media = [];
  for (const [i, frame] of frames.entries()) media.push(await ingestImage(db, store, project.id, frame, `screenshot${i + 1}.png`));
  const thought = (text: string) => `${text}\nThe page shows a list of results under a search bar; the element I need is small and close to its neighbours.`;
  const trajectory = await db.trajectory.create({
    data: {
      projectId: project.id, goal: "Find the newest paper about graph neural networks", app: "arxiv.org", benchmark: "webvoyager", model: "agent-7b",
      sourceDataset: SOURCE, sourceId: "landscape", contentHash: "landscape", stepCount: 3,
      steps: {
        create: [
          { index: 0, mediaId: media[0]!.id, imageRef: "screenshot1.png", actionType: "click", action: { type: "click", x: 520, y: 316, element: [504, 302, 536, 330] }, thought: thought("Click the search icon."), rawOutput: "Thought: Click the search icon.\nAction: Click [3]" },
          { index: 1, mediaId: media[1]!.id, imageRef: "screenshot2.png", actionType: "long_press", action: { type: "long_press", x: 200, y: 500, element: [180, 480, 220, 520] }, thought: thought("Hold the first result to open its menu."), rawOutput: "Thought: Hold the first result.\nAction: LongPress [7]" },
          { index: 2, mediaId: media[2]!.id, imageRef: "screenshot3.png", actionType: "type", action: { type: "type", text: "graph neural networks" }, thought: thought("Type the query."), rawOutput: "Thought: Type the query.\nAction: Type [2]; graph neural networks" },
        ],
      },
    },
  });

  // ---- grounding samples on a 2560x1440 screenshot with a 22x25 icon
  const [x1, y1, x2, y2] = ICON;
  const screen = await ingestImage(db, store, project.id, await renderScreen(2560, 1440, 84, [target(x1, y1, x2 - x1, y2 - y1, "#0f172a")]), "desktop-2k.png");
  const sample = async (sourceId: string, instruction: string, box: Box) =>
    (
      await db.groundingSample.create({
        data: { projectId: project.id, mediaId: screen.id, imageRef: "desktop-2k.png", instruction, sourceDataset: SOURCE, sourceId, contentHash: sourceId, boxX1: box[0], boxY1: box[1], boxX2: box[2], boxY2: box[3] },
      })
    ).id;
  const samples = {
    labels: await sample("labels", "Open the notifications", ICON),
    live: await sample("live", "Open the notifications panel", ICON),
    liveZh: await sample("live-zh", "Open the notifications list", ICON),
    keys: await sample("keys", "Press the share icon", [1200, 700, 1300, 760]),
  };
  const dispute = await sample("dispute", "Open the notifications bell", ICON);
  for (const sampleId of [samples.labels, samples.live, samples.liveZh]) {
    for (const [model, x, y] of [["alpha-7b", 1803, 632], ["beta-7b", 1815, 640], ["gamma-7b", 1880, 690]] as const) {
      await db.modelPrediction.create({ data: { projectId: project.id, sampleId, model, kind: "point", x, y } });
    }
  }
  await rederiveStale(db, project.id);

  // ---- three annotators box the icon a little differently: adjudication
  const annotator = await user(users.annotator!.email);
  const others = [];
  for (const n of [2, 3]) {
    const email = `annotator${n}@screens.e2e.test`;
    await createUser(db, { email, name: `Screens Annotator ${n}`, password: generatePassword() });
    await grantRole(db, project.id, { email, role: "annotator" });
    others.push(await user(email));
  }
  const admin = await user(users.admin!.email);
  const queue = await db.queue.create({
    data: {
      projectId: project.id, name: "Three-way pass", itemType: "sample", filter: {}, overlap: 3, createdById: admin.id,
      members: { create: [annotator, ...others].map((u) => ({ userId: u.id })) }, items: { create: [{ sampleId: dispute }] },
    },
  });
  const answers: [typeof annotator, Box][] = [[annotator, [1796, 616, 1818, 641]], [others[0]!, [1804, 624, 1830, 652]], [others[1]!, [1790, 628, 1812, 650]]];
  for (const [who, box] of answers) {
    const claim = await claimNextItem(db, { queueId: queue.id, userId: who.id });
    if (!claim) throw new Error("the three-way queue gave no item");
    await saveAnswer(db, access(who, "annotator"), { itemType: "sample", itemId: dispute, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null } });
    await markClaimSubmitted(db, { claimId: claim.claimId, userId: who.id });
  }
  const item = await db.queueItem.findFirstOrThrow({ where: { queueId: queue.id } });
  if (item.status !== "adjudication") throw new Error(`the three-way item is ${item.status}, not awaiting adjudication`);

  const seed: ScreensSeed = { projectId: project.id, landscapeTrajectory: trajectory.id, icon: ICON, samples, adjudication: { queueId: queue.id, queueItemId: item.id } };
  writeFileSync(path.join(dataDir, SCREENS_SEED_FILE), JSON.stringify(seed, null, 2));
}
