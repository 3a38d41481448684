// Export jobs as a pool's history sees them, on SQLite and PostgreSQL: an incremental export
// is the whole pool and lists what was verified since its base in changes.jsonl (the full
// semantics: tests/db/pool-snapshots.test.ts), one pool never runs two exports at
// once, a failing export leaves no visible snapshot and a failed Snapshot row, and an export
// interrupted by a crash is run again as a new snapshot.
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, makePool, readJsonlFile, runExport, type ExportWorld } from "./export-support";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { executeExportJob } from "@/lib/exports/execute-export";
import { startExport } from "@/lib/exports/start-export";
import { ingestImage } from "@/lib/media/ingest";
import { listPoolViews } from "@/lib/pools/pool-overview";
import { mediaKey } from "@/lib/media/store";

async function samples(world: ExportWorld, n: number) {
  const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#336699" } }).png().toBuffer();
  const media = await ingestImage(world.db, world.store, world.projectId, png);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = await world.db.groundingSample.create({
      data: { projectId: world.projectId, mediaId: media.id, instruction: `Press button ${i}`, sourceDataset: "jobs", sourceId: `s${i}`, contentHash: `h${i}`, boxX1: 10, boxY1: 10, boxX2: 50, boxY2: 40 },
    });
    ids.push(s.id);
  }
  return { ids, media };
}

async function verify(world: ExportWorld, sampleId: string, baseVersion: number | null = null, box: [number, number, number, number] = [10, 10, 50, 40]) {
  return saveGroundingAnnotation(world.db, world.reviewer, { sampleId, baseVersion, status: "submitted", payload: { targetAbsent: false, box, instructionRewrite: null, qualityScore: null, note: null } });
}

const actor = (world: ExportWorld) => ({ userId: world.admin.user.id, projectId: world.projectId });

function changed(world: ExportWorld, pool: string, snapshotId: string): string[] {
  return readJsonlFile(path.join(world.poolDir(pool), "snapshots", snapshotId, "changes.jsonl")).map((r) => `${(r as { change: string }).change} ${(r as { id: string }).id}`).sort();
}

function exportedIds(world: ExportWorld, pool: string, snapshotId: string): string[] {
  return readJsonlFile(path.join(world.poolDir(pool), "snapshots", snapshotId, "grounding.jsonl")).map((r) => (r as { id: string }).id).sort();
}

