// The verified-state world (issue 12's scenarios), in a project of its own, "verified", so
// the specs that change it move no figure another spec reads. Everything is written through
// the domain layer (the reviewer's pins, the bulk pass, overrides, honeypots) or, for what an
// import would write, straight to the tables and then derived as an import derives.
//  - samples on a generated 1280x800 screenshot: one a reviewer verified (an annotator will
//    submit a stray box over it), one verified with an overridden judge score (its reviewer
//    will nudge it in a draft), one rejected in the bulk pass, one whose model prediction at
//    (654, 233) misses its imported box, one in an overlap-2 queue, and a honeypot in a queue;
//  - an AndroidLab-like run of trajectories: one verified success, a rule-vs-judge one, the
//    textbook disputed quark_3 (rule success, verified failure from step 3), a claimed finish
//    the rule verifier failed, two for keyboard work, and a GRPO group with one verified rollout;
//  - grounding, online-RL and evaluation pools, and API tokens for three roles.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import type { ProjectAccess } from "@/lib/auth/session";
import { generatePassword } from "@/lib/auth/password";
import { bulkDecide } from "@/lib/annotations/bulk-decide";
import { ingestImage } from "@/lib/media/ingest";
import type { MediaStore } from "@/lib/media/store";
import { createPool } from "@/lib/pools/pools";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { makeHoneypot } from "@/lib/queues/honeypots";
import { claimNextItem } from "@/lib/queues/claim-next-item";
import { markClaimSubmitted } from "@/lib/queues/mark-claim-submitted";
import { saveAnswer } from "@/lib/annotations/save-answer";
import { createTriageQueue } from "@/lib/triage/create-triage-queue";
import { createApiToken } from "@/lib/tokens/tokens";
import { createUser } from "@/lib/users/users";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import type { E2eSeed } from "./seed-file";
import { pinSeedAnswer, rederiveStale } from "./seed-derived";
import { VERIFIED_SEED_FILE, type VerifiedSeed } from "./seed-verified-file";
import { renderScreen } from "../support/import-fixtures/screens";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

const SLUG = "verified";
const SOURCE = "e2e-answers";

type Box = [number, number, number, number];

