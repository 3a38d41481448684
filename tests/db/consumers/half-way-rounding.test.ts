// Issue 36 item 1: what the trainer trains on must equal what the reward checks, on every
// half-way coordinate. A generated pool of 2560x1440 screenshots whose verified boxes sit where
// px * 1000 / 2560 (and px * 1000 / 1440, and the Qwen2.5-VL resized sizes) is exactly a half
// (928 -> 362.5): ms-swift's objects rows leave the rounding to ms-swift, which derives
// int(round(x / width * 1000)) with Python's round() (modelscope/ms-swift@3602360
// swift/template/base.py:318-319), so those rows' ground truth must be computed that way; every
// other profile trains on the number written in the row, rounded half up. The derivation runs
// in python3 (tests/support/bbox-derivation.py) against the real shipped verity_reward.py.
// One SQLite database: what is checked is the files (the snapshot semantics run on both
// databases in tests/db/pool-snapshots.test.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parquetReadObjects } from "hyparquet";
import { beforeAll, describe, expect, it } from "vitest";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import type { Box } from "@/lib/domain/geometry";
import { QWEN25_MAX_PIXELS, QWEN25_MIN_PIXELS } from "@/lib/exports/conventions/smart-resize";
import { GroundingTruthSchema, MsSwiftRowSchema, VerlRowSchema } from "@/lib/exports/profiles/row-schemas";
import { ingestImage } from "@/lib/media/ingest";
import { freshDatabase } from "../databases";
import { exportWorld, type ExportWorld } from "../export-support";
import { renderScreen } from "../../support/import-fixtures/screens";
import { exportPool, jsonLines, type Exported } from "./consumer-world";
import { hasPython } from "./reward-cases";

const HARNESS = path.resolve("tests/support/bbox-derivation.py");

// rel1000 halves on a 2560x1440 screenshot: x = 32 + 64k (x * 25 / 64), y = 18 + 36k (y * 25 / 36);
// a box's centre is a half too when a + c and b + d are even. qwen25-abs (2548x1428): x = 320 + 640k,
// y = 60 + 120k.
function halfWayBoxes(): Box[] {
  const boxes: Box[] = [];
  for (let i = 0; i < 10; i++) {
    const a = i * 3;
    const c = a + 2 + 2 * (i % 3);
    const b = i * 2;
    boxes.push([32 + 64 * a, 18 + 36 * b, 32 + 64 * c, 18 + 36 * (b + 2)]);
  }
  boxes.push([928, 162, 1056, 234], [320, 60, 1600, 300], [1600, 180, 2240, 420]);
  return boxes;
}

let world: ExportWorld;
beforeAll(async () => {
  world = await exportWorld((await freshDatabase("sqlite")).db);
  const boxes = halfWayBoxes();
  for (const [i, box] of boxes.entries()) {
    // Three screenshots (content-addressed media: each seed its own), several targets on each.
    const media = await ingestImage(world.db, world.store, world.projectId, await renderScreen(2560, 1440, 700 + (i % 3)));
    const s = await world.db.groundingSample.create({ data: { projectId: world.projectId, mediaId: media.id, instruction: `Tap target ${i}`, sourceDataset: "half-way", sourceId: `hw${i}`, contentHash: `hw${i}` } });
    await saveGroundingAnnotation(world.db, world.reviewer, { sampleId: s.id, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null } });
  }
}, 180_000);

type Case = Record<string, unknown> & { id: string; mode: "objects" | "literal" };

function derive(s: Exported, cases: Case[]): { rows: number; coordinates: number; halfway: number; failures: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verity-half-way-"));
  writeFileSync(path.join(dir, "cases.jsonl"), cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
  const run = spawnSync("python3", [HARNESS, path.join(s.dir, "reward/verity_reward.py"), path.join(dir, "cases.jsonl")], { encoding: "utf8" });
  expect(run.stdout.split("\n").filter((l) => l.startsWith("FAIL")), "rows where the trained number and the reward's differ").toEqual([]);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { rows: number; coordinates: number; halfway: number; failures: number };
}

function swiftCases(s: Exported, normBbox: "norm1000" | "none"): Case[] {
  const rows = jsonLines(s.text("grounding.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
  expect(rows.length).toBe(halfWayBoxes().length);
  return rows.map((row) => {
    const truth = GroundingTruthSchema.parse(JSON.parse(row.solution!));
    if (row.objects) return { id: row.id, mode: "objects", truth, bbox: row.objects.bbox, image: path.join(s.dir, row.images[0]!), norm_bbox: normBbox, min_pixels: QWEN25_MIN_PIXELS, max_pixels: QWEN25_MAX_PIXELS };
    return { id: row.id, mode: "literal", truth, answer: row.messages.at(-1)!.content };
  });
}

const figures: string[] = [];

describe.runIf(hasPython())("every half-way coordinate: the number trained on is the number the reward checks", () => {
  it("ms-swift objects rows ([0,1000], points and boxes; resized pixels, boxes): ms-swift's own rounding in the ground truth, and the README pins --norm_bbox", async () => {
    for (const [name, settings, norm] of [
      ["hw-objects-point", { template: "ui-venus-1.5-grounding", swiftObjects: true }, "norm1000"],
      ["hw-objects-box", { template: "verity-grounding", convention: "rel1000", target: "box", swiftObjects: true }, "norm1000"],
      ["hw-objects-abs", { template: "verity-grounding", convention: "qwen25-abs", target: "box", swiftObjects: true }, "none"],
    ] as const) {
      const s = await exportPool(world, { name, kind: "grounding", profile: "ms-swift", settings });
      const result = derive(s, swiftCases(s, norm));
      expect(result.halfway, name).toBeGreaterThan(0);
      expect(s.text("README.md")).toContain(`--norm_bbox ${norm}`);
      expect(JSON.parse(s.text("manifest.json")).provenance.convention.rounding).toContain("half to even");
      figures.push(`${name}: ${result.halfway} half-way coordinates of ${result.coordinates} in ${result.rows} rows`);
    }
  });

  it("profiles that write the number (ms-swift messages, verl): the answer text, rounded half up, is what the reward re-derives", async () => {
    const swift = await exportPool(world, { name: "hw-messages", kind: "grounding", profile: "ms-swift" });
    const swiftResult = derive(swift, swiftCases(swift, "norm1000"));
    const verl = await exportPool(world, { name: "hw-verl", kind: "grounding", profile: "verl", settings: { template: "verity-grounding", convention: "qwen25-abs", target: "box" } });
    const bytes = verl.bytes("grounding.parquet");
    const rows = (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer, utf8: false })).map((r) => VerlRowSchema.parse(r));
    const verlResult = derive(verl, rows.map((r) => ({ id: r.extra_info.id, mode: "literal", truth: GroundingTruthSchema.parse(JSON.parse(r.reward_model.ground_truth)), answer: r.extra_info.answer })));
    for (const [name, result] of [["hw-messages", swiftResult], ["hw-verl", verlResult]] as const) {
      expect(result.halfway, name).toBeGreaterThan(0);
      figures.push(`${name}: ${result.halfway} half-way coordinates of ${result.coordinates} in ${result.rows} rows`);
    }
    console.log(`half-way cases in the generated pool:\n  ${figures.join("\n  ")}`);
  });
});
