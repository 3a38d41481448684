// e2e data for triage and the dashboard's queue charts, in two projects of their own so the
// specs that change them (triage decisions) never move the figures another spec reads:
//  - "triage": a GRPO group of 4 where one rollout's judge disagrees with its verified verdict
//    (impact 1 + sqrt 3 = 2.73 at eta 1, unverified rollouts counting with their automatic
//    outcome), a lone rule-vs-judge rollout (1.00), a sample whose
//    judge and human are two tiers apart (2.00) and one at the gold threshold (6.8: 0.60);
//  - "team-metrics": a sample queue (overlap 2, honeypots) and a trajectory queue (overlap 3)
//    worked by three annotators yesterday and today, and verified trajectories with judges.
import type { Db } from "@/lib/db";
import type { MediaStore } from "@/lib/media/store";
import { DEMO_SCREENS, renderScreen } from "@/lib/demo/screens";
import { ingestImage } from "@/lib/media/ingest";
import { createProject } from "@/lib/projects/projects";
import { grantRole } from "@/lib/projects/members";
import { createUser } from "@/lib/users/users";
import { generatePassword } from "@/lib/auth/password";
import type { E2eSeed } from "./seed-file";
import { pinSeedAnswer, rederiveStale } from "./seed-derived";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

const SOURCE = "e2e-triage";

async function screens(db: Db, store: MediaStore, projectId: string) {
  const media: Record<string, string> = {};
  for (const screen of DEMO_SCREENS) media[screen.key] = (await ingestImage(db, store, projectId, await renderScreen(screen), `${screen.key}.png`)).id;
  return media;
}

async function seedTriageProject(db: Db, store: MediaStore, users: E2eSeed["users"]) {
  const project = await createProject(db, { slug: "triage", name: "Triage checks" });
  await db.project.update({ where: { id: project.id }, data: { settings: { rewards: { eta: 1, invalidActionPenalty: -0.1, advantagePolicy: "automatic_fallback" }, tiers: { goldMin: 7, rewriteMin: 4 }, triageMargin: 0.5 } } });
  const reviewer = await db.user.findUniqueOrThrow({ where: { email: users.reviewer!.email } });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const media = await screens(db, store, project.id);
  const shop = ["shop-home", "shop-fruit", "shop-cart"];

  const rollout = async (sourceId: string, o: { goal: string; app?: string; group?: string; human?: "success" | "failure"; rule?: boolean; judge: boolean; screens: string[] }) => {
    const t = await db.trajectory.create({
      data: {
        projectId: project.id, goal: o.goal, app: o.app ?? "Market", benchmark: "demo-android", model: "venus-nav-7b", groupKey: o.group ?? null, sourceDataset: SOURCE, sourceId, contentHash: sourceId,
        stepCount: o.screens.length, agentClaimedFinish: true,
        steps: { create: o.screens.map((screen, index) => ({ index, mediaId: media[screen]!, imageRef: `${screen}.png`, thought: `step ${index + 1}` })) },
      },
    });
    if (o.rule !== undefined) {
      await recordVerdict(db, { projectId: project.id, trajectoryId: t.id, kind: "rule", judgeName: "state-checker", metric: "trace_success", valueBool: o.rule, rationale: o.rule ? "Final state matches." : "Cart is not checked out." });
    }
    await recordVerdict(db, { projectId: project.id, trajectoryId: t.id, kind: "mllm", judgeName: "judge-72b", promptVersion: "trace-v2", metric: "trace_success", valueBool: o.judge, rationale: o.judge ? "The cart screen shows the order." : "The agent stopped early." });
    await rederiveStale(db, project.id);
    if (o.human) await pinSeedAnswer(db, project.id, { trajectoryId: t.id, payload: { traceVerdict: o.human, firstWrongStep: null, steps: [], note: null } }, reviewer.id);
    return t;
  };
  await rollout("g1", { goal: "Buy blueberries and check out", group: "blueberries", human: "failure", judge: true, screens: shop });
  await rollout("g2", { goal: "Buy blueberries and check out", group: "blueberries", human: "success", judge: true, screens: shop });
  await rollout("g3", { goal: "Buy blueberries and check out", group: "blueberries", rule: false, judge: false, screens: shop });
  await rollout("g4", { goal: "Buy blueberries and check out", group: "blueberries", rule: false, judge: false, screens: shop });
  await rollout("l1", { goal: "Turn on the dark theme", app: "Settings", rule: false, judge: true, screens: ["settings-home", "settings-dark"] });

  const sample = async (sourceId: string, instruction: string, screen: string, judge: number, human?: number) => {
    const s = await db.groundingSample.create({
      data: { projectId: project.id, mediaId: media[screen]!, imageRef: `${screen}.png`, instruction, sourceDataset: SOURCE, sourceId, contentHash: sourceId, boxX1: 40, boxY1: 220, boxX2: 680, boxY2: 300 },
    });
    await recordVerdict(db, { projectId: project.id, sampleId: s.id, kind: "mllm", judgeName: "teacher-72b", metric: "quality_score", valueScore: judge, rationale: "Clear target, slightly ambiguous wording." });
    await rederiveStale(db, project.id);
    // The human score is the verified final answer's.
    if (human !== undefined) await pinSeedAnswer(db, project.id, { sampleId: s.id, payload: { targetAbsent: false, box: [40, 220, 680, 300], instructionRewrite: null, qualityScore: human, note: null } }, reviewer.id);
  };
  await sample("s1", "Open the fresh fruit aisle", "shop-home", 6.8);
  await sample("s2", "Tap the bluetooth row", "settings-home", 9, 2);
}