export async function seedVerified(db: Db, store: MediaStore, dataDir: string, users: E2eSeed["users"]): Promise<void> {
  const project = await createProject(db, { slug: SLUG, name: "Answer checks" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const second = { email: "second@verified.e2e.test", password: generatePassword(), name: "Second Verifier" };
  await createUser(db, second);
  await grantRole(db, project.id, { email: second.email, role: "annotator" });
  const user = (email: string) => db.user.findUniqueOrThrow({ where: { email } });
  const [owner, admin, reviewer, annotator] = await Promise.all([user(users.owner!.email), user(users.admin!.email), user(users.reviewer!.email), user(users.annotator!.email)]);
  const access = (u: typeof admin, role: ProjectAccess["role"]): ProjectAccess => ({ user: { id: u.id, email: u.email, name: u.name, isOwner: false }, projectId: project.id, role });

  // ---- samples
  const screen = await ingestImage(db, store, project.id, await renderScreen(1280, 800, 71), "desktop.png");
  const sample = async (sourceId: string, instruction: string, box: Box) =>
    (
      await db.groundingSample.create({
        data: { projectId: project.id, mediaId: screen.id, imageRef: "desktop.png", instruction, sourceDataset: SOURCE, sourceId, contentHash: sourceId, boxX1: box[0], boxY1: box[1], boxX2: box[2], boxY2: box[3] },
      })
    ).id;
  const samples = {
    stray: await sample("stray", "Open the File menu", [100, 100, 300, 200]),
    nudge: await sample("nudge", "Press the Save button", [400, 300, 600, 400]),
    bulk: await sample("bulk", "Close the dialog", [700, 500, 900, 600]),
    prediction: await sample("prediction", "Tap the search icon", [0, 0, 50, 50]),
    consensus: await sample("consensus", "Select the second tab", [200, 500, 400, 600]),
    honeypot: await sample("settings_1", "Open the settings", [900, 100, 1100, 200]),
    dispute: await sample("dispute", "Open the Help menu", [1000, 20, 1100, 60]),
    // Redrawn by the editing spec (original box kept in view, pixel snapping); nobody else reads it.
    snap: await sample("snap", "Open the View menu", [300.4, 20.6, 380.2, 60.8]),
    // In the queue the queue-page spec closes, archives and restores.
    spare: await sample("spare", "Open the Window menu", [500, 20, 600, 60]),
    // Two models on one sample, one right and one wrong (the side-by-side and the model filters).
    pair: await sample("pair", "Press the Zoom control", [700, 300, 760, 340]),
  };
  const judge = await recordVerdict(db, { projectId: project.id, sampleId: samples.nudge, kind: "mllm", judgeName: "teacher-72b", metric: "quality_score", valueScore: 8, rationale: "Clear target." });
  for (const [model, x] of [["alpha-7b", 730], ["beta-7b", 900]] as const) {
    await db.modelPrediction.create({ data: { projectId: project.id, sampleId: samples.pair, model, kind: "point", x, y: 320 } });
  }
  await db.modelPrediction.create({ data: { projectId: project.id, sampleId: samples.prediction, model: "venus-7b", kind: "point", x: 654, y: 233, sourceCorrectness: "wrong" } });
  await rederiveStale(db, project.id);
  const pinBox = (sampleId: string, box: Box) => pinSeedAnswer(db, project.id, { sampleId, payload: { targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null } }, reviewer.id);
  await pinBox(samples.stray, [100, 100, 300, 200]);
  await pinBox(samples.nudge, [400, 300, 600, 400]);
  await pinBox(samples.honeypot, [900, 100, 1100, 200]);
  const nudgeOverrideValue = 5;
  await overrideVerdict(db, access(reviewer, "reviewer"), { verdictId: judge.id, value: nudgeOverrideValue, reason: "Box is a little loose" });
  await bulkDecide(db, access(reviewer, "reviewer"), [samples.bulk], "reject");
  await makeHoneypot(db, access(admin, "admin"), { sampleId: samples.honeypot });

  // ---- trajectories: an AndroidLab-like run on a Clock app, 4 steps each
  const run = await db.evaluationRun.create({ data: { projectId: project.id, name: "vs-androidlab-run", benchmark: "androidlab", model: "agent-7b" } });
  const phone = await ingestImage(db, store, project.id, await renderScreen(540, 960, 72), "phone.png");
  const trajectory = async (sourceId: string, o: { goal: string; rule?: boolean; judge?: boolean; claimedFinish?: boolean; group?: string; inRun?: boolean }) => {
    const t = await db.trajectory.create({
      data: {
        projectId: project.id, goal: o.goal, app: "Clock", benchmark: "androidlab", model: "agent-7b", runId: o.inRun === false ? null : run.id, groupKey: o.group ?? null,
        sourceDataset: SOURCE, sourceId, contentHash: sourceId, stepCount: 4, agentClaimedFinish: o.claimedFinish ?? false,
        steps: { create: [0, 1, 2, 3].map((index) => ({ index, mediaId: phone.id, imageRef: "phone.png", actionType: "click", action: { type: "click", x: 100 + index * 80, y: 300 }, thought: `step ${index + 1}` })) },
      },
    });
    if (o.rule !== undefined) {
      await recordVerdict(db, { projectId: project.id, trajectoryId: t.id, kind: "rule", judgeName: "androidlab-checker", metric: "trace_success", valueBool: o.rule });
    }
    if (o.judge !== undefined) {
      await recordVerdict(db, { projectId: project.id, trajectoryId: t.id, kind: "mllm", judgeName: "judge-72b", metric: "trace_success", valueBool: o.judge });
    }
    return t.id;
  };
  const trajectories = {
    flip: await trajectory("flip_1", { goal: "Set an alarm for 7 am", rule: true }),
    ruleVsJudge: await trajectory("rvj_1", { goal: "Start a 5 minute timer", rule: true, judge: false }),
    quark3: await trajectory("quark_3", { goal: "Add the city of Quito to the world clock", rule: true }),
    claimed: await trajectory("claimed_1", { goal: "Delete every alarm", rule: false, claimedFinish: true }),
    race: await trajectory("race_1", { goal: "Turn on the stopwatch", inRun: false }),
    firstWrong: await trajectory("first_wrong_1", { goal: "Rename the 7 am alarm", inRun: false }),
    groupVerified: await trajectory("group_a", { goal: "Snooze the alarm", rule: true, group: "vs-snooze", inRun: false }),
    groupOpen: await trajectory("group_b", { goal: "Snooze the alarm", rule: false, group: "vs-snooze", inRun: false }),
  };
  await rederiveStale(db, project.id);
  const pinVerdict = (trajectoryId: string, traceVerdict: "success" | "failure", firstWrongStep: number | null, labels: ("correct" | "incorrect")[]) =>
    pinSeedAnswer(db, project.id, { trajectoryId, payload: { traceVerdict, firstWrongStep, steps: labels.map((label, stepIndex) => ({ stepIndex, label })), note: null } }, reviewer.id);
  await pinVerdict(trajectories.flip, "success", null, ["correct", "correct", "correct", "correct"]);
  await pinVerdict(trajectories.quark3, "failure", 2, ["correct", "correct", "incorrect"]);
  await pinVerdict(trajectories.groupVerified, "success", null, ["correct", "correct", "correct", "correct"]);
  const quark3Rule = await db.judgeVerdict.findFirstOrThrow({ where: { trajectoryId: trajectories.quark3, kind: "rule" } });

  // ---- queues, worked by the project's two annotators
  const secondUser = await user(second.email);
  const members = { create: [{ userId: annotator.id }, { userId: secondUser.id }] };
  const consensus = await db.queue.create({
    data: { projectId: project.id, name: "Consensus pass", itemType: "sample", filter: {}, overlap: 2, createdById: admin.id, members, items: { create: [{ sampleId: samples.consensus }] } },
  });
  const warmup = await db.queue.create({
    data: { projectId: project.id, name: "Warm-up pass", itemType: "sample", filter: {}, overlap: 1, createdById: admin.id, members, items: { create: [{ sampleId: samples.honeypot, isHoneypot: true }] } },
  });

  // A disagreement awaiting adjudication (two answers that do not overlap), and a triage
  // queue, so that every page of the app has an item to show (pages-console.spec.ts).
  const dispute = await db.queue.create({
    data: { projectId: project.id, name: "Dispute pass", itemType: "sample", filter: {}, overlap: 2, createdById: admin.id, members, items: { create: [{ sampleId: samples.dispute }] } },
  });
  for (const [who, box] of [[annotator, [1000, 20, 1040, 40]], [secondUser, [1060, 30, 1100, 60]]] as const) {
    const claim = await claimNextItem(db, { queueId: dispute.id, userId: who.id });
    if (!claim) throw new Error("the dispute queue gave no item");
    await saveAnswer(db, access(who, "annotator"), { itemType: "sample", itemId: samples.dispute, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [...box], instructionRewrite: null, qualityScore: null, note: null } });
    await markClaimSubmitted(db, { claimId: claim.claimId, userId: who.id });
  }
  const disputeItem = await db.queueItem.findFirstOrThrow({ where: { queueId: dispute.id } });
  if (disputeItem.status !== "adjudication") throw new Error(`the dispute is ${disputeItem.status}, not awaiting adjudication`);
  const closing = await db.queue.create({
    data: { projectId: project.id, name: "Closing pass", itemType: "sample", filter: {}, overlap: 1, createdById: admin.id, members, items: { create: [{ sampleId: samples.spare }] } },
  });
  const triage = await createTriageQueue(db, access(admin, "admin"), { name: "Doubtful verdicts", memberIds: [reviewer.id], leaseSeconds: 900, limit: 10 });
  const triageItem = await db.queueItem.findFirstOrThrow({ where: { queueId: triage.queue.id }, orderBy: { id: "asc" } });

  // ---- pools and tokens
  const poolsRoot = path.join(dataDir, "pools");
  const actor = { userId: admin.id, projectId: project.id };
  const poolDirs = { grounding: path.join(poolsRoot, "vs-grounding"), onlineRl: path.join(poolsRoot, "vs-online-rl"), evaluation: path.join(poolsRoot, "vs-evaluation") };
  const grounding = await createPool(db, actor, { name: "vs-grounding", kind: "grounding", profile: "ms-swift", imageMode: "copy", settings: { template: "verity-grounding", convention: "rel1000", target: "box" }, targetType: "local", targetUri: poolDirs.grounding });
  const onlineRl = await createPool(db, actor, { name: "vs-online-rl", kind: "online_rl", profile: "ms-swift", imageMode: "copy", targetType: "local", targetUri: poolDirs.onlineRl });
  const evaluation = await createPool(db, actor, { name: "vs-evaluation", kind: "evaluation", profile: "table", targetType: "local", targetUri: poolDirs.evaluation });
  const token = async (creator: typeof admin, role: "admin" | "reviewer" | "annotator") => (await createApiToken(db, project.id, creator.id, { name: `vs-${role}`, role })).secret;

  const seed: VerifiedSeed = {
    projectId: project.id,
    slug: SLUG,
    second,
    names: { owner: owner.name, reviewer: reviewer.name, annotator: annotator.name },
    samples,
    trajectories,
    quark3RuleVerdictId: quark3Rule.id,
    nudgeOverrideValue,
    runId: run.id,
    groupKey: "vs-snooze",
    queues: { consensus: consensus.id, honeypot: warmup.id, dispute: dispute.id, disputeItem: disputeItem.id, triageItem: triageItem.id, closing: closing.id },
    pools: { grounding: grounding.id, onlineRl: onlineRl.id, evaluation: evaluation.id },
    poolDirs,
    tokens: { admin: await token(admin, "admin"), reviewer: await token(reviewer, "reviewer"), annotator: await token(annotator, "annotator") },
  };
  writeFileSync(path.join(dataDir, VERIFIED_SEED_FILE), JSON.stringify(seed, null, 2));
}
