// `npm run verity -- pool create|list` and `export` as an operator runs them, on SQLite and
// PostgreSQL: a child process with the database's URL creates a grounding pool in an S3 bucket
// (s3rver on 127.0.0.1), refuses what the pools screen refuses with the same words, lists it,
// exports it in full and then again: the second snapshot is still the whole pool, its
// changes.jsonl what was verified since. The snapshots are read back from the bucket through
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
import { ChangeLineSchema, MsSwiftRowSchema } from "@/lib/exports/profiles/row-schemas";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { ingestImage } from "@/lib/media/ingest";

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
  const lines = async (name: string) => {
    let text = "";
    for await (const chunk of await target.openFile(snapshotId, name)) text += chunk.toString();
    return text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as unknown);
  };
  return { manifest, rows: (await lines("grounding.jsonl")).map((r) => MsSwiftRowSchema.parse(r)), changes: (await lines("changes.jsonl")).map((r) => ChangeLineSchema.parse(r)) };
}

describe.each(PROVIDERS)("the export CLI on %s", (provider) => {
  it("creates and lists an S3 pool, writes a full snapshot into it, then a whole pool again with what was verified since as its changes", async () => {
    const { db, url } = await freshDatabase(provider);
    const world = await exportWorld(db);
    const project = await db.project.findUniqueOrThrow({ where: { id: world.projectId } });
    const uri = `s3://pools/${provider}/${Date.now().toString(36)}/grounding`;
    const create = ["pool", "create", "--project", project.slug, "--name", "bucket", "--kind", "grounding", "--profile", "ms-swift", "--target", uri];
    // The screen's rules: verl cannot be handed relative paths, an unknown filter is named.
    await expect(verity(world, url, [...create, "--profile", "verl", "--images", "copy"])).rejects.toMatchObject({ stderr: expect.stringContaining("must be one of embed, absolute for the verl profile") });
    await expect(verity(world, url, [...create, "--filter", "colour=red"])).rejects.toMatchObject({ stderr: expect.stringContaining("unknown filter colour") });
    const created = await verity(world, url, [...create, "--images", "copy", "--convention", "rel1000", "--filter", "source=cli", "--json"]);
    expect(JSON.parse(created.stdout.trim().split("\n").at(-1)!)).toMatchObject({ name: "bucket", kind: "grounding", profile: "ms-swift", imageMode: "copy", target: uri, settings: { convention: "rel1000", filters: { source: ["cli"] } } });
    const listed = await verity(world, url, ["pool", "list", "--project", project.slug, "--json"]);
    expect(JSON.parse(listed.stdout.trim().split("\n").at(-1)!)).toMatchObject([{ name: "bucket", profile: "ms-swift", target: uri, style: { convention: "rel1000", target: "point", template: "ui-venus-1.5-grounding" }, filters: { source: ["cli"] }, latestSnapshotId: null }]);
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
    const second = await rowsOf(snapshotId, uri);
    expect(second.rows.map((r) => r.id).sort()).toEqual([...first, ...later].sort());
    expect(second.changes.map((c) => `${c.change} ${c.id}`).sort()).toEqual(later.map((id) => `added ${id}`).sort());
    expect(second.manifest).toMatchObject({ mode: "incremental", baseSnapshotId: out.snapshotId });
    expect(await db.job.count({ where: { kind: "export", status: "succeeded" } })).toBe(2);

    await expect(verity(world, url, ["export", "--pool", "nope", "--project", project.slug])).rejects.toMatchObject({ stderr: expect.stringContaining("No pool named nope") });
  }, 300_000);
});
