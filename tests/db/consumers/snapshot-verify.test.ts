// Issue 36 item 7: `absolute` image mode silently tied a copied snapshot to the original's
// files. The manifest (provenance.imageRoot, imagePaths) and the README now say so, and
// `verity pool verify <snapshot-dir>` checks, from wherever the snapshot now is, that every file
// matches manifest.json and every image a row names exists with its sha256, naming the file and
// the rows. Exercised on real exports: a moved copy-mode snapshot (fine), a copied absolute-mode
// snapshot (fine while the original lives, then every image missing once it is gone, for
// ms-swift JSONL and verl parquet alike), a changed image and a missing one. The CLI itself runs
// once as a child process. (World: the consumer world, one SQLite database; files checked.)
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, cp, mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { snapshotVerifyText, verifySnapshotDir } from "@/lib/exports/snapshot-verify";
import { consumerWorld, exportPool, jsonLines, type ConsumerWorld, type Exported } from "./consumer-world";

const run = promisify(execFile);

let world: ConsumerWorld;
beforeAll(async () => {
  world = await consumerWorld();
}, 180_000);

async function writable(dir: string) {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
}

/** The snapshot moved (or copied) to a fresh directory elsewhere. */
async function relocate(s: Exported, how: "move" | "copy"): Promise<string> {
  const to = path.join(await mkdtemp(path.join(os.tmpdir(), "verity-relocated-")), path.basename(s.dir));
  if (how === "copy") await cp(s.dir, to, { recursive: true });
  else {
    await writable(s.dir);
    await rename(s.dir, to);
  }
  await writable(to);
  return to;
}

const rowsOf = (dir: string, file: string) => jsonLines(readFileSync(path.join(dir, file), "utf8")) as { id: string; images: string[] }[];

describe("verity pool verify <snapshot-dir>", () => {
  it("a moved copy-mode snapshot verifies where it now is: every file and every image its rows name", async () => {
    const s = await exportPool(world, { name: "verify-copy", kind: "grounding", profile: "ms-swift" });
    const moved = await relocate(s, "move");
    const report = await verifySnapshotDir(moved);
    expect(report.problems).toEqual([]);
    expect(report.outside.count).toBe(0);
    expect(report.rowsChecked).toBe(rowsOf(moved, "grounding.jsonl").length);
    expect(report.imagesChecked).toBeGreaterThan(0);
    expect(snapshotVerifyText(report)).toMatch(/^Snapshot \S+ at .*\nOK: every file matches manifest.json/);
  });

  it("an absolute-mode snapshot says it names the original's files, and a copy fails verification once they are gone, naming file and rows (JSONL and parquet)", async () => {
    for (const [name, profile, file] of [["verify-abs-swift", "ms-swift", "grounding.jsonl"], ["verify-abs-verl", "verl", "grounding.parquet"]] as const) {
      const s = await exportPool(world, { name, kind: "grounding", profile, imageMode: "absolute" });
      expect(s.manifest.provenance?.imageRoot).toBe(s.dir);
      expect(s.manifest.provenance?.imagePaths).toContain("a copied or moved snapshot still names, and reads, those original files");
      expect(s.text("README.md")).toContain("**The rows name that directory, not this one**");
      expect(s.text("README.md")).toContain("npm run verity -- pool verify $SNAPSHOT");

      const copy = await relocate(s, "copy");
      const whileOriginalLives = await verifySnapshotDir(copy);
      expect(whileOriginalLives.problems, name).toEqual([]);
      expect(whileOriginalLives.outside.roots).toEqual([s.dir]);

      await writable(s.dir);
      await rm(s.dir, { recursive: true });
      const report = await verifySnapshotDir(copy);
      expect(report.problems.length, name).toBe(report.imagesChecked);
      for (const p of report.problems) {
        expect(p.problem).toBe("missing");
        expect(p.file.startsWith(path.join(s.dir, "images"))).toBe(true);
        expect(p.rows.length).toBeGreaterThan(0);
        expect(p.rows[0]!.dataFile).toBe(file);
      }
      // Rows are named by their id (verl: extra_info.id).
      expect(snapshotVerifyText(report)).toMatch(new RegExp(`MISSING ${s.dir}/images/[0-9a-f]{64}\\.png: no such file \\(named by row \\S+ of ${file.replace(".", "\\.")}`));
    }
  });

  it("a changed image and a missing image in a copy-mode snapshot: each named, with the rows that name it", async () => {
    const s = await exportPool(world, { name: "verify-broken", kind: "grounding", profile: "ms-swift" });
    const dir = await relocate(s, "move");
    const rows = rowsOf(dir, "grounding.jsonl");
    const images = [...new Set(rows.flatMap((r) => r.images))];
    expect(images.length).toBeGreaterThanOrEqual(2);
    const [changed, missing] = images as [string, string];
    await writeFile(path.join(dir, changed), Buffer.from("not the screenshot"));
    await rm(path.join(dir, missing));
    const report = await verifySnapshotDir(dir);
    // One problem per file, against the manifest, with the rows that name it.
    const problemOf = (file: string) => report.problems.filter((p) => p.file === file);
    const rowsNaming = (file: string) => rows.filter((r) => r.images.includes(file));
    expect(problemOf(changed)).toEqual([expect.objectContaining({ problem: "changed", rowCount: rowsNaming(changed).length })]);
    expect(problemOf(missing)).toEqual([expect.objectContaining({ problem: "missing", rowCount: rowsNaming(missing).length })]);
    expect(problemOf(changed)[0]!.rows[0]).toEqual({ dataFile: "grounding.jsonl", rowId: rowsNaming(changed)[0]!.id });
    expect(report.problems).toHaveLength(2);

    // The CLI prints the same report and exits 1.
    const cli = await run("node", ["--conditions=react-server", "--import", "tsx", "bin/verity.ts", "pool", "verify", dir], { env: { ...process.env, VERITY_DATA_DIR: path.dirname(world.mediaDir) }, timeout: 120_000 }).then(
      () => ({ code: 0, stdout: "", stderr: "" }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`CHANGED ${changed}: sha256 `);
    expect(cli.stdout).toContain(`MISSING ${missing}: listed in manifest.json, not in the directory (named by row ${rowsNaming(missing)[0]!.id} of grounding.jsonl`);
    expect(cli.stdout).toContain("2 problems.");
    expect(cli.stderr).toContain("failed verification");
  });
});
