// Trajectory pools from an AndroidLab run (generated in its real layout), reviewed through the real save path and
// exported as jobs: navigation rows are exactly the verified steps (ground truth on the
// [0,1000] grid, history of what the agent did), online-RL rows carry rewards and GRPO
// advantages derived from the FINAL answers (a later adjudication replaces a review), and the
// evaluation pool writes each run's corrected table as CSV and JSON. SQLite and PostgreSQL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, importFixture, makePool, readJsonlFile, runExport, type ExportWorld } from "./export-support";
import { generatedFixtures } from "./import-support";
import { ActionSchema, describeAction, type Action } from "@/lib/domain/actions";
import { groupAdvantages, RewardSettingsSchema, trajectoryReward } from "@/lib/domain/rewards";
import type { StepLabel } from "@/lib/domain/labels";
import { NavigationRowSchema } from "@/lib/exports/formats/navigation";
import { OnlineRlRowSchema } from "@/lib/exports/formats/online-rl";
import { EVALUATION_CSV_HEADER, EvaluationCsvRowSchema, EvaluationResultsSchema } from "@/lib/exports/formats/evaluation";
import { SnapshotManifestSchema } from "@/lib/exports/snapshot-manifest";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { finalRevisionIds, pinTrajectory, rederive, trajectoryAnswer } from "./derived-support";
import type { TrajectoryPayload } from "@/lib/trajectories/trajectory-payload";

const CORRECTED: Action = { type: "click", x: 100, y: 200 };

async function importAndReview(world: ExportWorld) {
  await importFixture(world, path.join(await generatedFixtures(), "androidlab-run"));
  const { db } = world;
  const [t0, t1, t2] = await db.trajectory.findMany({ orderBy: { sourceId: "asc" }, include: { steps: { orderBy: { index: "asc" }, include: { media: true } } } });
  expect(t2).toBeDefined();
  expect(t0!.steps.length).toBeGreaterThanOrEqual(2);
  // Two rollouts of one task form a GRPO group; the third stays on its own.
  await db.trajectory.updateMany({ where: { id: { in: [t0!.id, t1!.id] } }, data: { groupKey: "task-a" } });
  await rederive(db, world.projectId, { trajectoryIds: [t0!.id, t1!.id] });

  const review = (trajectoryId: string, traceVerdict: TrajectoryPayload["traceVerdict"], steps: StepLabel[]) =>
    saveTrajectoryAnnotation(db, world.reviewer, { trajectoryId, baseVersion: null, status: "submitted", payload: { traceVerdict, firstWrongStep: null, steps, note: null } });
  // t0: step 0 right, step 1 corrected, the rest unlabeled; the task succeeded.
  await review(t0!.id, "success", [{ stepIndex: 0, label: "correct" }, { stepIndex: 1, label: "incorrect", errorKind: "wrong_element", correctedAction: CORRECTED }]);
  // t1: every step right, but the reviewer said failure ... and an adjudication later says success.
  await review(t1!.id, "failure", t1!.steps.map((s) => ({ stepIndex: s.index, label: "correct" as const })));
  const reviewed = await finalRevisionIds(db, { trajectoryIds: [t1!.id] });
  await pinTrajectory(db, world.projectId, t1!.id, trajectoryAnswer("success", t1!.steps.map(() => "correct" as const)), { decidedById: world.admin.user.id, source: "adjudication" });
  // t2: unsure about the outcome; one step labeled incorrect without a correction.
  await review(t2!.id, "unsure", [{ stepIndex: 0, label: "incorrect" }]);
  const [f0, f1, f2] = await Promise.all([t0!, t1!, t2!].map(async (t) => (await finalRevisionIds(db, { trajectoryIds: [t.id] }))[0]!));
  expect(f1).not.toBe(reviewed[0]);
  return { t0: t0!, t1: t1!, t2: t2!, finalIds: { t0: f0!, t1: f1!, t2: f2! } };
}

function snapshotDir(world: ExportWorld, pool: string, id: string) {
  return path.join(world.poolDir(pool), "snapshots", id);
}

// RFC 4180 as the table writes it: CRLF rows, quoted cells with doubled quotes.
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += c;
  }
  return rows;
}

const onGrid = (v: number, size: number) => Math.min(1000, Math.max(0, Math.round((v / size) * 1000)));

