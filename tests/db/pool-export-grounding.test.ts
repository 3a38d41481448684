// Round trips of the grounding pools from the real fixtures (ScreenSpot-Pro results, UI-Venus
// meta with its refusal), verified through the reviewer's real save path, exported as a job
// and read back from the snapshot: every target is the FINAL answer's pixel box in the pool's
// convention, refusals are [-1,-1], tiers split by the effective score (overrides included),
// and the manifest lists the final-answer revisions and override ids the rows rest on. On
// SQLite and PostgreSQL. (How each framework reads these files: tests/db/consumers.)
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parquetReadObjects } from "hyparquet";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, groundingFixturesWithImages, importFixture, makePool, readJsonlFile, runExport, type ExportWorld } from "./export-support";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import type { GroundingPayload } from "@/lib/annotations/grounding-payload";
import type { Box } from "@/lib/domain/geometry";
import { DiscardListSchema, GroundingTruthSchema, LlamaFactoryRowSchema, MsSwiftRowSchema, VerlRowSchema } from "@/lib/exports/profiles/row-schemas";
import { SnapshotManifestSchema } from "@/lib/exports/snapshot-manifest";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import { finalRevisionIds, rederive } from "./derived-support";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

const payload = (box: Box | null, extra: Partial<GroundingPayload> = {}): GroundingPayload => ({
  targetAbsent: box === null, box, instructionRewrite: null, qualityScore: null, note: null, ...extra,
});

type Verified = { sampleId: string; box: Box | null; width: number; height: number; score: number | null; rewrite: string | null };

// Judge scores given to the verified samples, in order; null: never judged.
const SCORES = [9, 8, 7, 6, 5, 4, 3, null, 8, 2];

async function importAndVerify(world: ExportWorld) {
  const fixtures = await groundingFixturesWithImages();
  await importFixture(world, fixtures.results);
  await importFixture(world, fixtures.meta);
  const { db } = world;
  const withImages = await db.groundingSample.findMany({ where: { mediaId: { not: null } }, include: { media: true }, orderBy: [{ sourceDataset: "asc" }, { sourceId: "asc" }] });
  const positives = withImages.filter((s) => !s.targetAbsent);
  const refusal = withImages.find((s) => s.targetAbsent)!;
  expect(positives.length).toBeGreaterThanOrEqual(SCORES.length);
  expect(refusal).toBeDefined();

  const verified: Verified[] = [];
  for (const [i, s] of positives.slice(0, SCORES.length).entries()) {
    // The reviewer moves every box a little: the export must carry the final answer, not the import.
    const box: Box = [s.boxX1! + 3, s.boxY1! + 2, Math.min(s.media!.width, s.boxX2! + 5), Math.min(s.media!.height, s.boxY2! + 1)];
    const rewrite = SCORES[i] === 5 ? `Rewritten: ${s.instruction}` : null;
    await saveGroundingAnnotation(db, world.reviewer, { sampleId: s.id, baseVersion: null, status: "submitted", payload: payload(box, { instructionRewrite: rewrite }) });
    const score = SCORES[i]!;
    if (score !== null) {
      await recordVerdict(db, { projectId: world.projectId, sampleId: s.id, kind: "mllm", judgeName: "teacher", metric: "quality_score", valueScore: score });
      await rederive(db, world.projectId, { sampleIds: [s.id] });
    }
    verified.push({ sampleId: s.id, box, width: s.media!.width, height: s.media!.height, score, rewrite });
  }
  await saveGroundingAnnotation(db, world.reviewer, { sampleId: refusal.id, baseVersion: null, status: "submitted", payload: payload(null) });
  verified.push({ sampleId: refusal.id, box: null, width: refusal.media!.width, height: refusal.media!.height, score: null, rewrite: null });

  // A reviewer overrides the judge on the first sample: 9 -> 3, so it leaves gold for discard.
  const verdict = await db.judgeVerdict.findFirstOrThrow({ where: { sampleId: verified[0]!.sampleId } });
  const override = await overrideVerdict(db, world.reviewer, { verdictId: verdict.id, value: 3, reason: "the target is ambiguous" });
  verified[0]!.score = 3;
  return { verified, overrideId: override.id };
}

