// TEMPORARY until lib/exports/targets/pool-targets.ts (helper H3) is merged: a local
// PoolTarget over the snapshot writer and reader already on main. Streamed content is
// gathered per file, since that writer takes whole buffers.
import type { Readable } from "node:stream";
import { createReadStream } from "node:fs";
import path from "node:path";
import { readLatestSnapshotId, readSnapshot } from "@/lib/exports/snapshot-reader";
import { snapshotsDir, writeSnapshot, type SnapshotFile } from "@/lib/exports/snapshot-writer";
import { readFile, readdir } from "node:fs/promises";
import { SnapshotManifestSchema } from "@/lib/exports/snapshot-manifest";
import type { PoolTarget, PoolTargetConfig, SnapshotFileContent, StreamedSnapshotFile } from "@/lib/exports/targets/pool-target";

async function gather(content: SnapshotFileContent): Promise<Buffer | string> {
  if (typeof content === "string" || Buffer.isBuffer(content)) return content;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* whole(files: Iterable<StreamedSnapshotFile> | AsyncIterable<StreamedSnapshotFile>): AsyncGenerator<SnapshotFile> {
  for await (const file of files) yield { name: file.name, content: await gather(file.content) };
}

export function localTestTarget(config: PoolTargetConfig): PoolTarget {
  const poolDir = config.targetUri;
  const manifestOf = async (id: string) => SnapshotManifestSchema.parse(JSON.parse(await readFile(path.join(snapshotsDir(poolDir), id, "manifest.json"), "utf8")));
  return {
    describe: () => `local:${poolDir}`,
    writeSnapshot: (input) => writeSnapshot({ ...input, poolDir, files: whole(input.files) }),
    readLatestSnapshotId: () => readLatestSnapshotId(poolDir),
    listSnapshotIds: async () => (await readdir(snapshotsDir(poolDir)).catch(() => [])).filter((n) => !n.startsWith(".")).sort(),
    verifySnapshot: async (id) => (await readSnapshot(poolDir, id)).manifest,
    readManifest: manifestOf,
    openFile: async (id, name): Promise<Readable> => {
      const manifest = await manifestOf(id);
      if (!manifest.files.some((f) => f.name === name)) throw new Error(`no file ${name}`);
      return createReadStream(path.join(snapshotsDir(poolDir), id, ...name.split("/")));
    },
  };
}
