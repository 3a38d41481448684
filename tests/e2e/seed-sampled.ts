// Sampled verification (issue 18), in a project of its own, "sampled", so that only its spec
// moves its figures: three checkpoint runs of one model over the same tasks
// (tests/support/sampled-e2e.ts), written as an import writes them (two steps with screenshots
// each, the MLLM judge's boolean verdict and its score) and derived. ckpt-200's uniform sample
// of 40 is drawn here with the spec's seed and verified truthfully, as are all 60 episodes of
// ckpt-300; ckpt-100 is left for the spec to sample and verify through the UI.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import type { MediaStore } from "@/lib/media/store";
import type { ProjectAccess } from "@/lib/auth/session";
import { ingestImage } from "@/lib/media/ingest";
import { grantRole } from "@/lib/projects/members";
import { createProject } from "@/lib/projects/projects";
import { drawFirstRound } from "@/lib/runs/sampling/draw-sample";
import type { E2eSeed } from "./seed-file";
import { pinSeedAnswer, rederiveStale } from "./seed-derived";
import { SAMPLED_SEED_FILE, type SampledSeed } from "./seed-sampled-file";
import { renderScreen } from "../support/import-fixtures/screens";
import { CHECKPOINTS, SAMPLE_SEED, SAMPLE_SIZE, SAMPLED_SLUG, truthfulSteps } from "../support/sampled-e2e";
import { SYNTHETIC_JUDGE, type SyntheticEpisode } from "../support/synthetic-run";
import { recordVerdicts } from "@/lib/verdicts/record-verdict";

export async function seedSampled(db: Db, store: MediaStore, dataDir: string, users: E2eSeed["users"]): Promise<void> {
  const project = await createProject(db, { slug: SAMPLED_SLUG, name: "Sampled checkpoints" });
  for (const role of ["admin", "reviewer", "annotator"] as const) await grantRole(db, project.id, { email: users[role]!.email, role });
  const [admin, reviewer] = await Promise.all([users.admin!, users.reviewer!].map((u) => db.user.findUniqueOrThrow({ where: { email: u.email } })));
  const adminAccess: ProjectAccess = { user: { id: admin!.id, email: admin!.email, name: admin!.name, isOwner: false }, projectId: project.id, role: "admin" };
  const screens: { id: string }[] = [];
  for (const seed of [11, 12, 13, 14]) screens.push(await ingestImage(db, store, project.id, await renderScreen(540, 960, seed), `screen-${seed}.png`));

  const runs: Record<string, string> = {};
  const ids: Record<string, Map<string, string>> = {};
  for (const [r, checkpoint] of CHECKPOINTS.entries()) {
    const run = await db.evaluationRun.create({ data: { projectId: project.id, name: checkpoint.name, benchmark: "synthetic-android", model: "venus-7b", meta: { checkpoint: (r + 1) * 100 } } });
    runs[checkpoint.name] = run.id;
    ids[checkpoint.name] = new Map();
    for (const [i, e] of checkpoint.episodes.entries()) {
      const t = await db.trajectory.create({
        data: {
          projectId: project.id, runId: run.id, goal: e.goal, app: e.app, benchmark: "synthetic-android", model: "venus-7b", sourceDataset: "e2e-sampled",
          sourceId: `${checkpoint.name}/${e.task}`, contentHash: `${checkpoint.name}/${e.task}`, stepCount: 2, agentClaimedFinish: true,
          steps: { create: [0, 1].map((index) => ({ index, mediaId: screens[(i + index + r) % screens.length]!.id, imageRef: `step-${index}.png`, thought: `step ${index + 1}` })) },
        },
      });
      ids[checkpoint.name]!.set(e.task, t.id);
      await recordVerdicts(db, [
          { projectId: project.id, trajectoryId: t.id, kind: "mllm", judgeName: SYNTHETIC_JUDGE.name, promptVersion: SYNTHETIC_JUDGE.promptVersion, metric: "trace_success", valueBool: e.judge },
          { projectId: project.id, trajectoryId: t.id, kind: "mllm", judgeName: SYNTHETIC_JUDGE.name, promptVersion: SYNTHETIC_JUDGE.promptVersion, metric: "trace_success", valueScore: e.judgeScore },
        ]);
    }
  }
  await rederiveStale(db, project.id);

  const verify = async (runName: string, e: SyntheticEpisode) =>
    pinSeedAnswer(db, project.id, {
      trajectoryId: ids[runName]!.get(e.task)!,
      payload: { traceVerdict: e.human ? "success" : "failure", firstWrongStep: null, steps: truthfulSteps(e.human).map((label, stepIndex) => ({ stepIndex, label })), note: null },
    }, reviewer!.id);
  const second = CHECKPOINTS[1]!;
  const { drawnIds } = await drawFirstRound(db, adminAccess, { runId: runs[second.name]!, design: "uniform", size: SAMPLE_SIZE, seed: SAMPLE_SEED });
  const drawn = new Set(drawnIds);
  for (const e of second.episodes) if (drawn.has(ids[second.name]!.get(e.task)!)) await verify(second.name, e);
  for (const e of CHECKPOINTS[2]!.episodes) await verify(CHECKPOINTS[2]!.name, e);

  const seed: SampledSeed = { projectId: project.id, slug: SAMPLED_SLUG, runs, names: { reviewer: reviewer!.name } };
  writeFileSync(path.join(dataDir, SAMPLED_SEED_FILE), JSON.stringify(seed, null, 2));
}