describe.each(PROVIDERS)("trajectory pool exports on %s", (provider) => {
  it("navigation: one row per verified step, corrections as ground truth on the grid, history of what the agent did", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { t0, t1, t2, finalIds } = await importAndReview(world);
    const pool = await makePool(world, { name: "nav", kind: "navigation", format: "jsonl" });
    const outcome = await runExport(world, pool.id, "full");
    expect(outcome.status).toBe("succeeded");
    if (outcome.status !== "succeeded") return;
    const dir = snapshotDir(world, "nav", outcome.snapshotId);
    const rows = readJsonlFile(path.join(dir, "navigation.jsonl")).map((r) => NavigationRowSchema.parse(r));

    const expected = [`${t0.id}:0`, `${t0.id}:1`, ...t1.steps.map((s) => `${t1.id}:${s.index}`)].sort();
    expect(rows.map((r) => r.id).sort()).toEqual(expected);
    expect(rows.some((r) => r.trajectory_id === t2.id)).toBe(false);

    const corrected = rows.find((r) => r.id === `${t0.id}:1`)!;
    const media = t0.steps[1]!.media!;
    expect(corrected.action).toEqual({ type: "click", x: onGrid(100, media.width), y: onGrid(200, media.height) });
    expect(corrected.history).toEqual([describeAction(ActionSchema.parse(t0.steps[0]!.action))]);
    expect(corrected.revision_id).toBe(finalIds.t0);
    // The adjudication, not the review it replaced, is t1's final answer.
    expect(rows.filter((r) => r.trajectory_id === t1.id).every((r) => r.revision_id === finalIds.t1)).toBe(true);
    for (const row of rows) expect(readFileSync(path.join(dir, row.images[0]!)).length).toBeGreaterThan(0);

    const manifest = SnapshotManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
    expect([...manifest.revisionIds].sort()).toEqual([finalIds.t0, finalIds.t1].sort());
    const unlabeled = t0.steps.length - 2 + t2.steps.length;
    expect(manifest.counts).toMatchObject({ rows: expected.length, trajectories: 2, "skipped:steps_unverified": unlabeled });
  });

  it("online RL: rewards and group advantages from the final verdicts; an unsure rollout is left out and counted", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { t0, t1, t2, finalIds } = await importAndReview(world);
    const pool = await makePool(world, { name: "grpo", kind: "online_rl", format: "jsonl", imageMode: "reference" });
    const outcome = await runExport(world, pool.id, "full");
    expect(outcome.status).toBe("succeeded");
    if (outcome.status !== "succeeded") return;
    const dir = snapshotDir(world, "grpo", outcome.snapshotId);
    const rows = readJsonlFile(path.join(dir, "online-rl.jsonl")).map((r) => OnlineRlRowSchema.parse(r));
    expect(rows.map((r) => r.id).sort()).toEqual([t0.id, t1.id].sort());

    const settings = RewardSettingsSchema.parse({});
    const rewards = [t0, t1].map((t) => trajectoryReward({ steps: t.steps.length, success: true, invalidActions: t.invalidActionCount }, settings));
    const advantages = groupAdvantages(rewards);
    for (const [i, t] of [t0, t1].entries()) {
      const row = rows.find((r) => r.id === t.id)!;
      expect(row).toMatchObject({ group_key: "task-a", group_size: 2, success: true, revision_ids: [i === 0 ? finalIds.t0 : finalIds.t1] });
      expect(row.reward).toBeCloseTo(rewards[i]!, 12);
      expect(row.advantage).toBeCloseTo(advantages[i]!, 9);
      expect(row.steps).toHaveLength(t.steps.length);
      expect(row.steps[0]!.images[0]).toBe(t.steps[0]!.media!.storageKey);
    }
    const manifest = SnapshotManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
    expect(manifest.counts).toMatchObject({ rows: 2, groups: 1, success: 2, "skipped:verdict_unsure": 1 });
    expect(manifest.revisionIds).not.toContain(finalIds.t2);
    expect(manifest.derivedWith.settings).toMatchObject({ rewards: { advantagePolicy: "verified_only" } });
    expect(t2.id).not.toBe(t0.id);
  });

  it("evaluation: the run's corrected table as formula-safe CSV and JSON, re-read and matching the reviews", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { t0, t1, t2 } = await importAndReview(world);
    const pool = await makePool(world, { name: "eval", kind: "evaluation", format: "csv_json" });
    const outcome = await runExport(world, pool.id, "full");
    expect(outcome.status).toBe("succeeded");
    if (outcome.status !== "succeeded") return;
    const dir = snapshotDir(world, "eval", outcome.snapshotId);
    const manifest = SnapshotManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
    const csvName = manifest.files.map((f) => f.name).find((n) => n.endsWith(".csv"))!;
    const json = EvaluationResultsSchema.parse(JSON.parse(readFileSync(path.join(dir, csvName.replace(/\.csv$/, ".json")), "utf8")));
    const [header, ...records] = parseCsv(readFileSync(path.join(dir, csvName), "utf8"));
    expect(header).toEqual([...EVALUATION_CSV_HEADER]);
    const csvRows = records.map((cells) => EvaluationCsvRowSchema.parse(Object.fromEntries(cells.map((cell, i) => [EVALUATION_CSV_HEADER[i], cell]))));
    expect(csvRows).toHaveLength(3);
    // t1's final answer is the adjudication (success) here too, as in every other export.
    const verdictOf = new Map([[t0.sourceId, "success"], [t1.sourceId, "success"], [t2.sourceId, ""]]);
    for (const row of csvRows) expect(row.verified).toBe(verdictOf.get(row.episode));
    expect(json.episodes.map((e) => e.episode).sort()).toEqual([t0.sourceId, t1.sourceId, t2.sourceId].sort());
    expect(json.correctedRate).toMatchObject({ successes: 2, n: 2 });
    expect(manifest.counts).toMatchObject({ runs: 1, episodes: 3, "episodes:verified": 2, rows: 3 });
  });
});
