// Snapshot semantics on SQLite and PostgreSQL (issue 13): every snapshot is the whole pool;
// an incremental export names its base, lists in changes.jsonl what changed against it, and
// carries the base's unchanged images over; `latest` always names a complete pool. A
// re-verification, an override without a new answer, a reopening and a settings change that
// moves a tier each show as changed rows; reading `latest` gives exactly the verified items
// with their final answers. Snapshot files are read-only.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, makePool, readJsonlFile, runExport, type ExportWorld } from "./export-support";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { reopenItem } from "@/lib/annotations/reopen-item";
import { runRederiveJob } from "@/lib/derived/rederive-job";
import { claimJob } from "@/lib/jobs/jobs";
import { ChangeLineSchema, GroundingTruthSchema, MsSwiftRowSchema } from "@/lib/exports/profiles/row-schemas";
import { SnapshotManifestSchema } from "@/lib/exports/snapshot-manifest";
import { readLatestSnapshotId } from "@/lib/exports/snapshot-reader";
import { ingestImage } from "@/lib/media/ingest";
import { updateProjectSettings } from "@/lib/projects/update-settings";
import { overrideVerdict } from "@/lib/verdicts/override-verdict";
import { diffAgainstLatest } from "@/lib/pools/pool-diff";
import { rederive } from "./derived-support";
import { recordVerdict } from "@/lib/verdicts/record-verdict";

type Box = [number, number, number, number];

async function setUp(world: ExportWorld) {
  const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#335577" } }).png().toBuffer();
  const media = await ingestImage(world.db, world.store, world.projectId, png);
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const s = await world.db.groundingSample.create({ data: { projectId: world.projectId, mediaId: media.id, instruction: `Press button ${i}`, sourceDataset: "semantics", sourceId: `s${i}`, contentHash: `h${i}` } });
    ids.push(s.id);
  }
  // Judge scores: s1 gold (8) and s3 rewrite (5, moved to discard by a settings change later).
  for (const [i, score] of [[1, 8], [3, 5]] as const) {
    await recordVerdict(world.db, { projectId: world.projectId, sampleId: ids[i]!, kind: "mllm", judgeName: "teacher", metric: "quality_score", valueScore: score });
  }
  await rederive(world.db, world.projectId, { sampleIds: ids });
  return { ids };
}

async function verify(world: ExportWorld, sampleId: string, box: Box | null) {
  const current = await world.db.annotation.findFirst({ where: { sampleId, annotatorId: world.reviewer.user.id } });
  return saveGroundingAnnotation(world.db, world.reviewer, { sampleId, baseVersion: current?.version ?? null, status: "submitted", payload: { targetAbsent: box === null, box, instructionRewrite: null, qualityScore: null, note: null } });
}

function snapshot(world: ExportWorld, pool: string, id: string) {
  const dir = path.join(world.poolDir(pool), "snapshots", id);
  const manifest = SnapshotManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")));
  const rows = readJsonlFile(path.join(dir, "grounding.jsonl")).map((r) => MsSwiftRowSchema.parse(r));
  const changes = readJsonlFile(path.join(dir, "changes.jsonl")).map((r) => ChangeLineSchema.parse(r));
  return { dir, manifest, rows, changes };
}

// What `latest` must hold: every verified sample, with its final answer's box in pixels.
async function expectLatestIsThePool(world: ExportWorld, pool: string) {
  const latest = await readLatestSnapshotId(world.poolDir(pool));
  const { rows } = snapshot(world, pool, latest!);
  const verified = await world.db.groundingSample.findMany({ where: { projectId: world.projectId, status: "verified" }, include: { finalAnswer: true } });
  expect(rows.map((r) => r.id).sort()).toEqual(verified.map((s) => s.id).sort());
  for (const s of verified) {
    const truth = GroundingTruthSchema.parse(JSON.parse(rows.find((r) => r.id === s.id)!.solution!));
    const a = s.finalAnswer!;
    expect(truth.box_px, s.sourceId).toEqual(a.targetAbsent ? null : [a.boxX1, a.boxY1, a.boxX2, a.boxY2]);
  }
  return latest!;
}

const byChange = (changes: { change: string; id: string }[], kind: string) => changes.filter((c) => c.change === kind).map((c) => c.id).sort();

