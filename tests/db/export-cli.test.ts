// `npm run verity -- export` as an operator runs it, on SQLite and PostgreSQL: a child process
// with the database's URL, exporting a grounding pool into an S3 bucket (s3rver on 127.0.0.1)
// and then only what was verified since; the snapshots are read back from the bucket through
// the pool target, checksums verified. An unknown pool is refused with its name.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, PROVIDERS } from "./databases";
import { exportWorld, type ExportWorld } from "./export-support";
import { startS3Server, type TestS3Server } from "../support/s3-server";
import { saveGroundingAnnotation } from "@/lib/annotations/save-annotation";
import { SwiftGroundingRowSchema } from "@/lib/exports/formats/grounding-swift";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { ingestImage } from "@/lib/media/ingest";
import { createPool } from "@/lib/pools/pools";

const run = promisify(execFile);

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server(["pools"]);
});
afterAll(async () => {
  await s3.stop();
});

async function verity(world: ExportWorld, url: string, args: string[]) {
  // The world's temp dir is the data dir: its media store and pool root are the CLI's too.
  const env = { ...process.env, ...s3.env, DATABASE_URL: url, VERITY_DATA_DIR: path.dirname(world.mediaDir), VERITY_MEDIA_STORE: "local", CHECKPOINT_DISABLE: "1" };
  return run("node", ["--conditions=react-server", "--import", "tsx", "bin/verity.ts", ...args], { env, timeout: 60_000 });
}

async function verifiedSamples(world: ExportWorld, from: number, n: number) {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#225588" } }).png().toBuffer();
  const media = await ingestImage(world.db, world.store, world.projectId, png);
  const ids: string[] = [];
  for (let i = from; i < from + n; i++) {
    const s = await world.db.groundingSample.create({ data: { projectId: world.projectId, mediaId: media.id, instruction: `Tap ${i}`, sourceDataset: "cli", sourceId: `s${i}`, contentHash: `h${i}` } });
    await saveGroundingAnnotation(world.db, world.reviewer, { sampleId: s.id, baseVersion: null, status: "submitted", payload: { targetAbsent: false, box: [32, 20, 64, 40], instructionRewrite: null, qualityScore: null, note: null } });
    ids.push(s.id);
  }
  return ids;
}

async function rowsOf(snapshotId: string, uri: string) {
  const target = poolTarget({ targetType: "s3", targetUri: uri }, s3.connection);
  const manifest = await target.verifySnapshot(snapshotId);
  let text = "";
  for await (const chunk of await target.openFile(snapshotId, "grounding.jsonl")) text += chunk.toString();
  return { manifest, rows: text.split("\n").filter(Boolean).map((l) => SwiftGroundingRowSchema.parse(JSON.parse(l))) };
}

describe.each(PROVIDERS)("the export CLI on %s", (provider) => {
  it("writes a full snapshot into an S3 pool, then one with only what was verified since", async () => {
    const { db, url } = await freshDatabase(provider);
    const world = await exportWorld(db);
    const project = await db.project.findUniqueOrThrow({ where: { id: world.projectId } });
    const uri = `s3://pools/${provider}/${Date.now().toString(36)}/grounding`;
    await createPool(db, { userId: world.admin.user.id, projectId: world.projectId }, { name: "bucket", kind: "grounding", format: "swift_jsonl", targetType: "s3", targetUri: uri, imageMode: "copy" });
    const first = await verifiedSamples(world, 0, 3);

    const full = await verity(world, url, ["export", "--pool", "bucket", "--project", project.slug, "--json"]);
    const out = JSON.parse(full.stdout.trim().split("\n").at(-1)!) as { snapshotId: string; location: string; mode: string; rows: number };
    expect(out).toMatchObject({ mode: "full", rows: 3 });
    expect(out.location).toBe(`${uri}/snapshots/${out.snapshotId}`);
    expect(full.stderr).toContain(`as snapshot ${out.snapshotId}`);
    const written = await rowsOf(out.snapshotId, uri);
    expect(written.rows.map((r) => r.id).sort()).toEqual([...first].sort());
    expect(written.manifest.files.filter((f) => f.name.startsWith("images/"))).toHaveLength(1);
    expect(await poolTarget({ targetType: "s3", targetUri: uri }, s3.connection).readLatestSnapshotId()).toBe(out.snapshotId);

    const later = await verifiedSamples(world, 3, 2);
    const since = await verity(world, url, ["export", "--pool", "bucket", "--project", project.slug, "--since", "last"]);
    const snapshotId = /^snapshot (\S+)$/m.exec(since.stdout)![1]!;
    expect((await rowsOf(snapshotId, uri)).rows.map((r) => r.id).sort()).toEqual([...later].sort());
    expect(await db.job.count({ where: { kind: "export", status: "succeeded" } })).toBe(2);

    await expect(verity(world, url, ["export", "--pool", "nope", "--project", project.slug])).rejects.toMatchObject({ stderr: expect.stringContaining("No pool named nope") });
  });
});