async function seedMetricsProject(db: Db, users: E2eSeed["users"]) {
  const project = await createProject(db, { slug: "team-metrics", name: "Team metrics" });
  await grantRole(db, project.id, { email: users.reviewer!.email, role: "reviewer" });
  const raters = [];
  for (const name of ["Ann Lee", "Bo Chen", "Cy Diaz"]) {
    const email = `${name.split(" ")[0]!.toLowerCase()}@metrics.e2e.test`;
    await createUser(db, { email, name, password: generatePassword() });
    await grantRole(db, project.id, { email, role: "annotator" });
    raters.push(await db.user.findUniqueOrThrow({ where: { email } }));
  }
  const [ann, bo, cy] = raters as [typeof raters[0], typeof raters[0], typeof raters[0]];
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);

  // Sample queue, overlap 2: 3 items, the third a honeypot; Ann and Bo answer all but one.
  const samples = await Promise.all(["b1", "b2", "b3"].map((id) => db.groundingSample.create({ data: { projectId: project.id, instruction: `Tap target ${id}`, sourceDataset: SOURCE, sourceId: id, contentHash: id } })));
  const boxQueue = await db.queue.create({
    data: { projectId: project.id, name: "Box pass", itemType: "sample", filter: {}, overlap: 2, createdById: ann.id, items: { create: samples.map((s, i) => ({ sampleId: s.id, isHoneypot: i === 2 })) } },
    include: { items: true },
  });
  const box = (x1: number, y1: number, x2: number, y2: number) => ({ targetAbsent: false, boxX1: x1, boxY1: y1, boxX2: x2, boxY2: y2 });
  const answerSample = async (user: { id: string }, index: number, answer: object, minutesAgo: number, honeypotCorrect: boolean | null = null) => {
    const item = boxQueue.items.find((i) => i.sampleId === samples[index]!.id)!;
    await db.claim.create({ data: { queueItemId: item.id, userId: user.id, status: "submitted", createdAt: at(minutesAgo + 2), submittedAt: at(minutesAgo), leaseUntil: at(minutesAgo - 10), honeypotCorrect } });
    await db.annotation.create({ data: { projectId: project.id, annotatorId: user.id, itemType: "sample", sampleId: samples[index]!.id, status: "submitted", submittedAt: at(minutesAgo), ...answer } });
  };
  // b1: identical boxes (IoU 1); b2: [0,0,10,10] vs [5,5,15,15] (IoU 1/7, centres inside):
  // mean IoU (1 + 1/7) / 2 = 0.57, point-in-box 2 of 2 = 1.00.
  await answerSample(ann, 0, box(0, 0, 10, 10), 24 * 60 + 30);
  await answerSample(bo, 0, box(0, 0, 10, 10), 24 * 60 + 20);
  await answerSample(ann, 1, box(0, 0, 10, 10), 20);
  await answerSample(bo, 1, box(5, 5, 15, 15), 15);
  await answerSample(ann, 2, box(0, 0, 10, 10), 10, true);
  // Honeypots graded elsewhere too: Ann 2 of 3 right overall, Bo 0 of 1.
  const hp = await db.queue.create({
    data: { projectId: project.id, name: "Honeypot drill", itemType: "sample", filter: {}, overlap: 1, createdById: ann.id, items: { create: [{ sampleId: samples[0]!.id, isHoneypot: true }, { sampleId: samples[1]!.id, isHoneypot: true }, { sampleId: samples[2]!.id, isHoneypot: true }] } },
    include: { items: true },
  });
  const graded = [[0, ann, true], [1, ann, false], [2, bo, false]] as const;
  for (const [i, user, honeypotCorrect] of graded) {
    await db.claim.create({ data: { queueItemId: hp.items[i]!.id, userId: user.id, status: "submitted", createdAt: at(7 - i), submittedAt: at(5 - i), leaseUntil: at(-10), honeypotCorrect } });
  }

  // Trajectory queue, overlap 3: two trajectories answered by all three.
  const ts = await Promise.all(["r1", "r2"].map((id) => db.trajectory.create({ data: { projectId: project.id, goal: `Task ${id}`, app: id === "r1" ? "Settings" : "Market", benchmark: "demo-android", sourceDataset: SOURCE, sourceId: id, contentHash: id, stepCount: 2 } })));
  const reviewer = await db.user.findUniqueOrThrow({ where: { email: users.reviewer!.email } });
  for (const t of ts) await pinSeedAnswer(db, project.id, { trajectoryId: t.id, payload: { traceVerdict: "success", firstWrongStep: null, steps: [], note: null } }, reviewer.id);
  const traceQueue = await db.queue.create({
    data: { projectId: project.id, name: "Trace pass", itemType: "trajectory", filter: {}, overlap: 3, createdById: ann.id, items: { create: ts.map((t) => ({ trajectoryId: t.id })) } },
    include: { items: true },
  });
  const verdicts: [typeof ann, string[]][] = [[ann, ["success", "failure"]], [bo, ["success", "failure"]], [cy, ["success", "success"]]];
  for (const [user, answers] of verdicts) {
    for (const [i, t] of ts.entries()) {
      const item = traceQueue.items.find((x) => x.trajectoryId === t.id)!;
      await db.claim.create({ data: { queueItemId: item.id, userId: user.id, status: "submitted", createdAt: at(60 + i), submittedAt: at(58 + i), leaseUntil: at(30) } });
      await db.annotation.create({ data: { projectId: project.id, annotatorId: user.id, itemType: "trajectory", trajectoryId: t.id, status: "submitted", submittedAt: at(58 + i), traceVerdict: answers[i], stepLabels: [{ stepIndex: 0, label: "correct" }, { stepIndex: 1, label: answers[i] === "success" ? "correct" : "incorrect" }] } });
    }
  }
  // Judge verdicts on the verified trajectories: right on Settings, wrong on Market.
  await recordVerdict(db, { projectId: project.id, trajectoryId: ts[0]!.id, kind: "mllm", judgeName: "judge-72b", metric: "trace_success", valueBool: true });
  await recordVerdict(db, { projectId: project.id, trajectoryId: ts[1]!.id, kind: "mllm", judgeName: "judge-72b", metric: "trace_success", valueBool: false });
  for (const t of ts) await db.trajectory.update({ where: { id: t.id }, data: { derivedRevision: 0 } });
  await rederiveStale(db, project.id);
  // The claims above were written directly; the queue's own count of submissions is what
  // markClaimSubmitted would have kept beside them.
  for (const item of [...boxQueue.items, ...hp.items, ...traceQueue.items]) {
    const submittedCount = await db.claim.count({ where: { queueItemId: item.id, status: "submitted" } });
    await db.queueItem.update({ where: { id: item.id }, data: { submittedCount } });
  }
}

export async function seedTriage(db: Db, store: MediaStore, users: E2eSeed["users"]) {
  await seedTriageProject(db, store, users);
  await seedMetricsProject(db, users);
}