// The default template (UI-Venus-1.5 grounding) asks for a point on the [0,1000] grid: the
// final box's centre, v = px * 1000 / W rounded half up (unit-tested by hand-computed numbers
// in tests/unit/exports/coordinate-conventions.test.ts); here: within half a unit of exact.
function expectTarget(groundTruth: string, v: Verified) {
  const truth = GroundingTruthSchema.parse(JSON.parse(groundTruth));
  expect(truth.image).toEqual([v.width, v.height]);
  if (v.box === null) {
    expect(truth).toMatchObject({ refusal: true, box: null, box_px: null, answer: [-1, -1] });
    return truth;
  }
  expect(truth.box_px).toEqual(v.box);
  expect(truth).toMatchObject({ convention: "rel1000", target: "point", refusal: false });
  const exact = [((v.box[0] + v.box[2]) / 2) * (1000 / v.width), ((v.box[1] + v.box[3]) / 2) * (1000 / v.height)];
  truth.answer.forEach((value, k) => {
    expect(Number.isInteger(value)).toBe(true);
    expect(Math.abs(value - exact[k]!), `coordinate ${k} of ${v.sampleId}`).toBeLessThanOrEqual(0.5);
  });
  return truth;
}

function snapshotDir(world: ExportWorld, pool: string, snapshotId: string) {
  return path.join(world.poolDir(pool), "snapshots", snapshotId);
}

