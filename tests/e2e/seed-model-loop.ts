// The model-loop spec's own project, so that what its model runs write moves no figure another
// spec reads: a ScreenSpot-Pro evaluation of another model with its screenshots, in the layout
// its evaluator writes (generated: the public ScreenSpot-Pro file in ../shared has no
// screenshots), and an AndroidLab run (the public one in ../shared/fixtures when it is there, else generated in its layout),
// both imported as an admin would. A reviewer has settled two of the run's three episodes
// (quark_1 a success, quark_2 a failure), so a judge run has pairs to be calibrated on;
// quark_3, which the rule calls complete, is left for the judge to question in triage.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { createImportJob, executeImportJob } from "@/lib/imports/import-job";
import type { MediaStore } from "@/lib/media/store";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import type { E2eSeed } from "./seed-file";
import { pinSeedAnswer } from "./seed-derived";
import { MODEL_LOOP_SEED_FILE, MODEL_LOOP_SLUG, type ModelLoopSeed } from "./seed-model-loop-file";
import { writeAndroidLabRun } from "../support/import-fixtures/androidlab";
import { proSamples, writeScreenSpotProImages, writeScreenSpotProResults } from "../support/import-fixtures/screenspot-pro";
// Not ../support/public-fixtures: it imports vitest, which the seeding process cannot load.
const PUBLIC_FIXTURES = path.resolve(process.cwd(), "../shared/fixtures"); // the seed runs from the project root

export async function seedModelLoop(db: Db, store: MediaStore, dataDir: string, users: E2eSeed["users"]): Promise<void> {
  const project = await createProject(db, { slug: MODEL_LOOP_SLUG, name: "Model loop" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const reviewer = await db.user.findUniqueOrThrow({ where: { email: users.reviewer!.email } });

  const pro = path.join(dataDir, "model-loop-screenspot-pro");
  // An evaluation of another model with its screenshots, so a new model's points have others beside them.
  const samples = proSamples();
  await writeScreenSpotProResults(path.join(pro, "results.json"), { model: "qwen2-vl-7b", samples });
  await writeScreenSpotProImages(path.join(pro, "images"), samples);
  const publicRun = path.join(PUBLIC_FIXTURES, "androidlab-run");
  const usePublic = existsSync(publicRun);
  const run = usePublic ? publicRun : await writeAndroidLabRun(path.join(dataDir, "model-loop-androidlab"));
  for (const [i, target] of [pro, run].entries()) {
    const job = await createImportJob(db, project.id, null, { target, scratch: path.join(dataDir, `scratch-model-loop-${i}`) });
    await executeImportJob(db, store, job.id);
  }
  const imported = await db.groundingSample.count({ where: { projectId: project.id } });
  if (imported !== samples.length) throw new Error(`the ScreenSpot-Pro results made ${imported} samples of ${samples.length}`);

  const trajectories = await db.trajectory.findMany({ where: { projectId: project.id }, select: { id: true, sourceId: true, goal: true, runId: true } });
  const episode = (task: string) => {
    // "<run>/<task>_<timestamp>" as the importer names an episode by its folder.
    const t = trajectories.find((x) => new RegExp(`(^|/)${task}(_|$)`).test(x.sourceId));
    if (!t) throw new Error(`the AndroidLab import has no episode ${task}: ${trajectories.map((x) => x.sourceId).join(", ")}`);
    return t;
  };
  const [q1, q2, q3] = ["quark_1", "quark_2", "quark_3"].map(episode);
  const evaluationRun = await db.evaluationRun.findUniqueOrThrow({ where: { id: q1!.runId! } });
  const settle = (trajectoryId: string, traceVerdict: "success" | "failure") =>
    pinSeedAnswer(db, project.id, { trajectoryId, payload: { traceVerdict, firstWrongStep: null, steps: [], note: null } }, reviewer.id);
  await settle(q1!.id, "success");
  await settle(q2!.id, "failure");

  const seed: ModelLoopSeed = {
    slug: MODEL_LOOP_SLUG,
    samples: samples.length,
    firstInstruction: samples[0]!.instruction,
    runId: evaluationRun.id,
    runName: evaluationRun.name,
    episodes: Object.fromEntries([q1!, q2!, q3!].map((t, i) => [`quark_${i + 1}`, { id: t.id, goal: t.goal }])),
    publicRun: usePublic,
  };
  writeFileSync(path.join(dataDir, MODEL_LOOP_SEED_FILE), JSON.stringify(seed, null, 2));
}
