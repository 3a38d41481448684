// SPEC §9: "an export killed midway leaves no partial snapshot". A real process writing a
// snapshot is killed with SIGKILL while its second file streams; on both targets nothing is
// visible afterwards, and the next writes (the same id again, then another) succeed.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PoolTargetConfig } from "@/lib/exports/targets/pool-target";
import { poolTarget } from "@/lib/exports/targets/pool-targets";
import { createS3Client } from "@/lib/storage/s3-client";
import { startS3Server, type TestS3Server } from "../../support/s3-server";

let s3: TestS3Server;
let localRoot: string;
beforeAll(async () => {
  s3 = await startS3Server(["pools"]);
  localRoot = await mkdtemp(path.join(os.tmpdir(), "verity-pool-kill-"));
});
afterAll(async () => {
  await s3.stop();
  await rm(localRoot, { recursive: true, force: true });
});

async function killMidway(config: PoolTargetConfig, snapshotId: string): Promise<void> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/support/write-snapshot-until-killed.ts", config.targetType, config.targetUri, snapshotId], {
    cwd: path.resolve("."),
    env: { ...process.env, ...s3.env, CHECKPOINT_DISABLE: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("second file streaming")) resolve();
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", () => reject(new Error(`the writer ended before it was killed:\n${output}`)));
  });
  child.kill("SIGKILL");
  await once(child, "exit");
}

describe.each([
  ["local directory", () => ({ targetType: "local", targetUri: path.join(localRoot, randomBytes(6).toString("hex")) }) as PoolTargetConfig],
  ["S3 bucket", () => ({ targetType: "s3", targetUri: `s3://pools/killed/${randomBytes(6).toString("hex")}` }) as PoolTargetConfig],
])("a snapshot writer killed midway on a %s", (kind, makeConfig) => {
  it("leaves no visible snapshot, and the next writes succeed", { timeout: 60_000 }, async () => {
    const config = makeConfig();
    await killMidway(config, "2024-06-01T120000Z");

    const target = poolTarget(config, s3.connection);
    expect(await target.listSnapshotIds()).toEqual([]);
    expect(await target.readLatestSnapshotId()).toBeNull();
    await expect(target.readManifest("2024-06-01T120000Z")).rejects.toMatchObject({ code: "not_found" });
    await expect(target.openFile("2024-06-01T120000Z", "first.jsonl")).rejects.toMatchObject({ code: "not_found" });

    const retry = { manifest: () => ({ filters: {}, counts: {}, revisionIds: [], derivedWith: { derivationCode: 1, settings: {} }, overrideIds: [], verityVersion: "test", unverifiedIncluded: false }) };
    await target.writeSnapshot({ ...retry, snapshotId: "2024-06-01T120000Z", files: [{ name: "first.jsonl", content: "again\n" }] });
    await target.writeSnapshot({ ...retry, snapshotId: "2024-06-01T130000Z", files: [{ name: "rows.jsonl", content: "next\n" }] });
    expect(await target.listSnapshotIds()).toEqual(["2024-06-01T120000Z", "2024-06-01T130000Z"]);
    expect((await target.verifySnapshot("2024-06-01T120000Z")).files.map((f) => f.name)).toEqual(["first.jsonl"]);
    await target.verifySnapshot("2024-06-01T130000Z");
    expect(await target.readLatestSnapshotId()).toBe("2024-06-01T130000Z");

    // Nothing of the killed attempt is left behind once its id has been written whole.
    if (kind === "S3 bucket") {
      const prefix = config.targetUri.slice("s3://pools/".length);
      const listed = await createS3Client(s3.connection).send(new ListObjectsV2Command({ Bucket: "pools", Prefix: `${prefix}/` }));
      expect(listed.Contents?.map((o) => o.Key!.slice(prefix.length + 1)).sort()).toEqual([
        "latest",
        "snapshots/2024-06-01T120000Z/first.jsonl",
        "snapshots/2024-06-01T120000Z/manifest.json",
        "snapshots/2024-06-01T130000Z/manifest.json",
        "snapshots/2024-06-01T130000Z/rows.jsonl",
      ]);
    } else {
      expect((await readdir(path.join(config.targetUri, "snapshots"))).sort()).toEqual(["2024-06-01T120000Z", "2024-06-01T130000Z"]);
    }
  });
});