describe.each(PROVIDERS)("grounding pool exports on %s", (provider) => {
  it("ms-swift JSONL: every row is a verified sample's final answer in the convention or [-1,-1], with its images and a manifest naming its sources", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { verified, overrideId } = await importAndVerify(world);
    const pool = await makePool(world, { name: "grounding-swift", kind: "grounding", profile: "ms-swift" });

    const outcome = await runExport(world, pool.id, "full");
    expect(outcome).toMatchObject({ status: "succeeded", rows: verified.length });
    if (outcome.status !== "succeeded") return;
    const dir = snapshotDir(world, "grounding-swift", outcome.snapshotId);
    const rows = readJsonlFile(path.join(dir, "grounding.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
    expect(rows.map((r) => r.id).sort()).toEqual(verified.map((v) => v.sampleId).sort());
    for (const row of rows) {
      const v = verified.find((x) => x.sampleId === row.id)!;
      const truth = expectTarget(row.solution!, v);
      expect(row.messages.at(-1)).toEqual({ role: "assistant", content: JSON.stringify(truth.answer) });
      if (v.rewrite) expect(row.messages[0]!.content).toContain(v.rewrite);
      // Copied once per snapshot, content-addressed, and present.
      expect(row.images[0]).toMatch(/^images\/[0-9a-f]{64}\.png$/);
      const bytes = readFileSync(path.join(dir, row.images[0]!));
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(row.images[0]!.slice(7, 71));
    }

    const manifestText = readFileSync(path.join(dir, "manifest.json"), "utf8");
    const manifest = SnapshotManifestSchema.parse(JSON.parse(manifestText));
    const finals = await finalRevisionIds(world.db, { sampleIds: verified.map((v) => v.sampleId) });
    expect(finals).toHaveLength(verified.length);
    expect([...manifest.revisionIds].sort()).toEqual(finals.sort());
    expect(manifest.overrideIds).toEqual([overrideId]);
    expect(manifest.unverifiedIncluded).toBe(false);
    // The UI-Venus meta file's verified sample is filed under its own source (issue 36, item 27).
    expect(manifest.counts).toMatchObject({ rows: verified.length, "grounding.jsonl": verified.length, "tier:unscored": 2, "source:screenspot-pro": verified.length - 1, "source:ui-venus": 1 });
    expect(manifest.counts.images).toBe(new Set(rows.map((r) => r.images[0])).size);
    expect(manifest.files.map((f) => f.name).filter((n) => n.startsWith("images/"))).toHaveLength(manifest.counts.images!);

    const snapshot = await world.db.snapshot.findUniqueOrThrow({ where: { id: outcome.snapshotId } });
    expect(snapshot).toMatchObject({ status: "complete", rowCount: verified.length, incremental: false, mode: "full", baseSnapshotId: null, error: null });
    expect(snapshot.manifestSha).toBe(createHash("sha256").update(manifestText).digest("hex"));
    const job = await world.db.job.findFirstOrThrow({ where: { kind: "export" } });
    expect(job).toMatchObject({ status: "succeeded", progress: 1 });
  });

  it("verl parquet: the same answers as ground_truth, row indexes across pages, images embedded as bytes", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { verified } = await importAndVerify(world);
    const pool = await makePool(world, { name: "grounding-verl", kind: "grounding", profile: "verl", imageMode: "embed", settings: { dataSource: "screenspot_pro" } });

    const outcome = await runExport(world, pool.id, "full");
    expect(outcome.status).toBe("succeeded");
    if (outcome.status !== "succeeded") return;
    const dir = snapshotDir(world, "grounding-verl", outcome.snapshotId);
    const bytes = readFileSync(path.join(dir, "grounding.parquet"));
    const rows = (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer, utf8: false })).map((r) => VerlRowSchema.parse(r));
    // Pages of 3 (runExport): the index runs on across them.
    expect(rows.map((r) => r.extra_info.index)).toEqual(rows.map((_, i) => i));
    expect(rows.map((r) => r.extra_info.id).sort()).toEqual(verified.map((v) => v.sampleId).sort());
    const shas = new Set((await world.db.media.findMany({ select: { sha256: true } })).map((m) => m.sha256));
    for (const row of rows) {
      const v = verified.find((x) => x.sampleId === row.extra_info.id)!;
      expect(row.data_source).toBe("screenspot_pro");
      expectTarget(row.reward_model.ground_truth, v);
      expect(row.extra_info.quality_score).toBe(v.score);
      const embedded = (row.images[0] as { bytes: Uint8Array }).bytes;
      expect(shas.has(createHash("sha256").update(embedded).digest("hex"))).toBe(true);
    }
    expect(existsSync(path.join(dir, "images"))).toBe(false);
  });

  it("mid-training (LLaMA-Factory): gold, rewrite (with the rewritten instruction) and discard follow the effective scores, overrides included", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { verified, overrideId } = await importAndVerify(world);
    const pool = await makePool(world, { name: "mid", kind: "mid_training", profile: "llama-factory" });

    const outcome = await runExport(world, pool.id, "full");
    expect(outcome.status).toBe("succeeded");
    if (outcome.status !== "succeeded") return;
    const dir = snapshotDir(world, "mid", outcome.snapshotId);
    const gold = readJsonlFile(path.join(dir, "gold.jsonl")).map((r) => LlamaFactoryRowSchema.parse(r));
    const rewrite = readJsonlFile(path.join(dir, "rewrite.jsonl")).map((r) => LlamaFactoryRowSchema.parse(r));
    const discard = DiscardListSchema.parse(JSON.parse(readFileSync(path.join(dir, "discard.json"), "utf8")));
    const ids = (pick: (v: Verified) => boolean) => verified.filter(pick).map((v) => v.sampleId).sort();

    expect(gold.map((r) => r.id).sort()).toEqual(ids((v) => v.score !== null && v.score >= 7));
    // Only the rewrite-tier sample that was rewritten trains; the others wait for a rewrite.
    expect(rewrite.map((r) => r.id).sort()).toEqual(ids((v) => v.score !== null && v.score >= 4 && v.score < 7 && v.rewrite !== null));
    for (const row of rewrite) expect(row.conversations[0]!.value).toContain(verified.find((v) => v.sampleId === row.id)!.rewrite!);
    expect([...discard].sort()).toEqual(ids((v) => v.score !== null && v.score < 4));
    // The overridden sample (judge 9, reviewer 3) is discarded, and the manifest says why.
    expect(discard).toContain(verified[0]!.sampleId);
    const manifest = SnapshotManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
    expect(manifest.overrideIds).toEqual([overrideId]);
    expect(manifest.counts).toMatchObject({
      "tier:gold": gold.length,
      "tier:rewrite": rewrite.length,
      "tier:discard": discard.length,
      "skipped:unscored": 2,
      rewrite_pending: verified.filter((v) => v.score !== null && v.score >= 4 && v.score < 7 && v.rewrite === null).length,
    });
    const info = JSON.parse(readFileSync(path.join(dir, "dataset_info.json"), "utf8")) as Record<string, { file_name: string }>;
    expect(Object.fromEntries(Object.entries(info).map(([k, v]) => [k, v.file_name]))).toEqual({ verity_gold: "gold.jsonl", verity_rewrite: "rewrite.jsonl" });
    for (const row of gold) {
      const v = verified.find((x) => x.sampleId === row.id)!;
      const [x, y] = JSON.parse(row.conversations.at(-1)!.value) as number[];
      expect(Math.abs(x! - ((v.box![0] + v.box![2]) / 2) * (1000 / v.width))).toBeLessThanOrEqual(0.5);
      expect(Math.abs(y! - ((v.box![1] + v.box![3]) / 2) * (1000 / v.height))).toBeLessThanOrEqual(0.5);
    }
  });
});
