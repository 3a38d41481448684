// Trajectory pools from an AndroidLab run (generated in its real layout), reviewed through the real save path and
// exported as jobs: navigation rows are exactly the verified steps (ground truth on the
// [0,1000] grid, history of what the agent did), online-RL pools give clean verified successes
// as SFT rows and a table of the rewards and GRPO advantages derived from the FINAL answers
// (a later adjudication replaces a review), and the
// evaluation pool writes each run's corrected table as CSV and JSON. SQLite and PostgreSQL.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, importFixture, makePool, readJsonlFile, runExport, type ExportWorld } from "./export-support";
import { generatedFixtures } from "./import-support";
import { ActionSchema, type Action } from "@/lib/domain/actions";
import { groupAdvantages, RewardSettingsSchema, trajectoryReward } from "@/lib/domain/rewards";
import type { StepLabel } from "@/lib/domain/labels";
import { renderAction } from "@/lib/exports/conventions/action-syntax";
import { conventionSpace } from "@/lib/exports/conventions/coordinate-conventions";
import { LlamaFactoryRowSchema, MsSwiftRowSchema, NavigationTruthSchema } from "@/lib/exports/profiles/row-schemas";
import { EVALUATION_CSV_HEADER, EvaluationCsvRowSchema, EvaluationResultsSchema } from "@/lib/runs/corrected-table-format";
import { SnapshotManifestSchema } from "@/lib/exports/snapshot-manifest";
import { saveTrajectoryAnnotation } from "@/lib/trajectories/save-trajectory-annotation";
import { finalRevisionIds, pinTrajectory, rederive, trajectoryAnswer } from "./derived-support";
import type { TrajectoryPayload } from "@/lib/domain/trajectory-payload";

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
  it("navigation (ms-swift): one row per verified step, corrections as ground truth in the convention, history of what the agent did in the same syntax", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { t0, t1, t2, finalIds } = await importAndReview(world);
    const pool = await makePool(world, { name: "nav", kind: "navigation", profile: "ms-swift" });
    const outcome = await runExport(world, pool.id, "full");
    expect(outcome.status).toBe("succeeded");
    if (outcome.status !== "succeeded") return;
    const dir = snapshotDir(world, "nav", outcome.snapshotId);
    const rows = readJsonlFile(path.join(dir, "navigation.jsonl")).map((r) => MsSwiftRowSchema.parse(r));

    const expected = [`${t0.id}:0`, `${t0.id}:1`, ...t1.steps.map((s) => `${t1.id}:${s.index}`)].sort();
    expect(rows.map((r) => r.id).sort()).toEqual(expected);
    expect(rows.some((r) => r.id.startsWith(`${t2.id}:`))).toBe(false);

    // The corrected step: the correction is the target, on the [0,1000] grid of its own screenshot.
    const corrected = rows.find((r) => r.id === `${t0.id}:1`)!;
    const media = t0.steps[1]!.media!;
    const truth = NavigationTruthSchema.parse(JSON.parse(corrected.solution!));
    expect(truth).toMatchObject({ syntax: "ui-venus", convention: "rel1000", action: { type: "click", point: [onGrid(100, media.width), onGrid(200, media.height)] } });
    expect(corrected.messages.at(-1)!.content).toContain(`Click(box=(${onGrid(100, media.width)},${onGrid(200, media.height)}))`);
    // Its history is what the agent did at step 0, in the same syntax and convention.
    const executed = ActionSchema.parse(t0.steps[0]!.action);
    const before = renderAction(executed, "ui-venus", conventionSpace("rel1000", { width: t0.steps[0]!.media!.width, height: t0.steps[0]!.media!.height }));
    expect("text" in before).toBe(true);
    expect(corrected.messages.find((m) => m.role === "user")!.content).toContain(`Step 0: <think>${t0.steps[0]!.thought ?? ""}</think><action>${(before as { text: string }).text}</action>`);
    for (const row of rows) expect(readFileSync(path.join(dir, row.images[0]!)).length).toBeGreaterThan(0);

    // The adjudication, not the review it replaced, is t1's final answer.
    const manifest = SnapshotManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
    expect([...new Set(manifest.revisionIds)].sort()).toEqual([finalIds.t0, finalIds.t1].sort());
    const unlabeled = t0.steps.length - 2 + t2.steps.length;
    expect(manifest.counts).toMatchObject({ rows: expected.length, trajectories: 2, "skipped:steps_unverified": unlabeled });
  });

  it("online RL (LLaMA-Factory): verified clean successes as multi-turn SFT, the reward table with rewards and group advantages from the final verdicts; an unsure rollout only in the table", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { t0, t1, t2, finalIds } = await importAndReview(world);
    const pool = await makePool(world, { name: "grpo", kind: "online_rl", profile: "llama-factory" });
    const outcome = await runExport(world, pool.id, "full");
    expect(outcome.status).toBe("succeeded");
    if (outcome.status !== "succeeded") return;
    const dir = snapshotDir(world, "grpo", outcome.snapshotId);
    // t0 succeeded but a step was corrected: no clean demonstration. t1 (adjudicated success) is one.
    const sft = readJsonlFile(path.join(dir, "sft.jsonl")).map((r) => LlamaFactoryRowSchema.parse(r));
    expect(sft.map((r) => r.id)).toEqual([t1.id]);
    expect(sft[0]!.images).toHaveLength(t1.steps.length);
    const humanTurns = sft[0]!.conversations.filter((c) => c.from === "human");
    expect(humanTurns.map((c) => c.value.split("<image>").length - 1).reduce((a, b) => a + b, 0)).toBe(t1.steps.length);
    // Both rollouts of the group succeeded: no failure to pair them with.
    expect(readJsonlFile(path.join(dir, "dpo.jsonl"))).toEqual([]);

    const [header, ...records] = parseCsv(readFileSync(path.join(dir, "rewards.csv"), "utf8"));
    const table = records.map((cells) => Object.fromEntries(cells.map((c, i) => [header![i]!, c])));
    expect(table.map((r) => r.id).sort()).toEqual([t0.id, t1.id, t2.id].sort());
    const settings = RewardSettingsSchema.parse({});
    const rewards = [t0, t1].map((t) => trajectoryReward({ steps: t.steps.length, success: true, invalidActions: t.invalidActionCount }, settings));
    const advantages = groupAdvantages(rewards);
    for (const [i, t] of [t0, t1].entries()) {
      const row = table.find((r) => r.id === t.id)!;
      expect(row).toMatchObject({ group_key: "task-a", group_size: "2", human_verdict: "success", revision_id: i === 0 ? finalIds.t0 : finalIds.t1 });
      expect(Number(row.reward)).toBeCloseTo(rewards[i]!, 12);
      expect(Number(row.advantage)).toBeCloseTo(advantages[i]!, 9);
    }
    expect(table.find((r) => r.id === t2.id)).toMatchObject({ human_verdict: "unsure" });
    const manifest = SnapshotManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
    expect(manifest.counts).toMatchObject({ "sft.jsonl": 1, "skipped:sft_success_with_incorrect_steps": 1, "dpo:unpaired_rollouts": 2 });
    expect(manifest.derivedWith.settings).toMatchObject({ rewards: { advantagePolicy: "verified_only" } });
    const info = JSON.parse(readFileSync(path.join(dir, "dataset_info.json"), "utf8")) as Record<string, unknown>;
    expect(info).toMatchObject({ verity_sft: { file_name: "sft.jsonl", formatting: "sharegpt" }, verity_dpo: { file_name: "dpo.jsonl", ranking: true } });
  });

  it("evaluation: the run's corrected table as formula-safe CSV and JSON, re-read and matching the reviews", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { t0, t1, t2 } = await importAndReview(world);
    const pool = await makePool(world, { name: "eval", kind: "evaluation", profile: "table" });
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
