// The world the consumer contract tests export from: the generated fixtures in their real
// layouts (a ScreenSpot-Pro results file with its screenshots, the UI-Venus meta file with a
// refusal, an AndroidLab run, WebVoyager results), verified through the reviewer's real save
// paths, plus two rollouts of one task that start on the same screen and then part (one
// verified success, one failure) for preference pairs. One SQLite database per test file:
// what is checked here is the files, which do not depend on the database (the snapshot
// semantics run on both, tests/db/pool-snapshots.test.ts).
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import type { Box } from "@/lib/domain/geometry";
import { ingestImage } from "@/lib/media/ingest";
import { readLatestSnapshotId } from "@/lib/exports/snapshot-reader";
import { SnapshotManifestSchema, type SnapshotManifest } from "@/lib/exports/snapshot-manifest";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { freshDatabase } from "../databases";
import { exportWorld, groundingFixturesWithImages, importFixture, makePool, runExport, type ExportWorld } from "../export-support";
import { generatedFixtures } from "../import-support";
import { rederive } from "../derived-support";
import { renderScreen } from "../../support/import-fixtures/screens";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

export type ConsumerWorld = ExportWorld & { refusalId: string; rewrittenId: string; placeholderRewrite: string };

let world: Promise<ConsumerWorld> | null = null;

// Judge scores of the first positives, so mid-training pools have every tier.
const SCORES = [9, 8, 5, 3];

async function build(): Promise<ConsumerWorld> {
  const w = await exportWorld((await freshDatabase("sqlite")).db);
  const fixtures = await groundingFixturesWithImages();
  await importFixture(w, fixtures.results);
  await importFixture(w, fixtures.meta);
  const root = await generatedFixtures();
  await importFixture(w, path.join(root, "androidlab-run"));
  await importFixture(w, path.join(root, "webvoyager"));

  // Grounding: every sample with a screenshot verified; the reviewer moves boxes a little, one
  // rewrite types a literal "<image>" (it must not become a second placeholder), one refusal.
  const samples = await w.db.groundingSample.findMany({ where: { mediaId: { not: null } }, include: { media: true }, orderBy: [{ sourceDataset: "asc" }, { sourceId: "asc" }] });
  const placeholderRewrite = "Tap the <image> icon left of the search field";
  let rewrittenId = "";
  let refusalId = "";
  for (const [i, s] of samples.entries()) {
    const refusal = s.targetAbsent;
    const width = s.media!.width;
    const height = s.media!.height;
    const box: Box | null = refusal ? null : [Math.max(0, s.boxX1! - 1.5), s.boxY1!, Math.min(width, s.boxX2! + 2.25), Math.min(height, s.boxY2! + 1)];
    const rewrite = i === 1 ? placeholderRewrite : null;
    if (rewrite) rewrittenId = s.id;
    if (refusal) refusalId = s.id;
    await saveGroundingAnnotation(w.db, w.reviewer, { sampleId: s.id, baseVersion: null, status: "submitted", payload: { targetAbsent: refusal, box, instructionRewrite: rewrite, qualityScore: null, note: null } });
    if (i < SCORES.length) await recordVerdict(w.db, { projectId: w.projectId, sampleId: s.id, kind: "mllm", judgeName: "teacher", metric: "quality_score", valueScore: SCORES[i]! });
  }
  await rederive(w.db, w.projectId, { sampleIds: samples.map((s) => s.id) });
  if (!refusalId) throw new Error("the fixtures hold no refusal sample");

  // Trajectories: every step labelled correct; the AndroidLab episodes succeed but the last,
  // the WebVoyager ones succeed (their label-only steps are excluded and counted).
  const trajectories = await w.db.trajectory.findMany({ include: { steps: true }, orderBy: { sourceId: "asc" } });
  for (const [i, t] of trajectories.entries()) {
    const verdict = i === trajectories.length - 1 ? "failure" : "success";
    await saveTrajectoryAnnotation(w.db, w.reviewer, { trajectoryId: t.id, baseVersion: null, status: "submitted", payload: { traceVerdict: verdict, firstWrongStep: null, steps: t.steps.map((s) => ({ stepIndex: s.index, label: "correct" as const })), note: null } });
  }
  await pairOfRollouts(w);
  return { ...w, refusalId, rewrittenId, placeholderRewrite };
}

// Two rollouts of one task on the same first screen: the success taps the search box, the
// failure taps the menu; each then sees its own second screen.
async function pairOfRollouts(w: ExportWorld) {
  const shot = async (seed: number) => ingestImage(w.db, w.store, w.projectId, await renderScreen(400, 800, seed));
  const [start, good, bad] = [await shot(501), await shot(502), await shot(503)];
  const rollout = async (name: string, actions: unknown[], second: { id: string }) => {
    const t = await w.db.trajectory.create({ data: { projectId: w.projectId, goal: "Search for weather", groupKey: "task-weather", sourceDataset: "rollouts", sourceId: name, contentHash: name, stepCount: 2, model: "policy-v1" } });
    for (const [index, action] of actions.entries()) {
      await w.db.step.create({ data: { trajectoryId: t.id, index, mediaId: index === 0 ? start.id : second.id, action: action as object, actionType: (action as { type: string }).type } });
    }
    return t;
  };
  const success = await rollout("rollout-ok", [{ type: "click", x: 200, y: 60 }, { type: "type", text: "weather" }], good);
  const failure = await rollout("rollout-ko", [{ type: "click", x: 360, y: 760 }, { type: "back" }], bad);
  await rederive(w.db, w.projectId, { trajectoryIds: [success.id, failure.id] });
  for (const [t, verdict] of [[success, "success"], [failure, "failure"]] as const) {
    await saveTrajectoryAnnotation(w.db, w.reviewer, { trajectoryId: t.id, baseVersion: null, status: "submitted", payload: { traceVerdict: verdict, firstWrongStep: null, steps: [0, 1].map((stepIndex) => ({ stepIndex, label: "correct" as const })), note: null } });
  }
}

export function consumerWorld(): Promise<ConsumerWorld> {
  world ??= build();
  return world;
}

export type Exported = { dir: string; manifest: SnapshotManifest; text(name: string): string; bytes(name: string): Buffer };

/** Exports a pool of the world in full and returns its latest snapshot, read from the disk. */
export async function exportPool(w: ExportWorld, input: { name: string; kind: string; profile: string; imageMode?: "copy" | "absolute" | "embed"; settings?: object }): Promise<Exported> {
  const pool = await makePool(w, input);
  const outcome = await runExport(w, pool.id, "full");
  if (outcome.status !== "succeeded") throw new Error(`the ${input.name} export failed: ${outcome.error}`);
  const latest = await readLatestSnapshotId(w.poolDir(input.name));
  const dir = path.join(w.poolDir(input.name), "snapshots", latest!);
  const manifest = SnapshotManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
  return { dir, manifest, text: (name) => readFileSync(path.join(dir, name), "utf8"), bytes: (name) => readFileSync(path.join(dir, name)) };
}

/** A working directory that is not the snapshot: where a trainer is launched from. */
export const elsewhere = () => mkdtemp(path.join(os.tmpdir(), "verity-trainer-cwd-"));

export const jsonLines = (text: string) => text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