describe.each(PROVIDERS)("export jobs on %s", (provider) => {
  it("an incremental export is still the whole pool, its changes.jsonl what was verified since; the pool shows what waits", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { ids } = await samples(world, 6);
    const pool = await makePool(world, { name: "inc", kind: "grounding", profile: "ms-swift" });
    for (const id of ids.slice(0, 3)) await verify(world, id);

    // With no snapshot yet, "incremental" has no base: a full pool, every row added.
    const first = await runExport(world, pool.id, "incremental");
    if (first.status !== "succeeded") throw new Error(first.error);
    expect(exportedIds(world, "inc", first.snapshotId)).toEqual(ids.slice(0, 3).sort());
    expect(changed(world, "inc", first.snapshotId)).toEqual(ids.slice(0, 3).map((id) => `added ${id}`).sort());

    const a4 = await verify(world, ids[3]!);
    await verify(world, ids[4]!);
    expect((await listPoolViews(world.db, world.projectId))[0]).toMatchObject({ name: "inc", verifiedSinceLast: 2 });

    const second = await runExport(world, pool.id, "incremental");
    if (second.status !== "succeeded") throw new Error(second.error);
    expect(exportedIds(world, "inc", second.snapshotId)).toEqual(ids.slice(0, 5).sort());
    expect(changed(world, "inc", second.snapshotId)).toEqual([`added ${ids[3]!}`, `added ${ids[4]!}`].sort());
    const [s1, s2] = await Promise.all([first, second].map((o) => world.db.snapshot.findUniqueOrThrow({ where: { id: (o as { snapshotId: string }).snapshotId } })));
    expect(s2).toMatchObject({ incremental: true, mode: "incremental", baseSnapshotId: s1!.id });
    expect((await listPoolViews(world.db, world.projectId))[0]!.verifiedSinceLast).toBe(0);

    // The same answer submitted again is no new revision: nothing changes.
    const same = await verify(world, ids[3]!, a4.version);
    expect(same.outcome).toBe("unchanged");
    const unchanged = await runExport(world, pool.id, "incremental");
    if (unchanged.status !== "succeeded") throw new Error(unchanged.error);
    expect(changed(world, "inc", unchanged.snapshotId)).toEqual([]);
    // Verified again (a reviewer changed the answer): its row is updated, nothing else.
    await verify(world, ids[3]!, same.version, [12, 10, 50, 40]);
    const third = await runExport(world, pool.id, "incremental");
    if (third.status !== "succeeded") throw new Error(third.error);
    expect(exportedIds(world, "inc", third.snapshotId)).toEqual(ids.slice(0, 5).sort());
    expect(changed(world, "inc", third.snapshotId)).toEqual([`updated ${ids[3]!}`]);

    const full = await runExport(world, pool.id, "full");
    if (full.status !== "succeeded") throw new Error(full.error);
    expect(exportedIds(world, "inc", full.snapshotId)).toEqual(ids.slice(0, 5).sort());
    // Time-sortable ids: the history's order is the ids' order.
    const history = (await listPoolViews(world.db, world.projectId))[0]!.snapshots.map((s) => s.id);
    expect(history).toEqual([full.snapshotId, third.snapshotId, unchanged.snapshotId, second.snapshotId, first.snapshotId]);
    expect([...history].sort().reverse()).toEqual(history);
  });

  it("refuses a second export of a pool while one is queued, and accepts one after it ended", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { ids } = await samples(world, 1);
    await verify(world, ids[0]!);
    const pool = await makePool(world, { name: "once", kind: "grounding", profile: "ms-swift" });

    const attempts = await Promise.allSettled([startExport(world.db, actor(world), { poolId: pool.id, mode: "full" }), startExport(world.db, actor(world), { poolId: pool.id, mode: "full" })]);
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refused = attempts.find((a) => a.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "conflict" });
    expect(await world.db.job.count({ where: { kind: "export" } })).toBe(1);

    const job = (attempts.find((a) => a.status === "fulfilled") as PromiseFulfilledResult<{ id: string }>).value;
    expect((await listPoolViews(world.db, world.projectId))[0]!.activeJob).toMatchObject({ id: job.id, status: "queued" });
    await executeExportJob(world.db, job.id, { store: world.store, targetOf: poolTarget });
    await expect(startExport(world.db, actor(world), { poolId: pool.id, mode: "full" })).resolves.toMatchObject({ kind: "export", status: "queued" });
    // Another project's pool id is not found, never started.
    const other = await world.db.project.create({ data: { slug: "other", name: "Other", settings: {} } });
    await expect(startExport(world.db, { userId: null, projectId: other.id }, { poolId: pool.id, mode: "full" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("a failing export leaves no visible snapshot, and its Snapshot row and job say why", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { ids, media } = await samples(world, 2);
    for (const id of ids) await verify(world, id);
    const pool = await makePool(world, { name: "broken", kind: "grounding", profile: "ms-swift" });
    // The screenshot vanished from the media store: copying it into the snapshot fails after the data file was written.
    const key = mediaKey(media.sha256, "png");
    rmSync(path.join(world.mediaDir, key));

    const outcome = await runExport(world, pool.id, "full");
    expect(outcome.status).toBe("failed");
    const snapshot = await world.db.snapshot.findFirstOrThrow({ where: { poolId: pool.id } });
    expect(snapshot.status).toBe("failed");
    expect(snapshot.error).toMatch(/Could not copy images\/[0-9a-f]{64}\.png into the snapshot: it is missing from the media store/);
    expect(outcome).toMatchObject({ snapshotId: snapshot.id });
    // Its ledger rows are dropped with it: a failed snapshot is never a base.
    expect(await world.db.snapshotRow.count({ where: { snapshotId: snapshot.id } })).toBe(0);
    const job = await world.db.job.findFirstOrThrow({ where: { kind: "export" } });
    expect(job).toMatchObject({ status: "failed" });
    expect(job.error).toBe(snapshot.error);
    const snapshotsDir = path.join(world.poolDir("broken"), "snapshots");
    expect(existsSync(snapshotsDir) ? readdirSync(snapshotsDir) : []).toEqual([]);
    expect(existsSync(path.join(world.poolDir("broken"), "latest"))).toBe(false);
    // A failed snapshot does not move the incremental window.
    expect((await listPoolViews(world.db, world.projectId))[0]).toMatchObject({ verifiedSinceLast: 2, exportedUntil: null });
  });

  it("an export whose worker died is run again as a new snapshot; the interrupted one is marked failed", async () => {
    const world = await exportWorld((await freshDatabase(provider)).db);
    const { ids } = await samples(world, 2);
    for (const id of ids) await verify(world, id);
    const pool = await makePool(world, { name: "retry", kind: "grounding", profile: "ms-swift" });
    const job = await startExport(world.db, actor(world), { poolId: pool.id, mode: "full" });
    // What a crash leaves: the job running under a lock that has run out, its snapshot "writing".
    await world.db.job.update({ where: { id: job.id }, data: { status: "running", lockedBy: "dead-worker", lockedUntil: new Date(Date.now() - 1000), attempts: 1 } });
    await world.db.snapshot.create({ data: { id: "20200101T000000.000Z-deadbeef", poolId: pool.id, jobId: job.id, status: "writing", filters: {}, untilAt: new Date() } });

    const outcome = await executeExportJob(world.db, job.id, { store: world.store, targetOf: poolTarget });
    expect(outcome?.status).toBe("succeeded");
    const rows = await world.db.snapshot.findMany({ where: { poolId: pool.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.status)).toEqual(["failed", "complete"]);
    expect(rows[0]!.error).toMatch(/Interrupted/);
    expect(await world.db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "succeeded", attempts: 2 });
  });
});