describe.each(PROVIDERS)("pool snapshots on %s", (provider) => {
  it("every snapshot is the whole pool; re-verification, override-only, reopening and a settings change appear in the next changes.jsonl", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { ids } = await setUp(world);
    const pool = await makePool(world, { name: "semantics", kind: "grounding", profile: "ms-swift", imageMode: "copy" });
    for (const i of [0, 1, 2, 3]) await verify(world, ids[i]!, [10 + i, 10, 60, 40]);

    const first = await runExport(world, pool.id, "full");
    if (first.status !== "succeeded") throw new Error(first.error);
    const s1 = snapshot(world, "semantics", first.snapshotId);
    expect(s1.manifest).toMatchObject({ mode: "full", baseSnapshotId: null, changes: { added: 4, updated: 0, removed: 0 } });
    expect(byChange(s1.changes, "added")).toEqual(ids.slice(0, 4).sort());
    expect(await expectLatestIsThePool(world, "semantics")).toBe(first.snapshotId);
    // Provenance: convention, template and its text, the settings the tiers came from.
    expect(s1.manifest.provenance).toMatchObject({ pool: { kind: "grounding", profile: "ms-swift" }, convention: { id: "rel1000", target: "point" }, template: { id: "ui-venus-1.5-grounding" }, imageMode: "copy" });
    expect(s1.manifest.provenance!.template!.text).toContain("[-1,-1]");
    expect(s1.manifest.derivedWith.settings).toMatchObject({ tiers: { goldMin: 7, rewriteMin: 4 } });
    // Read-only once written.
    for (const f of ["grounding.jsonl", "manifest.json", "changes.jsonl", "README.md"]) expect(statSync(path.join(s1.dir, f)).mode & 0o222, f).toBe(0);

    // The changes a trainer must see:
    await verify(world, ids[0]!, [20, 12, 70, 44]); // re-verified with another box
    const verdict = await world.db.judgeVerdict.findFirstOrThrow({ where: { sampleId: ids[1]! } });
    await overrideVerdict(world.db, world.reviewer, { verdictId: verdict.id, value: 2, reason: "the instruction is ambiguous" }); // override only, no new answer
    await reopenItem(world.db, world.reviewer, { sampleId: ids[2]! }, "the target moved"); // reopened: leaves the pool
    await verify(world, ids[4]!, null); // newly verified (a refusal)
    const diff = await diffAgainstLatest(world.db, world.projectId, pool.id, world.store);
    expect(diff).toMatchObject({ baseSnapshotId: first.snapshotId, changes: { added: 1, updated: 2, removed: 1 } });

    const second = await runExport(world, pool.id, "incremental");
    if (second.status !== "succeeded") throw new Error(second.error);
    const s2 = snapshot(world, "semantics", second.snapshotId);
    expect(s2.manifest).toMatchObject({ mode: "incremental", baseSnapshotId: first.snapshotId, changes: { added: 1, updated: 2, removed: 1 } });
    expect(byChange(s2.changes, "updated")).toEqual([ids[0]!, ids[1]!].sort());
    expect(byChange(s2.changes, "removed")).toEqual([ids[2]!]);
    expect(byChange(s2.changes, "added")).toEqual([ids[4]!]);
    expect(s2.changes.every((c) => c.file === "grounding.jsonl")).toBe(true);
    expect(await expectLatestIsThePool(world, "semantics")).toBe(second.snapshotId);
    // The override is what changed sample 1's row: its score, its tier.
    const meta = await world.db.groundingSample.findUniqueOrThrow({ where: { id: ids[1]! } });
    expect(meta).toMatchObject({ qualityScore: 2, qualityTier: "discard" });
    // The unchanged screenshot was carried over, not copied again: the same file.
    const image = s1.manifest.files.find((f) => f.name.startsWith("images/"))!.name;
    expect(statSync(path.join(s2.dir, image)).ino).toBe(statSync(path.join(s1.dir, image)).ino);

    // A settings change that moves a tier: sample 3 (score 5) leaves rewrite for discard.
    await updateProjectSettings(world.db, world.projectId, { name: "Pools", description: "", eta: "0.98", invalidActionPenalty: "-0.1", goldMin: "7", rewriteMin: "6", iouAgreementThreshold: "0.5", honeypotRate: "0.05" });
    // An export while the values are being recomputed is refused, not written half-stale.
    const refused = await runExport(world, pool.id, "incremental");
    expect(refused).toMatchObject({ status: "failed", error: expect.stringContaining("being recomputed") });
    const job = await world.db.job.findFirstOrThrow({ where: { kind: "rederive", status: "queued" } });
    expect(await claimJob(world.db, job.id)).toBeTruthy();
    await runRederiveJob(world.db, job.id);
    const third = await runExport(world, pool.id, "incremental");
    if (third.status !== "succeeded") throw new Error(third.error);
    const s3 = snapshot(world, "semantics", third.snapshotId);
    expect(s3.manifest).toMatchObject({ baseSnapshotId: second.snapshotId, changes: { added: 0, updated: 1, removed: 0 } });
    expect(byChange(s3.changes, "updated")).toEqual([ids[3]!]);
    expect(s3.manifest.derivedWith.settings).toMatchObject({ tiers: { goldMin: 7, rewriteMin: 6 } });
    expect(await expectLatestIsThePool(world, "semantics")).toBe(third.snapshotId);

    // Nothing changed: still a complete pool, with an empty changes.jsonl.
    const fourth = await runExport(world, pool.id, "incremental");
    if (fourth.status !== "succeeded") throw new Error(fourth.error);
    const s4 = snapshot(world, "semantics", fourth.snapshotId);
    expect(s4.changes).toEqual([]);
    expect(s4.rows).toHaveLength(4);
    expect(await expectLatestIsThePool(world, "semantics")).toBe(fourth.snapshotId);
    // Only the latest snapshot's rows are kept for the next comparison.
    const kept = await world.db.snapshotRow.groupBy({ by: ["snapshotId"], _count: true });
    expect(kept.map((k) => k.snapshotId)).toEqual([fourth.snapshotId]);
  });
});
